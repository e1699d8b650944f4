import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { mapr, read } from '../api/client';
import { queryKeys } from '../api/queries';
import type { Render } from '../api/types';
import { CopyButton } from '../components/CopyButton';
import { DeliveryList } from '../components/DeliveryList';
import { ErrorNotice } from '../components/ErrorNotice';
import { Loading, PageHeader } from '../components/Page';
import { RouteMap } from '../components/RouteMap';
import { ProgressBar, StatusBadge } from '../components/StatusBadge';
import { formatBytes, formatDateTime, formatPercent, formatSeconds } from '../format';
import { hasRoute, hasTitle, isActive, jobTitle, modeLabel, routeSummary, webhookUrlOf } from '../jobs';
import { RelativeTime } from '../components/RelativeTime';

const POLL_MS = 3000;

/** One render job: its progress while it renders, then the video, the route, the parameters and its webhooks. */
export default function RenderPage() {
  const { jobId = '' } = useParams();
  const client = useQueryClient();
  const key = queryKeys.render(jobId);
  const job = useQuery({
    queryKey: key,
    queryFn: ({ signal }) =>
      read((api) => api.renders.get(jobId, { signal }), { signal, background: client.getQueryData(key) !== undefined }),
    refetchInterval: (query) => (query.state.data && isActive(query.state.data) ? POLL_MS : false),
  });

  // When the job ends, the pages that count or list it are out of date (a failure gives the render back).
  const status = job.data?.status;
  const previous = useRef(status);
  useEffect(() => {
    if (previous.current && status && previous.current !== status && !isActive({ status })) {
      void client.invalidateQueries({ queryKey: queryKeys.renders, predicate: (query) => query.queryKey[1] !== jobId });
      void client.invalidateQueries({ queryKey: queryKeys.usage });
      void client.invalidateQueries({ queryKey: queryKeys.deliveries({ job_id: jobId }) });
    }
    previous.current = status;
  }, [status, client, jobId]);

  if (!job.data) {
    return (
      <>
        <PageHeader title="Render" />
        <ErrorNotice error={job.error} title="This render could not be loaded" />
        {job.isPending ? <Loading what="Loading the render" /> : null}
        <p>
          <Link to="/renders">All renders</Link>
        </p>
      </>
    );
  }
  return <JobView job={job.data} pollError={job.error} />;
}

function JobView({ job, pollError }: { job: Render; pollError: unknown }) {
  const title = jobTitle(job);
  const webhookUrl = webhookUrlOf(job);
  return (
    <>
      <p className="breadcrumb">
        <Link to="/renders">Renders</Link> /
      </p>
      <PageHeader
        title={title}
        lead={
          <>
            {hasTitle(job) ? <>{routeSummary(job)} · </> : null}
            {modeLabel(job)} · <code>{job.job_id}</code>
          </>
        }
      >
        <StatusBadge status={job.status} />
        <Link className="button button-secondary" to="/render/new" state={{ body: job.request }}>
          Render again
        </Link>
      </PageHeader>
      <ErrorNotice error={pollError} title="The latest status could not be loaded" />
      <div className="grid-2 render-top">
        <section className="card" aria-labelledby="video-heading">
          <h2 id="video-heading">{job.status === 'complete' ? 'Video' : 'Status'}</h2>
          <JobState job={job} />
          <CameraNotes notes={job.camera_notes} />
        </section>
        <section className="card" aria-labelledby="facts-heading">
          <h2 id="facts-heading">Details</h2>
          <JobFacts job={job} />
        </section>
      </div>
      {hasRoute(job) ? (
        <section className="card" aria-labelledby="route-heading">
          <h2 id="route-heading">Route</h2>
          <RouteMap jobId={job.job_id} status={job.status} progress={job.progress} />
        </section>
      ) : null}
      <section className="card" aria-labelledby="request-heading">
        <div className="card-header">
          <h2 id="request-heading">Parameters</h2>
          <div className="row">
            <CopyButton text={JSON.stringify(job.request, null, 2)} label="Copy as JSON" />
            <Link className="button button-secondary" to="/render/new" state={{ body: job.request }}>
              Render again
            </Link>
          </div>
        </div>
        <p className="hint">The request as the service stored it, every default filled in.</p>
        <details className="request-json">
          <summary>Show the parameters</summary>
          <pre>{JSON.stringify(job.request, null, 2)}</pre>
        </details>
      </section>
      <section className="card" aria-labelledby="webhooks-heading">
        <h2 id="webhooks-heading">Webhook deliveries</h2>
        {job.batch_id ? (
          <p>
            This render is part of a batch: its webhook is sent for the whole batch. See{' '}
            <Link to={`/batches/${job.batch_id}`}>the batch</Link>.
          </p>
        ) : webhookUrl ? (
          <>
            <p className="hint">
              Sent to <code>{webhookUrl}</code> when the render completes or fails.
            </p>
            <DeliveryList
              filter={{ job_id: job.job_id }}
              empty="No webhook has been sent yet. One is sent when the render completes or fails."
            />
          </>
        ) : (
          <p className="hint">This render was created without a webhook_url, so no webhook is sent for it.</p>
        )}
      </section>
    </>
  );
}

