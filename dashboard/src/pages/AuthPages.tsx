/** Signing up, logging in, waiting for the verification e-mail and resetting a forgotten password: the pages before the dashboard. */
import { useMutation, useQuery } from '@tanstack/react-query';
import { MaprError } from '@mapr/sdk';
import { type FormEvent, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { mapr, publicApi, read } from '../api/client';
import { queryKeys } from '../api/queries';
import { useSession } from '../auth';
import { ErrorNotice } from '../components/ErrorNotice';
import { CurrentPasswordField, Field, issueFor } from '../components/Field';

/** What mapr is, for someone who arrives at the log-in or sign-up page from a link. */
const PRODUCT_LEAD =
  'Map animation videos from a list of places: the route draws itself across a real map, a plane, ship or car travels it, and you get an MP4 to post or embed.';

function AuthFrame({ title, lead, children }: { title: string; lead?: string; children: React.ReactNode }) {
  useEffect(() => {
    document.title = `${title} · mapr`;
  }, [title]);
  return (
    <main className="auth-frame" id="main">
      <div className="auth-card">
        <p className="brand">
          <img src="/favicon.svg" alt="" width={32} height={32} /> <span>mapr</span>
        </p>
        {lead ? <p className="auth-lead">{lead}</p> : null}
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
  const state = location.state as { from?: string; notice?: string } | null;
  const from = state?.from ?? '/';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(undefined, { onSuccess: () => navigate(from, { replace: true }) });
  };

  return (
    <AuthFrame title="Log in" lead={PRODUCT_LEAD}>
      {state?.notice ? (
        <p className="notice notice-success" role="status">
          {state.notice}
        </p>
      ) : endedBecause ? (
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
        <CurrentPasswordField label="Password" error={issueFor(login.error, 'password')} value={password} onChange={setPassword} />
        <p className="auth-forgot">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
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
    <AuthFrame title="Create your account" lead={PRODUCT_LEAD}>
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

/** Asks for a reset link. The answer is the same whether or not the address has an account, and so is this page. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const request = useMutation({ mutationFn: () => publicApi().auth.forgotPassword(email) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate();
  };

  return (
    <AuthFrame title={request.isSuccess ? 'Check your inbox' : 'Reset your password'}>
      {request.isSuccess ? (
        <>
          <p role="status">
            If an account uses <strong>{email}</strong>, we sent it a link to choose a new password. The link works once, for{' '}
            {request.data.expires_in_hours === 1 ? 'an hour' : `${request.data.expires_in_hours} hours`}.
          </p>
          <p className="hint">Nothing arrived? Check your spam folder, or ask again in a few minutes.</p>
        </>
      ) : (
        <>
          <p className="lead">Enter the e-mail address of your account and we will send you a link to choose a new password.</p>
          <form onSubmit={submit} className="stack">
            <Field label="E-mail" error={issueFor(request.error, 'email')}>
              {(control) => (
                <input {...control} type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
              )}
            </Field>
            <ErrorNotice error={request.error} />
            <button type="submit" className="button button-primary" disabled={request.isPending}>
              {request.isPending ? 'Sending…' : 'Send the link'}
            </button>
          </form>
        </>
      )}
      <p className="auth-switch">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </AuthFrame>
  );
}

/** The token of the e-mailed link: it travels in the fragment (`/reset-password#token=…`), which no server ever sees. */
function tokenFromLink(): string {
  return new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
}

/** The page the e-mailed link opens: choose a new password, then log in with it. */
export function ResetPasswordPage() {
  const { session, logOut } = useSession();
  const navigate = useNavigate();
  const [token] = useState(tokenFromLink);
  const [password, setPassword] = useState('');
  const reset = useMutation({ mutationFn: () => publicApi().auth.resetPassword(token, password) });

  // The token has been read: keep it out of the address bar and the tab's history.
  useEffect(() => {
    if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate(undefined, {
      onSuccess: () => {
        const notice = 'Your password is changed and every earlier session has ended. Log in with your new password.';
        // A session open in this tab most likely was one of them; either way the login page (guests only) comes next.
        if (session) logOut(notice);
        navigate('/login', { replace: true, state: { notice } });
      },
    });
  };
  const linkUnusable = !token || (reset.error instanceof MaprError && reset.error.error_code === 'INVALID_RESET_TOKEN');

  return (
    <AuthFrame title="Choose a new password">
      {!token ? (
        <p className="notice notice-error" role="alert">
          This link is incomplete. Open the whole link from the e-mail, or ask for a new one.
        </p>
      ) : (
        <form onSubmit={submit} className="stack">
          <Field label="New password" hint="8 to 128 characters." error={issueFor(reset.error, 'password')}>
            {(control) => (
              <input
                {...control}
                type="password"
                autoComplete="new-password"
                required
                minLength={8}
                maxLength={128}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Field>
          <ErrorNotice error={reset.error} />
          <button type="submit" className="button button-primary" disabled={reset.isPending || linkUnusable}>
            {reset.isPending ? 'Saving…' : 'Set the new password'}
          </button>
        </form>
      )}
      <p className="auth-switch">
        {linkUnusable ? <Link to="/forgot-password">Ask for a new link</Link> : <Link to="/login">Back to log in</Link>}
      </p>
    </AuthFrame>
  );
}
