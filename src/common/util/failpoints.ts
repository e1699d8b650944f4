/**
 * Named moments where a crash hurts most (after the database write and before the queue add; between the video's
 * and the thumbnail's upload; …). The fault suite (test/faults) arms one in a process it started, and the process
 * then kills itself there with SIGKILL: the real crash at the exact moment, with nothing cleaned up, rather than a
 * test that builds the state a crash would leave.
 *
 * Armed only through MAPR_FAILPOINTS (`name=kill`, comma-separated) in a process whose NODE_ENV is `test`; anywhere
 * else `failpoint()` is a lookup in an empty map.
 */
export const FAILPOINTS = {
  /** The API stored an accepted job and its usage; its queue entry is not added yet. */
  'intake.before-queue-add': 'the API stored a job, before its queue entry',
  /** A worker claimed a job and planned its route, and has not saved it. */
  'worker.after-routing': 'a worker planned the route, before saving it',
  /** The renderer captured every frame; the encoder has not finished the file. */
  'renderer.encoding': 'the renderer captured the last frame, while it encodes',
  /** The video is in storage, the thumbnail not yet, and the job is not complete. */
  'worker.between-uploads': 'a worker stored the video, before the thumbnail',
  /** A job's end is stored (complete, failed, cancelled); nothing that follows it (usage, event, webhook) has run. */
  'lifecycle.after-end': "a job's end was stored, before what follows it",
  /** A worker took a webhook attempt off the queue and has not sent it. */
  'webhooks.before-send': 'a worker took a webhook attempt, before sending it',
} as const;

export type FailpointName = keyof typeof FAILPOINTS;

type FailpointAction = 'kill';

const armed: ReadonlyMap<string, FailpointAction> = parseFailpoints(
  process.env.NODE_ENV === 'test' ? process.env.MAPR_FAILPOINTS : undefined,
);

/** Does what MAPR_FAILPOINTS asks at `name` (see above); nothing when it is not armed. */
export function failpoint(name: FailpointName): void {
  if (armed.get(name) !== 'kill') return;
  process.stderr.write(`failpoint ${name} (${FAILPOINTS[name]}): killing process ${process.pid}\n`);
  process.kill(process.pid, 'SIGKILL');
}

export function parseFailpoints(spec: string | undefined): Map<string, FailpointAction> {
  const points = new Map<string, FailpointAction>();
  for (const item of (spec ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name, action] = item.split('=');
    if (!(name in FAILPOINTS) || action !== 'kill') throw new Error(`MAPR_FAILPOINTS: unknown failpoint or action "${item}"`);
    points.set(name, action);
  }
  return points;
}
