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
 * The signing secret, hidden until asked for. Revealed or rotated, it is kept in this component's
 * state only (never in the query cache or storage) and is gone once the page is left or "Hide" is pressed.
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
      <h2 id="secret-heading">Signing secret</h2>
      <p className="hint">
        Every webhook is signed with this secret so your receiver can tell it comes from mapr. Keep it on your server only.
      </p>
      {shown ? (
        <>
          {rotated ? (
            <p className="notice notice-success" role="status">
              New secret created. Update your receiver: copy it now.
            </p>
          ) : null}
          <div className="secret" style={{ margin: '0.75rem 0' }}>
            <code aria-label="Webhook signing secret">{shown.secret}</code>
            <CopyButton text={shown.secret} label="Copy secret" />
          </div>
          <dl className="facts">
            <dt>Created</dt>
            <dd>{formatDateTime(shown.created_at)}</dd>
            <dt>Previous secret</dt>
            <dd>
              {shown.previous_secret_expires_at ? (
                <>
                  still signs alongside until {formatDateTime(shown.previous_secret_expires_at)} (
                  <RelativeTime iso={shown.previous_secret_expires_at} />)
                </>
              ) : (
                'none in use'
              )}
            </dd>
          </dl>
        </>
      ) : (
        <p className="secret" style={{ margin: '0.75rem 0' }}>
          <code aria-label="Webhook signing secret, hidden">whsec_••••••••••••••••••••••••</code>
        </p>
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
          title="Rotate the signing secret?"
          confirmLabel="Rotate secret"
          pending={rotate.isPending}
          pendingLabel="Rotating…"
          onConfirm={() => rotate.mutate()}
        >
          <p>A new secret signs every webhook from now on. The current one keeps signing alongside it for 24 hours, then stops.</p>
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
      <PageHeader title="Webhooks" lead="mapr calls your webhook_url when a render or a batch ends, signed with your account’s secret." />
      <SigningSecretCard />
      <DeliveriesCard />
    </>
  );
}
