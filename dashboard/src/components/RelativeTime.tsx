/**
 * A time as "3 minutes ago", kept true while the page stays open: every shown time re-reads one shared clock, which
 * ticks every 10 s (a "10 seconds ago" would otherwise still say so a minute later). The exact time is its tooltip.
 */
import { useSyncExternalStore } from 'react';
import { formatDateTime, formatRelative } from '../format';

const TICK_MS = 10_000;
let now = Date.now();
const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | null = null;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const l of listeners) l();
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
}

/** The shared clock, as of its last tick. */
export function useNow(): number {
  return useSyncExternalStore(subscribe, () => now);
}

export function RelativeTime({ iso }: { iso: string | null | undefined }) {
  const at = useNow();
  if (!iso) return <>—</>;
  // The clock can be up to a tick behind a time that has just happened: that reads "now", not "in 4 seconds".
  const time = new Date(iso).getTime();
  const clock = time > at && time - at < TICK_MS ? time : at;
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelative(iso, clock)}
    </time>
  );
}
