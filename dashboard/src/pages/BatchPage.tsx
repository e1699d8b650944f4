import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { read } from '../api/client';
import { queryKeys } from '../api/queries';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading, PageHeader } from '../components/Page';
import { ProgressBar, StatusBadge } from '../components/StatusBadge';
import { formatDateTime } from '../format';
import { BATCH_POLL_MS, batchSummary } from './batch-summary';
import { RelativeTime } from '../components/RelativeTime';

/** One batch: its counts and each job in submission order, live while any job is still queued or rendering. */
export default function BatchPage() {
  const { batchId = '' } = useParams();
  const batch = useQuery({
    queryKey: queryKeys.batch(batchId),
    queryFn: ({ signal }) => read((api) => api.batches.get(batchId, { signal }), { signal, background: true }),
    refetchInterval: (query) => (query.state.data && query.state.data.status !== 'complete' ? BATCH_POLL_MS : false),
  });
  const data = batch.data;
  const summary = data ? batchSummary(data) : undefined;

  return (
    <>
      <PageHeader title="Batch" lead={<code>{batchId}</code>}>
        <Link className="button button-secondary" to="/batches">
          All batches
        </Link>
      </PageHeader>
      <ErrorNotice error={batch.error} title="This batch could not be loaded" />
      {batch.isPending ? <Loading what="Loading the batch" /> : null}
      {data && summary ? (
        <>
          <section className="card" aria-labelledby="batch-progress-heading">
            <div className="card-header">
              <h2 id="batch-progress-heading">Progress</h2>
              <StatusBadge status={summary.badge} />
            </div>
            <ProgressBar value={summary.fraction} label={`${summary.ended} of ${data.total} jobs ended`} />
            <p className="counts" role="status" style={{ marginTop: '0.4rem' }}>
              {summary.ended} of {data.total} jobs ended
              {summary.active ? ' · updates by itself' : ''}
            </p>
            <dl className="facts" style={{ marginTop: '0.75rem' }}>
              <dt>Complete</dt>
              <dd>{data.completed}</dd>
              <dt>Failed</dt>
              <dd>{data.failed}</dd>
              {summary.cancelled ? (
                <>
                  <dt>Cancelled</dt>
                  <dd>{summary.cancelled}</dd>
                </>
              ) : null}
              <dt>Rendering</dt>
              <dd>{data.processing}</dd>
              <dt>Waiting</dt>
              <dd>{data.queued}</dd>
              <dt>Created</dt>
              <dd>
                {formatDateTime(data.created_at)} (<RelativeTime iso={data.created_at} />)
              </dd>
              <dt>Finished</dt>
              <dd>{data.completed_at ? formatDateTime(data.completed_at) : '—'}</dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="batch-jobs-heading">
            <h2 id="batch-jobs-heading">Jobs</h2>
            <p className="hint">In the order they were submitted. Waiting jobs start as your plan’s concurrent slots free up.</p>
            <ol className="job-list">
              {data.jobs.map((job, index) => (
                <li key={job.job_id}>
                  <span className="job-index" aria-hidden="true">
                    {index + 1}.
                  </span>
                  <Link to={`/renders/${job.job_id}`}>
                    <code>{job.job_id}</code>
                  </Link>
                  <StatusBadge status={job.status} />
                  {job.video_url ? (
                    <a href={job.video_url} target="_blank" rel="noreferrer">
                      Video<span className="visually-hidden"> of job {index + 1}</span>
                    </a>
                  ) : null}
                  {job.status === 'failed' ? (
                    <p className="job-error">
                      <code>{job.error}</code> {job.message}
                    </p>
                  ) : null}
                </li>
              ))}
            </ol>
          </section>
        </>
      ) : null}
    </>
  );
}
