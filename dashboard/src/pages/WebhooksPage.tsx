import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { mapr } from '../api/client';
import type { SigningSecret } from '../api/types';
import { ConfirmItsYou, needsReauthentication } from '../components/ConfirmItsYou';
import { ConfirmStep } from '../components/ConfirmStep';
import { DeliveryList } from '../components/DeliveryList';
import { CopyButton } from '../components/CopyButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field } from '../components/Field';
import { PageHeader } from '../components/Page';
import { formatDateTime } from '../format';
import { RelativeTime } from '../components/RelativeTime';

/**
 * The signing secrets (live work's and sandbox work's), hidden until asked for. Revealed or rotated, they are kept in
 * this component's state only (never in the query cache or storage) and are gone once the page is left or "Hide" is
 * pressed.
 */
function SigningSecretCard() {
  const [shown, setShown] = useState<SigningSecret | null>(null);
  const [rotated, setRotated] = useState(false);
  const reveal = useMutation({
    mutationFn: () => mapr().webhooks.secret(),
    onSuccess: (secret) => {
      setShown(secret);
      setRotated(false);
    },
  });
  const rotate = useMutation({
    mutationFn: () => mapr().webhooks.rotateSecret(),
    onSuccess: (secret) => {
      setShown(secret);
      setRotated(true);
    },
  });

  return (
    <section className="card" aria-labelledby="secret-heading">
      <h2 id="secret-heading">Signing secrets</h2>
      <p className="hint">
        Every webhook is signed so your receiver can tell it comes from mapr: live work with the signing secret, sandbox work (renders of{' '}
        <code>mapr_test_</code> keys) with the sandbox secret, never the other way round. Keep them on your server only.
      </p>
      {shown ? (
        <>
          {rotated ? (
            <p className="notice notice-success" role="status">
              New secrets created. Update your receiver: copy them now.
            </p>
          ) : null}
          <div className="secret" style={{ margin: '0.75rem 0' }}>
            <code aria-label="Webhook signing secret">{shown.secret}</code>
            <CopyButton text={shown.secret} label="Copy secret" />
          </div>
          <p className="hint">Sandbox secret: signs the webhooks of sandbox work only. A receiver for live work does not need it.</p>
          <div className="secret" style={{ margin: '0.75rem 0' }}>
            <code aria-label="Sandbox signing secret">{shown.sandbox_secret}</code>
            <CopyButton text={shown.sandbox_secret} label="Copy sandbox secret" />
          </div>
          <dl className="facts">
            <dt>Created</dt>
            <dd>{formatDateTime(shown.created_at)}</dd>
            <dt>Previous secrets</dt>
            <dd>
              {shown.previous_secret_expires_at ? (
                <>
                  still sign alongside, each for its own work, until {formatDateTime(shown.previous_secret_expires_at)} (
                  <RelativeTime iso={shown.previous_secret_expires_at} />)
                </>
              ) : (
                'none in use'
              )}
            </dd>
          </dl>
        </>
      ) : (
        <>
          <p className="secret" style={{ margin: '0.75rem 0' }}>
            <code aria-label="Webhook signing secret, hidden">whsec_••••••••••••••••••••••••</code>
          </p>
          <p className="secret" style={{ margin: '0.75rem 0' }}>
            <code aria-label="Sandbox signing secret, hidden">whsec_••••••••••••••••••••••••</code>
          </p>
        </>
      )}
      <div className="row" style={{ marginTop: '0.75rem' }}>
        {shown ? (
          <button type="button" className="button button-secondary" onClick={() => setShown(null)}>
            Hide
          </button>
        ) : (
          <button type="button" className="button button-secondary" onClick={() => reveal.mutate()} disabled={reveal.isPending}>
            {reveal.isPending ? 'Revealing…' : 'Reveal'}
          </button>
        )}
        <ConfirmStep
          label="Rotate"
          title="Rotate the signing secrets?"
          confirmLabel="Rotate secrets"
          pending={rotate.isPending}
          pendingLabel="Rotating…"
          onConfirm={() => rotate.mutate()}
        >
          <p>
            New secrets, live and sandbox, sign every webhook from now on. The current ones keep signing alongside them for 24 hours, then
            stop.
          </p>
          <p>Update your receiver within that time.</p>
        </ConfirmStep>
      </div>
      {/* A session over an hour old logs in again before it reads or rotates the secret; then the same action runs. */}
      {needsReauthentication(reveal.error) ? <ConfirmItsYou action="see the signing secret" onConfirmed={() => reveal.mutate()} /> : null}
      {needsReauthentication(rotate.error) ? (
        <ConfirmItsYou action="rotate the signing secret" onConfirmed={() => rotate.mutate()} />
      ) : null}
      {[reveal.error, rotate.error].some(needsReauthentication) ? null : <ErrorNotice error={reveal.error ?? rotate.error} />}
      <details className="attempts">
        <summary>How to verify a webhook</summary>
        <ol>
          <li>
            Read the raw request body as bytes, before any JSON parsing, and the <code>X-Service-Signature</code> header (
            <code>sha256=&lt;hex&gt;</code>).
          </li>
          <li>Compute HMAC-SHA256 of those bytes with this secret, hex-encode it, and compare in constant time.</li>
          <li>
            For replay protection use <code>X-Service-Signature-V2</code> (<code>t=&lt;ts&gt;,v1=&lt;hex&gt;</code>, the HMAC of{' '}
            <code>&lt;ts&gt;.&lt;body&gt;</code>), reject old timestamps, and accept any <code>v1=</code> entry: during a rotation there are
            two.
          </li>
          <li>
            Drop repeated deliveries by <code>webhook-id</code>, after checking <code>webhook-signature</code> (Standard Webhooks), the one
            signature that covers it; <code>X-Service-Delivery</code> is covered by none.
          </li>
          <li>
            Check sandbox work with the sandbox secret, and only as sandbox work: its payloads say <code>&quot;sandbox&quot;: true</code>.
          </li>
        </ol>
        <p className="hint">
          Details and the event payloads are in the <a href="/docs">API reference</a>.
        </p>
      </details>
    </section>
  );
}

