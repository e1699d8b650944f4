import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../api/client';
import { listKeys, queryKeys } from '../api/queries';
import type { Delivery, DeliveryList, SigningSecret } from '../api/types';
import { ConfirmStep } from '../components/ConfirmStep';
import { CopyButton } from '../components/CopyButton';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field } from '../components/Field';
import { EmptyState, Loading, PageHeader } from '../components/Page';
import { StatusBadge } from '../components/StatusBadge';
import { formatDateTime, formatRelative } from '../format';

/** Deliveries due this soon are worth watching; an hour-long retry wait is not worth a poll every few seconds. */
const WATCH_WINDOW_MS = 2 * 60 * 1000;
const POLL_MS = 5000;
const REDELIVERY_CHECK_MS = 4000;

/**
 * The signing secret, hidden until asked for. Revealed or rotated, it is kept in this component's
 * state only (never in the query cache or storage) and is gone once the page is left or "Hide" is pressed.
 */
function SigningSecretCard() {
  const [shown, setShown] = useState<SigningSecret | null>(null);
  const [rotated, setRotated] = useState(false);
  const reveal = useMutation({
    mutationFn: () => api<SigningSecret>('GET', '/v1/webhooks/secret'),
    onSuccess: (secret) => {
      setShown(secret);
      setRotated(false);
    },
  });
  const rotate = useMutation({
    mutationFn: () => api<SigningSecret>('POST', '/v1/webhooks/secret/rotate'),
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
                  {formatRelative(shown.previous_secret_expires_at)})
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
      <ErrorNotice error={reveal.error ?? rotate.error} />
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

function lastAttempt(delivery: Delivery) {
  return delivery.attempts.length > 0 ? delivery.attempts[delivery.attempts.length - 1] : undefined;
}

function DeliveryItem({ delivery }: { delivery: Delivery }) {
  const queryClient = useQueryClient();
  const redeliver = useMutation({
    mutationFn: () => api<Delivery>('POST', `/v1/webhooks/deliveries/${encodeURIComponent(delivery.id)}/redeliver`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listKeys.deliveries }),
    // The new attempt goes out within seconds; one more read then shows it, without polling a delivered one.
    onSuccess: () => window.setTimeout(() => void queryClient.invalidateQueries({ queryKey: listKeys.deliveries }), REDELIVERY_CHECK_MS),
  });
  const last = lastAttempt(delivery);
  return (
    <li className="delivery">
      <div className="delivery-head">
        <span className="delivery-event">{delivery.event}</span>
        <StatusBadge status={delivery.status} />
        {delivery.job_id ? (
          <Link to={`/renders/${delivery.job_id}`}>
            <code>{delivery.job_id}</code>
          </Link>
        ) : null}
        {delivery.batch_id ? (
          <Link to={`/batches/${delivery.batch_id}`}>
            <code>{delivery.batch_id}</code>
          </Link>
        ) : null}
        <span className="delivery-actions">
          <button
            type="button"
            className="button button-secondary button-small"
            onClick={() => redeliver.mutate()}
            disabled={redeliver.isPending}
          >
            {redeliver.isPending ? 'Queuing…' : 'Redeliver'}
          </button>
        </span>
      </div>
      <code className="delivery-url">{delivery.url}</code>
      <ul className="delivery-facts">
        <li>
          {delivery.attempt_count} {delivery.attempt_count === 1 ? 'attempt' : 'attempts'}
        </li>
        <li>Last answer: {last ? (last.status_code ?? last.error_kind ?? '—') : 'not tried yet'}</li>
        <li>
          Created <span title={formatDateTime(delivery.created_at)}>{formatRelative(delivery.created_at)}</span>
        </li>
        {delivery.delivered_at ? (
          <li>
            Delivered <span title={formatDateTime(delivery.delivered_at)}>{formatRelative(delivery.delivered_at)}</span>
          </li>
        ) : null}
        {delivery.status === 'pending' && delivery.next_attempt_at ? (
          <li>
            Next try <span title={formatDateTime(delivery.next_attempt_at)}>{formatRelative(delivery.next_attempt_at)}</span>
          </li>
        ) : null}
      </ul>
      {redeliver.data ? (
        <p className="hint" role="status">
          Queued: a new attempt goes out now.
        </p>
      ) : null}
      <ErrorNotice error={redeliver.error} />
      {delivery.attempts.length > 0 ? (
        <details className="attempts">
          <summary>Attempt history ({delivery.attempts.length})</summary>
          <div className="table-wrap">
            <table className="table-stack">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">When</th>
                  <th scope="col">Trigger</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Answer</th>
                  <th scope="col">Time</th>
                </tr>
              </thead>
              <tbody>
                {delivery.attempts.map((attempt) => (
                  <tr key={attempt.attempt}>
                    <td data-label="Attempt">{attempt.attempt}</td>
                    <td data-label="When">{formatDateTime(attempt.at)}</td>
                    <td data-label="Trigger">{attempt.trigger}</td>
                    <td data-label="Outcome">
                      <StatusBadge status={attempt.outcome} />
                    </td>
                    <td data-label="Answer">
                      {attempt.status_code ?? attempt.error_kind ?? '—'}
                      {attempt.status_code == null && attempt.error_message ? <span className="hint"> {attempt.error_message}</span> : null}
                      {attempt.response_excerpt ? (
                        <code className="muted" title="Start of the response body">
                          {' '}
                          {attempt.response_excerpt.slice(0, 120)}
                        </code>
                      ) : null}
                    </td>
                    <td data-label="Latency">{attempt.latency_ms == null ? '—' : `${attempt.latency_ms} ms`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </li>
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
  const deliveries = useQuery({
    queryKey: queryKeys.deliveries(filter),
    queryFn: ({ signal }) => api<DeliveryList>('GET', '/v1/webhooks/deliveries', { query: filter, signal, background: true }),
    // Watch only while an attempt is due soon (a redelivery, an early retry).
    refetchInterval: (query) =>
      query.state.data?.deliveries.some(
        (d) => d.status === 'pending' && (!d.next_attempt_at || new Date(d.next_attempt_at).getTime() - Date.now() < WATCH_WINDOW_MS),
      )
        ? POLL_MS
        : false,
  });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter(filterFor(draft));
  };
  const filtered = Boolean(filter.job_id ?? filter.batch_id);

  return (
    <section className="card" aria-labelledby="deliveries-heading">
      <div className="card-header">
        <h2 id="deliveries-heading">Recent deliveries</h2>
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => deliveries.refetch()}
          disabled={deliveries.isFetching}
        >
          {deliveries.isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
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
      <ErrorNotice error={deliveries.error} />
      {deliveries.isPending ? <Loading what="Loading deliveries" /> : null}
      {deliveries.data && deliveries.data.deliveries.length === 0 ? (
        <EmptyState>
          {filtered
            ? 'No webhooks for that id.'
            : 'No webhooks sent yet. Give a webhook_url with a render or a batch and mapr calls it when the work ends.'}
        </EmptyState>
      ) : null}
      {deliveries.data && deliveries.data.deliveries.length > 0 ? (
        <ul className="deliveries">
          {deliveries.data.deliveries.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      ) : null}
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
