import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { read } from '../api/client';
import { listKeys } from '../api/queries';
import { ErrorNotice } from '../components/ErrorNotice';
import { EmptyState, Loading, PageHeader } from '../components/Page';
import { ProgressBar, StatusBadge } from '../components/StatusBadge';

import { batchSummary } from './batch-summary';

/** The list's progress; a batch's end comes from the account's events at once (api/live-updates.ts). */
const BATCH_LIST_POLL_MS = 15_000;
import { RelativeTime } from '../components/RelativeTime';

const PAGE_SIZE = 20;

/** Every batch of the account, newest first, with how far each has got; it refreshes itself only while one is running. */
export default function BatchesPage() {
  const batches = useInfiniteQuery({
    queryKey: listKeys.batchList,
    queryFn: ({ pageParam, signal }) =>
      read((api) => api.batches.listPage({ limit: PAGE_SIZE, cursor: pageParam }, { signal }), {
        signal,
        background: pageParam === undefined,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.data.some((b) => b.status !== 'complete')) ? BATCH_LIST_POLL_MS : false,
  });
  const rows = batches.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <>
      <PageHeader
        title="Batches"
        lead="Up to 50 renders submitted together through the API, started as your plan’s concurrent slots free up."
      />
      <ErrorNotice error={batches.error} />
      <section className="card" aria-labelledby="batches-heading">
        <h2 id="batches-heading" className="visually-hidden">
          Your batches
        </h2>
        {batches.isPending ? <Loading what="Loading batches" /> : null}
        {batches.data && rows.length === 0 ? (
          <EmptyState>
            No batches yet. Send several renders at once with <code>POST /v1/render/batch</code> (see the <a href="/docs">API reference</a>
            ); they show up here.
          </EmptyState>
        ) : null}
        {rows.length > 0 ? (
          <div className="table-wrap">
            <table className="table-stack">
              <thead>
                <tr>
                  <th scope="col">Batch</th>
                  <th scope="col">Created</th>
                  <th scope="col">Status</th>
                  <th scope="col">Progress</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((batch) => {
                  const summary = batchSummary(batch);
                  return (
                    <tr key={batch.batch_id}>
                      <td data-label="Batch">
                        <Link to={`/batches/${batch.batch_id}`}>
                          <code>{batch.batch_id}</code>
                        </Link>
                      </td>
                      <td data-label="Created">
                        <RelativeTime iso={batch.created_at} />
                      </td>
                      <td data-label="Status">
                        <StatusBadge status={summary.badge} />
                      </td>
                      <td data-label="Progress">
                        <div className="batch-progress">
                          <ProgressBar
                            value={summary.fraction}
                            label={`Batch ${batch.batch_id}: ${summary.ended} of ${batch.total} jobs ended`}
                          />
                          <span className="counts">
                            <strong>{batch.completed}</strong> done · <strong>{batch.failed}</strong> failed · {batch.total} in all
                            {summary.cancelled ? ` · ${summary.cancelled} cancelled` : ''}
                          </span>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
        {batches.hasNextPage ? (
          <div className="row" style={{ marginTop: '0.75rem' }}>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => batches.fetchNextPage()}
              disabled={batches.isFetchingNextPage}
            >
              {batches.isFetchingNextPage ? 'Loading…' : 'Show older batches'}
            </button>
          </div>
        ) : null}
      </section>
    </>
  );
}
