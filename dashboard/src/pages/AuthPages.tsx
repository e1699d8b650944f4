/** Signing up, logging in and waiting for the verification e-mail: the pages before the dashboard. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { mapr, publicApi, read } from '../api/client';
import { queryKeys } from '../api/queries';
import { useSession } from '../auth';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field, issueFor } from '../components/Field';

function AuthFrame({ title, children }: { title: string; children: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} · mapr`;
  }, [title]);
  return (
    <main className="auth-frame" id="main">
      <div className="auth-card">
        <p className="brand">
          <img src="/favicon.svg" alt="" width={32} height={32} /> <span>mapr</span>
        </p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}

export function LoginPage() {
  const { logIn, endedBecause } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const login = useMutation({ mutationFn: () => logIn(email, password) });
  const from = (location.state as { from?: string } | null)?.from ?? '/';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(undefined, { onSuccess: () => navigate(from, { replace: true }) });
  };

  return (
    <AuthFrame title="Log in">
      {endedBecause ? (
        <p className="notice notice-info" role="status">
          {endedBecause}
        </p>
      ) : null}
      <form onSubmit={submit} className="stack">
        <Field label="E-mail" error={issueFor(login.error, 'email')}>
          {(control) => (
            <input {...control} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
          )}
        </Field>
        <Field label="Password" error={issueFor(login.error, 'password')}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        <ErrorNotice error={login.error} />
        <button type="submit" className="button button-primary" disabled={login.isPending}>
          {login.isPending ? 'Logging in…' : 'Log in'}
        </button>
      </form>
      <p className="auth-switch">
        New to mapr? <Link to="/signup">Create an account</Link>
      </p>
    </AuthFrame>
  );
}

export function SignupPage() {
  const { logIn } = useSession();
  const navigate = useNavigate();
  const [form, setForm] = useState({ name: '', email: '', password: '' });
  const signup = useMutation({
    mutationFn: async () => {
      await publicApi().auth.register(form);
      // Logged in straight away: an unverified account may use the dashboard (and resend the e-mail).
      await logIn(form.email, form.password);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signup.mutate(undefined, { onSuccess: () => navigate('/verify-pending', { replace: true }) });
  };
  const set = (name: keyof typeof form) => (event: React.ChangeEvent<HTMLInputElement>) => setForm({ ...form, [name]: event.target.value });

  return (
    <AuthFrame title="Create your account">
      <p className="lead">Start on the Free plan: no card needed. Preview as much as you like; only rendered videos count.</p>
      <form onSubmit={submit} className="stack">
        <Field label="Name" error={issueFor(signup.error, 'name')}>
          {(control) => <input {...control} autoComplete="name" required maxLength={100} value={form.name} onChange={set('name')} />}
        </Field>
        <Field label="E-mail" error={issueFor(signup.error, 'email')}>
          {(control) => <input {...control} type="email" autoComplete="email" required value={form.email} onChange={set('email')} />}
        </Field>
        <Field label="Password" hint="8 to 128 characters." error={issueFor(signup.error, 'password')}>
          {(control) => (
            <input
              {...control}
              type="password"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              value={form.password}
              onChange={set('password')}
            />
          )}
        </Field>
        <ErrorNotice error={signup.error} />
        <button type="submit" className="button button-primary" disabled={signup.isPending}>
          {signup.isPending ? 'Creating your account…' : 'Create account'}
        </button>
      </form>
      <p className="auth-switch">
        Already have an account? <Link to="/login">Log in</Link>
      </p>
    </AuthFrame>
  );
}

/** After signing up: the e-mail is on its way; the page notices by itself when the link has been opened. */
export function VerifyPendingPage() {
  const navigate = useNavigate();
  const account = useQuery({
    queryKey: queryKeys.account,
    queryFn: ({ signal }) => read((api) => api.account.get({ signal }), { signal, background: true }),
    staleTime: 60_000,
    refetchInterval: (query) => (query.state.data?.emailVerified ? false : 10_000),
  });
  const resend = useMutation({
    mutationFn: () => mapr().auth.resendVerification(),
  });
  const verified = account.data?.emailVerified === true;

  return (
    <AuthFrame title={verified ? 'E-mail verified' : 'Check your inbox'}>
      {verified ? (
        <>
          <p role="status">Your e-mail address is verified. You can render now.</p>
          <button type="button" className="button button-primary" onClick={() => navigate('/render/new')}>
            Make your first video
          </button>
        </>
      ) : (
        <>
          <p>
            We sent a verification link to <strong>{account.data?.email ?? 'your e-mail address'}</strong>. Open it to start rendering; this
            page moves on by itself once you have.
          </p>
          <p className="hint">Until then you can look around, create API keys and preview renders.</p>
          <div className="stack">
            <button type="button" className="button button-secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
              {resend.isPending ? 'Sending…' : 'Send the link again'}
            </button>
            <button type="button" className="button button-primary" onClick={() => account.refetch()} disabled={account.isFetching}>
              I have opened the link
            </button>
            {resend.data ? <p role="status">{resend.data.message}</p> : null}
            <ErrorNotice error={resend.error ?? account.error} />
            <Link to="/">Continue to the dashboard</Link>
          </div>
        </>
      )}
    </AuthFrame>
  );
}
