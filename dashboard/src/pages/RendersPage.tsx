import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { read } from '../api/client';
import { queryKeys } from '../api/queries';
import type { Render, RenderStatus } from '../api/types';
import { ErrorNotice } from '../components/ErrorNotice';
import { EmptyState, Loading, PageHeader } from '../components/Page';
import { ProgressBar, StatusBadge } from '../components/StatusBadge';
import { formatPercent, formatSeconds } from '../format';
import { hasTitle, isActive, jobTitle, modeLabel, requestedDuration, requestedResolution, routeSummary } from '../jobs';
import { RelativeTime } from '../components/RelativeTime';

const PAGE_SIZE = 20;
/** Progress bars of active jobs; their end comes from the account's events at once (api/live-updates.ts). */
const POLL_MS = 15_000;

const FILTERS: { status: RenderStatus | ''; label: string }[] = [
  { status: '', label: 'All' },
  { status: 'queued', label: 'Queued' },
  { status: 'processing', label: 'Rendering' },
  { status: 'complete', label: 'Complete' },
  { status: 'failed', label: 'Failed' },
  { status: 'cancelled', label: 'Cancelled' },
];

function isStatus(value: string | null): value is RenderStatus {
  return FILTERS.some((filter) => filter.status !== '' && filter.status === value);
}

/** Every job of the account, newest first, filtered by status (kept in the address) and paged by cursor. */
export default function RendersPage() {
  const [searchParams] = useSearchParams();
  const raw = searchParams.get('status');
  const status = isStatus(raw) ? raw : '';

  return (
    <>
      <PageHeader title="Renders" lead="Every video of your account, newest first.">
        <Link className="button button-primary" to="/render/new">
          New render
        </Link>
      </PageHeader>
      <nav className="filter-tabs" aria-label="Filter by status">
        {FILTERS.map((filter) => (
          <Link
            key={filter.status || 'all'}
            to={{ search: filter.status ? `?status=${filter.status}` : '' }}
            aria-current={filter.status === status ? 'page' : undefined}
          >
            {filter.label}
          </Link>
        ))}
      </nav>
      {/* Keyed by the filter: a new filter starts again at the first page. */}
      <JobPages key={status} status={status} />
    </>
  );
}

function JobPages({ status }: { status: RenderStatus | '' }) {
  // The cursors of the pages before this one; the last is this page's (undefined: the first page).
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];
  const client = useQueryClient();
  const key = queryKeys.renderList({ status: status || undefined, cursor });
  const page = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      read((api) => api.renders.listPage({ status: status || undefined, limit: PAGE_SIZE, cursor }, { signal }), {
        signal,
        // A page already on screen is refreshed by polling: that waits for the rate budget.
        background: client.getQueryData(key) !== undefined,
      }),
    refetchInterval: (query) => (query.state.data?.data.some(isActive) ? POLL_MS : false),
    placeholderData: (previous) => previous,
  });
  const jobs = page.data?.data ?? [];
  const pageNumber = cursors.length;

  return (
    <section aria-labelledby="jobs-heading" className="card">
      <div className="card-header">
        <h2 id="jobs-heading">
          {FILTERS.find((filter) => filter.status === status)?.label} renders
          {pageNumber > 1 ? <span className="hint"> · page {pageNumber}</span> : null}
        </h2>
        {page.isFetching && page.data ? (
          <span className="hint" role="status">
            Updating…
          </span>
        ) : null}
      </div>
      <ErrorNotice error={page.error} />
      {page.isPending ? <Loading what="Loading renders" /> : null}
      {page.data && jobs.length === 0 ? (
        <EmptyState>
          {status || pageNumber > 1 ? (
            <>No renders here. </>
          ) : (
            <>
              No renders yet. <Link to="/render/new">Compose your first video</Link>: it previews for free before it counts.
            </>
          )}
          {status ? <Link to={{ search: '' }}>Show all renders</Link> : null}
        </EmptyState>
      ) : null}
      {jobs.length > 0 ? (
        <table className="render-table">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Thumbnail</span>
              </th>
              <th scope="col">Render</th>
              <th scope="col">Mode</th>
              <th scope="col">Status</th>
              <th scope="col">Created</th>
              <th scope="col">Video</th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <JobRow key={job.job_id} job={job} />
            ))}
          </tbody>
        </table>
      ) : null}
      {pageNumber > 1 || page.data?.next_cursor ? (
        <div className="pager">
          <button
            type="button"
            className="button button-secondary"
            disabled={pageNumber === 1}
            onClick={() => setCursors((stack) => stack.slice(0, -1))}
          >
            Previous page
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={!page.data?.next_cursor || page.isPlaceholderData}
            onClick={() => setCursors((stack) => [...stack, page.data?.next_cursor ?? undefined])}
          >
            Next page
          </button>
        </div>
      ) : null}
    </section>
  );
}

function JobRow({ job }: { job: Render }) {
  const title = jobTitle(job);
  const duration = job.duration_seconds ?? requestedDuration(job);
  const resolution = job.resolution ?? requestedResolution(job);
  return (
    <tr>
      <td className="render-thumb-cell">
        {job.status === 'complete' && job.thumbnail_url ? (
          <img className="render-thumb" src={job.thumbnail_url} alt="" loading="lazy" width={96} height={54} />
        ) : (
          <span className={`render-thumb render-thumb-empty render-thumb-${job.status}`} aria-hidden="true" />
        )}
      </td>
      <td className="render-title-cell">
        <Link to={`/renders/${job.job_id}`} className="render-title">
          {title}
        </Link>
        {hasTitle(job) ? <span className="hint render-route">{routeSummary(job)}</span> : null}
        <code className="hint render-id">{job.job_id}</code>
      </td>
      <td data-label="Mode">{modeLabel(job)}</td>
      <td data-label="Status" className="render-status-cell">
        <span className="render-status">
          <StatusBadge status={job.status} />
          {job.status === 'processing' ? (
            <span className="render-progress">
              <ProgressBar value={job.progress} label={`Progress of ${title}`} />
              <span className="hint">{formatPercent(job.progress)}</span>
            </span>
          ) : null}
        </span>
      </td>
      <td data-label="Created">
        <RelativeTime iso={job.created_at} />
      </td>
      <td data-label="Video">
        <span>
          {formatSeconds(duration)}
          {resolution ? <span className="hint render-resolution">{resolution}</span> : null}
        </span>
      </td>
    </tr>
  );
}
