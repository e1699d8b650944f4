/**
 * Webhook deliveries of a job or a batch (GET /v1/webhooks/deliveries), each with its attempts and
 * a button that sends it again now (POST …/redeliver).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { queryKeys } from '../api/queries';
import type { Delivery, DeliveryList as DeliveryListBody } from '../api/types';
import { formatDateTime, formatRelative } from '../format';
import { ErrorNotice } from './ErrorNotice';
import { EmptyState, Loading } from './Page';
import { StatusBadge } from './StatusBadge';

const POLL_MS = 3000;
/** After a redelivery, how long the list is polled for its attempt to show. */
const WATCH_MS = 30_000;

export function DeliveryList({ filter }: { filter: { job_id?: string; batch_id?: string } }) {
  const client = useQueryClient();
  const key = queryKeys.deliveries(filter);
  // Set by a redelivery: poll until its attempt shows or the watch ends.
  const [watch, setWatch] = useState<{ id: string; attempts: number; until: number } | null>(null);
  const list = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      api<DeliveryListBody>('GET', '/v1/webhooks/deliveries', {
        query: filter,
        signal,
        background: client.getQueryData(key) !== undefined,
      }),
    refetchInterval: (query) => {
      if (!watch || Date.now() > watch.until) return false;
      const delivery = query.state.data?.deliveries.find((d) => d.id === watch.id);
      return delivery && delivery.attempt_count > watch.attempts ? false : POLL_MS;
    },
  });

  return (
    <div className="deliveries">
      <div className="row deliveries-toolbar">
        <button type="button" className="button button-secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          {list.isFetching && list.data ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      <ErrorNotice error={list.error} />
      {list.isPending ? <Loading what="Loading deliveries" /> : null}
      {list.data && list.data.deliveries.length === 0 ? (
        <EmptyState>No webhook has been sent yet. One is sent when the render completes or fails.</EmptyState>
      ) : null}
      {list.data && list.data.deliveries.length > 0 ? (
        <ul className="delivery-list">
          {list.data.deliveries.map((delivery) => (
            <DeliveryItem
              key={delivery.id}
              delivery={delivery}
              onRedelivered={() => setWatch({ id: delivery.id, attempts: delivery.attempt_count, until: Date.now() + WATCH_MS })}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function DeliveryItem({ delivery, onRedelivered }: { delivery: Delivery; onRedelivered: () => void }) {
  const client = useQueryClient();
  const redeliver = useMutation({
    mutationFn: () => api<Delivery>('POST', `/v1/webhooks/deliveries/${delivery.id}/redeliver`),
    onSuccess: () => {
      onRedelivered();
      void client.invalidateQueries({ queryKey: ['deliveries'] });
    },
  });
  const last = delivery.attempts[delivery.attempts.length - 1];

  return (
    <li className="delivery">
      <div className="delivery-head">
        <code className="delivery-event">{delivery.event}</code>
        <StatusBadge status={delivery.status} />
        <button type="button" className="button button-secondary" onClick={() => redeliver.mutate()} disabled={redeliver.isPending}>
          {redeliver.isPending ? 'Sending…' : 'Redeliver'}
        </button>
      </div>
      <dl className="facts delivery-facts">
        <dt>To</dt>
        <dd>
          <code>{delivery.url}</code>
        </dd>
        <dt>Attempts</dt>
        <dd>{delivery.attempt_count}</dd>
        <dt>Last answer</dt>
        <dd>{last ? (last.status_code ?? last.error_kind ?? last.outcome) : '—'}</dd>
        <dt>Created</dt>
        <dd>
          <time dateTime={delivery.created_at} title={formatDateTime(delivery.created_at)}>
            {formatRelative(delivery.created_at)}
          </time>
        </dd>
        {delivery.delivered_at ? (
          <>
            <dt>Delivered</dt>
            <dd>{formatDateTime(delivery.delivered_at)}</dd>
          </>
        ) : null}
        {delivery.next_attempt_at ? (
          <>
            <dt>Next retry</dt>
            <dd>
              {formatRelative(delivery.next_attempt_at)} ({formatDateTime(delivery.next_attempt_at)})
            </dd>
          </>
        ) : null}
      </dl>
      {redeliver.isSuccess ? (
        <p className="hint" role="status">
          Sent again: the new attempt shows here in a moment.
        </p>
      ) : null}
      <ErrorNotice error={redeliver.error} title="The delivery could not be sent again" />
      {delivery.attempts.length > 0 ? (
        <details className="delivery-attempts">
          <summary>
            {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? '' : 's'}
          </summary>
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">When</th>
                  <th scope="col">Trigger</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Status</th>
                  <th scope="col">Time</th>
                  <th scope="col">Detail</th>
                </tr>
              </thead>
              <tbody>
                {delivery.attempts.map((attempt) => (
                  <tr key={attempt.attempt}>
                    <td>{attempt.attempt}</td>
                    <td>{formatDateTime(attempt.at)}</td>
                    <td>{attempt.trigger}</td>
                    <td>{attempt.outcome}</td>
                    <td>{attempt.status_code ?? '—'}</td>
                    <td>{attempt.latency_ms == null ? '—' : `${attempt.latency_ms} ms`}</td>
                    <td className="delivery-detail">{attempt.error_message ?? attempt.response_excerpt ?? '—'}</td>
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