/** A job or batch id typed by the user, as the deliveries filter the API takes. */
function filterFor(id: string): { job_id?: string; batch_id?: string } {
  const value = id.trim();
  if (!value) return {};
  return value.startsWith('batch_') ? { batch_id: value } : { job_id: value };
}

function DeliveriesCard() {
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState<{ job_id?: string; batch_id?: string }>({});
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(filterFor(draft));
  };
  const filtered = Boolean(filter.job_id ?? filter.batch_id);

  return (
    <section className="card" aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">Recent deliveries</h2>
      <p className="hint">
        The latest 100 webhooks sent for your renders and batches. Failed attempts are retried after 30 s, 2 min, 10 min and 1 h.
      </p>
      <form className="filter-form" onSubmit={apply} role="search">
        <Field label="Job or batch id">
          {(control) => <input {...control} placeholder="job_… or batch_…" value={draft} onChange={(e) => setDraft(e.target.value)} />}
        </Field>
        <button type="submit" className="button button-secondary">
          Filter
        </button>
        {filtered ? (
          <button
            type="button"
            className="button button-link"
            onClick={() => {
              setDraft('');
              setFilter({});
            }}
          >
            Show all
          </button>
        ) : null}
      </form>
      <DeliveryList
        filter={filter}
        empty={
          filtered
            ? 'No webhooks for that id.'
            : 'No webhooks sent yet. Give a webhook_url with a render or a batch and mapr calls it when the work ends.'
        }
      />
    </section>
  );
}

/** The webhook signing secret (reveal, rotate) and the log of deliveries with their attempts. */
export default function WebhooksPage() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        lead="mapr calls your webhook_url when a render or a batch ends, signed with your account’s secret (its sandbox secret for sandbox work)."
      />
      <SigningSecretCard />
      <DeliveriesCard />
    </>
  );
}
