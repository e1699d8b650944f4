/**
 * Webhook deliveries (GET /v1/webhooks/deliveries), all of the account's or one job's or batch's: each
 * with its attempts and a button that sends it again now (POST …/redeliver). Used by the job page and
 * the webhooks page.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { mapr, read } from '../api/client';
import { listKeys, queryKeys } from '../api/queries';
import type { WebhookDelivery } from '../api/types';
import { formatDateTime } from '../format';
import { ErrorNotice } from './ErrorNotice';
import { EmptyState, Loading } from './Page';
import { StatusBadge } from './StatusBadge';
import { RelativeTime } from './RelativeTime';

const POLL_MS = 4000;
/** A pending delivery whose next try is this close is watched; later ones are not polled for. */
const DUE_SOON_MS = 2 * 60 * 1000;
/** After a redelivery, how long the list is polled for its new attempt to show. */
const REDELIVERY_WATCH_MS = 30_000;

export function DeliveryList({ filter, empty }: { filter: { job_id?: string; batch_id?: string }; empty: string }) {
  const key = queryKeys.deliveries(filter);
  // Set by a redelivery: poll until its attempt shows or the watch ends.
  const [watch, setWatch] = useState<{ id: string; attempts: number; until: number } | null>(null);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => read((api) => api.webhooks.deliveries(filter, { signal }), { signal, background: true }),
    refetchInterval: (query) => {
      const deliveries = query.state.data ?? [];
      const redelivering =
        watch !== null && Date.now() < watch.until && !deliveries.some((d) => d.id === watch.id && d.attempt_count > watch.attempts);
      const dueSoon = deliveries.some(
        (d) => d.status === 'pending' && (!d.next_attempt_at || new Date(d.next_attempt_at).getTime() - Date.now() < DUE_SOON_MS),
      );
      return redelivering || dueSoon ? POLL_MS : false;
    },
  });

  return (
    <div>
      <div className="row deliveries-toolbar">
        <button
          type="button"
          className="button button-secondary button-small"
          onClick={() => void list.refetch()}
          disabled={list.isFetching}
        >
          {list.isFetching && list.data ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <ErrorNotice error={list.error} />
      {list.isPending ? <Loading what="Loading deliveries" /> : null}
      {list.data && list.data.length === 0 ? <EmptyState>{empty}</EmptyState> : null}
      {list.data && list.data.length > 0 ? (
        <ul className="deliveries">
          {list.data.map((delivery) => (
            <DeliveryItem
              key={delivery.id}
              delivery={delivery}
              onRedelivered={() => setWatch({ id: delivery.id, attempts: delivery.attempt_count, until: Date.now() + REDELIVERY_WATCH_MS })}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function lastAttempt(delivery: WebhookDelivery) {
  return delivery.attempts.length > 0 ? delivery.attempts[delivery.attempts.length - 1] : undefined;
}

function DeliveryItem({ delivery, onRedelivered }: { delivery: WebhookDelivery; onRedelivered: () => void }) {
  const queryClient = useQueryClient();
  const redeliver = useMutation({
    mutationFn: () => mapr().webhooks.redeliver(delivery.id),
    onSuccess: () => {
      onRedelivered();
      void queryClient.invalidateQueries({ queryKey: listKeys.deliveries });
    },
  });
  const last = lastAttempt(delivery);
  // A pending delivery that has been tried already is waiting to try again, not waiting for its first try.
  const status = delivery.status === 'pending' && last ? 'retrying' : delivery.status;
  // The redelivery's note stays until its attempt shows in the list.
  const [redeliveredAt, setRedeliveredAt] = useState<number | null>(null);
  return (
    <li className="delivery">
      <div className="delivery-head">
        <span className="delivery-event">{delivery.event}</span>
        <StatusBadge status={status} />
        {delivery.sandbox ? (
          <span className="badge badge-sandbox" title="A delivery of sandbox work (a job or batch made with a test key)">
            Test
          </span>
        ) : null}
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
            onClick={() => {
              setRedeliveredAt(delivery.attempt_count);
              redeliver.mutate();
            }}
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
          Created <RelativeTime iso={delivery.created_at} />
        </li>
        {delivery.delivered_at ? (
          <li>
            Delivered <RelativeTime iso={delivery.delivered_at} />
          </li>
        ) : null}
        {delivery.status === 'pending' && delivery.next_attempt_at ? (
          <li>
            Next try <RelativeTime iso={delivery.next_attempt_at} />
          </li>
        ) : null}
      </ul>
      {redeliver.data && redeliveredAt !== null && delivery.attempt_count <= redeliveredAt ? (
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
