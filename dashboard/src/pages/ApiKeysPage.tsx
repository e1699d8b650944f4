import { MaprError } from '@mapr/sdk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { mapr, read } from '../api/client';
import { queryKeys, useAccount } from '../api/queries';
import type { ApiKey, CreatedApiKey } from '../api/types';
import { ConfirmItsYou, needsReauthentication } from '../components/ConfirmItsYou';
import { ConfirmStep } from '../components/ConfirmStep';
import { CopyButton } from '../components/CopyButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { CurrentPasswordField, Field, issueFor } from '../components/Field';
import { EmptyState, Loading, PageHeader } from '../components/Page';
import { RelativeTime } from '../components/RelativeTime';

const MODES = [
  { value: 'live', title: 'Live', hint: 'Real renders, counted against your monthly quota.' },
  { value: 'test', title: 'Test (sandbox)', hint: 'Watermarked renders at up to 720p that never count. For building and CI.' },
] as const;

/** The key just made, shown once: it lives in this component's state only and is gone on leaving the page. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="secret-panel" aria-labelledby="new-key-heading">
      <h2 id="new-key-heading" ref={heading} tabIndex={-1}>
        Your new {created.mode === 'test' ? 'test' : 'live'} key “{created.name}”
      </h2>
      <p className="notice-message">
        <strong>Copy it now: you will not see it again.</strong> mapr keeps only a hash of it. If you lose it, revoke it and make a new one.
      </p>
      <div className="secret">
        <code aria-label="API key">{created.key}</code>
        <CopyButton text={created.key} label="Copy key" />
      </div>
      <p className="hint">
        Send it as <code>Authorization: Bearer {created.prefix}…</code> on every request.
      </p>
      <div className="row" style={{ marginTop: '0.75rem' }}>
        <button type="button" className="button button-secondary" onClick={onDone}>
          I have copied it
        </button>
      </div>
    </section>
  );
}

/** In place of the form until the address is verified: the API makes keys for verified addresses only (403 EMAIL_NOT_VERIFIED). */
function VerifyFirst({ email, onVerified }: { email: string; onVerified: () => void }) {
  return (
    <section className="card" aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">Create a key</h2>
      <p className="notice notice-warning" role="status">
        Verify your e-mail address first: keys are made for verified addresses only, so that nobody can hold keys to an account for an
        address that is not theirs. Open the link we sent to <strong>{email}</strong>, then come back here.
      </p>
      <div className="row" style={{ marginTop: '0.75rem' }}>
        <button type="button" className="button button-secondary" onClick={onVerified}>
          I have opened the link
        </button>
      </div>
    </section>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [mode, setMode] = useState<'live' | 'test'>('live');
  const [password, setPassword] = useState('');
  const create = useMutation({
    mutationFn: () => mapr().apiKeys.create({ name: name.trim(), mode, ...(password ? { password } : {}) }),
    onSuccess: (key) => {
      setName('');
      setPassword('');
      onCreated(key);
      void queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys });
    },
  });
  const needsPassword = create.error instanceof MaprError && create.error.error_code === 'REAUTHENTICATION_REQUIRED';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  return (
    <section className="card" aria-labelledby="create-key-heading">
      <h2 id="create-key-heading">Create a key</h2>
      <form className="stack" onSubmit={submit}>
        <Field
          label="Name"
          hint="What uses it, e.g. “Production server” or “CI”. Up to 60 characters."
          error={issueFor(create.error, 'name')}
        >
          {(control) => <input {...control} required maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />}
        </Field>
        <fieldset>
          <legend>Mode</legend>
          <div className="radio-cards">
            {MODES.map((option) => (
              <label key={option.value} className="radio-card">
                <input
                  type="radio"
                  name="mode"
                  value={option.value}
                  checked={mode === option.value}
                  onChange={() => setMode(option.value)}
                />
                <span>
                  <strong>{option.title}</strong>
                  <span className="hint">{option.hint}</span>
                </span>
              </label>
            ))}
          </div>
          {issueFor(create.error, 'mode') ? <p className="field-error">{issueFor(create.error, 'mode')}</p> : null}
        </fieldset>
        {/* A session more than an hour old proves it is still its owner's before it mints a permanent key. */}
        {needsPassword || password ? (
          <CurrentPasswordField
            label="Your password"
            hint="You logged in more than an hour ago: confirm it is you before a new key is made."
            error={needsPassword && password ? create.error?.message : undefined}
            value={password}
            onChange={setPassword}
          />
        ) : null}
        {needsPassword ? null : <ErrorNotice error={create.error} title="The key was not created" />}
        <div>
          <button type="submit" className="button button-primary" disabled={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create key'}
          </button>
        </div>
      </form>
    </section>
  );
}