/** Progress while the job waits or renders; the video once complete; why it failed or that it was cancelled. */
function JobState({ job }: { job: Render }) {
  if (job.status === 'complete' && job.video_url) {
    return (
      <div className="stack">
        <video className="render-video" controls preload="metadata" src={job.video_url} poster={job.thumbnail_url}>
          <a href={job.video_url}>Download the video</a>
        </video>
        <div className="row">
          <a className="button button-primary" href={job.video_url} download>
            Download MP4
          </a>
          {job.thumbnail_url ? (
            <a className="button button-secondary" href={job.thumbnail_url} target="_blank" rel="noreferrer">
              Thumbnail
            </a>
          ) : null}
        </div>
        {job.expires_at ? (
          <p className="hint">
            The files are deleted <RelativeTime iso={job.expires_at} />: download what you keep.
          </p>
        ) : null}
      </div>
    );
  }
  if (job.status === 'failed') {
    return (
      <div className="notice notice-error">
        <strong className="notice-title">The render failed</strong>
        <p className="notice-message">{job.message}</p>
        <p className="notice-meta">
          <code>{job.error}</code> · {formatDateTime(job.failed_at)} · the render was not counted against your quota
        </p>
      </div>
    );
  }
  if (job.status === 'cancelled') {
    return <p className="notice notice-info">Cancelled on {formatDateTime(job.cancelled_at)}. It was not counted against your quota.</p>;
  }
  return (
    <div className="stack">
      <ProgressBar value={job.progress} label="Render progress" />
      <p className="render-progress-text" role="status">
        {job.status === 'queued' ? 'Waiting for a free worker.' : `Rendering: ${formatPercent(job.progress)}.`} <Estimate job={job} />
      </p>
      <CancelJob job={job} />
    </div>
  );
}

/** What the service says about the job's camera (`camera_notes`): a story preset that had nothing to play on. */
function CameraNotes({ notes }: { notes: readonly string[] }) {
  if (notes.length === 0) return null;
  return (
    <div className="notice notice-info camera-notes">
      <strong className="notice-title">About the camera</strong>
      {notes.map((note) => (
        <p className="notice-message" key={note}>
          {note}
        </p>
      ))}
    </div>
  );
}

function Estimate({ job }: { job: Render }) {
  const estimate = job.estimated_duration_seconds;
  if (!estimate) return null;
  if (job.status === 'queued' || !job.started_at) return <>Rendering takes about {formatSeconds(estimate)} once it starts.</>;
  // The estimate shrinks with the progress the worker reports.
  const left = estimate * (1 - job.progress);
  return left >= 1 ? <>About {formatSeconds(Math.ceil(left))} left.</> : <>Almost done.</>;
}

/** Cancel, after a confirmation in a modal dialog; a job that ended meanwhile answers 409 with its reason. */
function CancelJob({ job }: { job: Render }) {
  const client = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useMutation({
    mutationFn: () => mapr().renders.cancel(job.job_id),
    onSuccess: (cancelled) => {
      client.setQueryData(queryKeys.render(job.job_id), cancelled);
      void client.invalidateQueries({ queryKey: queryKeys.renders, predicate: (query) => query.queryKey[1] !== job.job_id });
      void client.invalidateQueries({ queryKey: queryKeys.usage });
    },
    onError: () => void client.invalidateQueries({ queryKey: queryKeys.render(job.job_id) }),
    onSettled: () => dialog.current?.close(),
  });

  return (
    <>
      <div className="row">
        <button type="button" className="button button-danger" onClick={() => dialog.current?.showModal()}>
          Cancel render
        </button>
      </div>
      <ErrorNotice error={cancel.error} title="The render could not be cancelled" />
      <dialog ref={dialog} aria-labelledby="cancel-heading">
        <h2 id="cancel-heading">Cancel this render?</h2>
        <p>The video will not be made. The render is given back to your monthly quota.</p>
        <div className="row dialog-actions">
          <button type="button" className="button button-secondary" onClick={() => dialog.current?.close()} autoFocus>
            Keep rendering
          </button>
          <button type="button" className="button button-danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel render'}
          </button>
        </div>
      </dialog>
    </>
  );
}

function JobFacts({ job }: { job: Render }) {
  return (
    <dl className="facts">
      <dt>Duration</dt>
      <dd>{formatSeconds(job.duration_seconds ?? (job.request.duration as number | undefined))}</dd>
      <dt>Resolution</dt>
      <dd>{job.resolution ?? `${String(job.request.resolution ?? '—')} ${String(job.request.aspect_ratio ?? '')}`}</dd>
      {job.file_size_bytes != null ? (
        <>
          <dt>Size</dt>
          <dd>{formatBytes(job.file_size_bytes)}</dd>
        </>
      ) : null}
      <dt>Created</dt>
      <dd>{formatDateTime(job.created_at)}</dd>
      <dt>Started</dt>
      <dd>{formatDateTime(job.started_at)}</dd>
      {job.completed_at ? (
        <>
          <dt>Completed</dt>
          <dd>{formatDateTime(job.completed_at)}</dd>
        </>
      ) : null}
      {job.failed_at ? (
        <>
          <dt>Failed</dt>
          <dd>{formatDateTime(job.failed_at)}</dd>
        </>
      ) : null}
      {job.cancelled_at ? (
        <>
          <dt>Cancelled</dt>
          <dd>{formatDateTime(job.cancelled_at)}</dd>
        </>
      ) : null}
      {job.expires_at ? (
        <>
          <dt>Files until</dt>
          <dd>{formatDateTime(job.expires_at)}</dd>
        </>
      ) : null}
      <dt>Sandbox</dt>
      <dd>{job.sandbox ? 'Yes (made with a test key)' : 'No'}</dd>
      {job.batch_id ? (
        <>
          <dt>Batch</dt>
          <dd>
            <Link to={`/batches/${job.batch_id}`}>{job.batch_id}</Link>
          </dd>
        </>
      ) : null}
    </dl>
  );
}
