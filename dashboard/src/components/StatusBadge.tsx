import type { RenderStatus } from '../api/types';

const LABELS: Record<string, string> = {
  queued: 'Queued',
  processing: 'Rendering',
  complete: 'Complete',
  failed: 'Failed',
  cancelled: 'Cancelled',
  partial: 'Partly failed',
  delivered: 'Delivered',
  pending: 'Pending',
  retrying: 'Retrying',
};

export function StatusBadge({ status }: { status: RenderStatus | string }) {
  return <span className={`badge badge-${status}`}>{LABELS[status] ?? status}</span>;
}

/** A job's progress (0–1) as a bar a screen reader can read. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(Math.max(0, Math.min(1, value)) * 100);
  return (
    <div className="progress" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="progress-fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