function KeyRow({ apiKey }: { apiKey: ApiKey }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: () => mapr().apiKeys.revoke(apiKey.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.apiKeys }),
  });
  const revoked = apiKey.revoked_at !== null;
  return (
    <tr className={revoked ? 'is-revoked' : undefined}>
      <td data-label="Name">
        <strong>{apiKey.name}</strong>
      </td>
      <td data-label="Mode">
        <span className={`mode-${apiKey.mode}`}>{apiKey.mode}</span>
      </td>
      <td data-label="Key">
        <code className="nowrap">
          {apiKey.prefix}…{apiKey.last4}
        </code>
      </td>
      <td data-label="Created" className="nowrap">
        <RelativeTime iso={apiKey.created_at} />
      </td>
      <td data-label="Last used" className="nowrap">
        {apiKey.last_used_at ? <RelativeTime iso={apiKey.last_used_at} /> : 'Never'}
      </td>
      <td data-label="Status">
        {revoked ? (
          <span className="badge badge-cancelled">
            Revoked <RelativeTime iso={apiKey.revoked_at} />
          </span>
        ) : (
          <span className="badge badge-complete">Active</span>
        )}
      </td>
      <td className="cell-actions">
        {revoked ? null : (
          <ConfirmStep
            label="Revoke"
            small
            title={`Revoke “${apiKey.name}”?`}
            confirmLabel="Revoke key"
            cancelLabel="Keep it"
            pending={revoke.isPending}
            pendingLabel="Revoking…"
            onConfirm={() => revoke.mutate()}
          >
            <p>
              Requests made with{' '}
              <code>
                {apiKey.prefix}…{apiKey.last4}
              </code>{' '}
              are refused from now on. This cannot be undone.
            </p>
          </ConfirmStep>
        )}
        {/* A session over an hour old logs in again before it revokes; then the revocation runs. */}
        {needsReauthentication(revoke.error) ? (
          <ConfirmItsYou action={`revoke “${apiKey.name}”`} onConfirmed={() => revoke.mutate()} />
        ) : (
          <ErrorNotice error={revoke.error} />
        )}
      </td>
    </tr>
  );
}

/** Create keys (live or sandbox), see when each was last used, and revoke them. */
export default function ApiKeysPage() {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const account = useAccount();
  const keys = useQuery({
    queryKey: queryKeys.apiKeys,
    queryFn: ({ signal }) => read((api) => api.apiKeys.list({ signal })),
  });
  const active = keys.data?.filter((k) => k.revoked_at === null) ?? [];
  const revoked = keys.data?.filter((k) => k.revoked_at !== null) ?? [];

  return (
    <>
      <PageHeader
        title="API keys"
        lead={
          <>
            Keys let your code call the API. Live keys share your plan’s request rate with this dashboard; test keys have a rate of their
            own, the same size. See the <a href="/docs">API reference</a>.
          </>
        }
      />
      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
      {account.data && !account.data.emailVerified ? (
        <VerifyFirst email={account.data.email} onVerified={() => void account.refetch()} />
      ) : (
        <CreateKeyForm onCreated={setCreated} />
      )}
      <section className="card" aria-labelledby="keys-heading">
        <h2 id="keys-heading">Your keys</h2>
        <ErrorNotice error={keys.error} />
        {keys.isPending ? <Loading what="Loading keys" /> : null}
        {keys.data && keys.data.length === 0 ? <EmptyState>No keys yet. Create one above; it is shown once.</EmptyState> : null}
        {keys.data && keys.data.length > 0 ? (
          <div className="table-wrap">
            <table className="table-stack">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Mode</th>
                  <th scope="col">Key</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last used</th>
                  <th scope="col">Status</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...active, ...revoked].map((apiKey) => (
                  <KeyRow key={apiKey.id} apiKey={apiKey} />
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </>
  );
}
