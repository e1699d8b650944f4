/**
 * A wall clock the test can move for the processes it starts: libfaketime (Debian's libfaketime, installed by
 * scripts/install-system-deps.sh) preloaded into them, reading its offset from a file the test rewrites. Only the
 * wall clock moves (Date.now(), new Date()), as when NTP steps a host's clock: the monotonic clock that timers run
 * on does not, nor does the clock of Postgres or Redis.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const LIBFAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
/**
 * How long after the offset file changes every process reads the new time. With a cache of 1 s counted in whole
 * seconds, a process that read the file just before the change reads it again up to 2 s later: 1.5 s, the wait
 * before, lost that race on a loaded machine (the API still answered the old month).
 */
const JUMP_SETTLES_MS = 3000;

export class FakeClock {
  private readonly file: string;
  private offsetMs = 0;

  constructor() {
    if (!existsSync(LIBFAKETIME))
      throw new Error(`${LIBFAKETIME} is missing: the clock scenarios need Debian's libfaketime (bash scripts/install-system-deps.sh)`);
    this.file = join(mkdtempSync(join(tmpdir(), 'mapr-clock-')), 'offset');
    this.write();
  }

  /** The environment that puts a process on this clock. */
  env(): Record<string, string> {
    return {
      LD_PRELOAD: LIBFAKETIME,
      FAKETIME_TIMESTAMP_FILE: this.file,
      // libfaketime reads the file again once more than this many whole seconds have passed since it last did
      // (`now - last > 1` in seconds): a jump reaches every process within 2 s (JUMP_SETTLES_MS).
      FAKETIME_CACHE_DURATION: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    };
  }

  /** What the processes on this clock read as the time now. */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Sets the processes' clock to `at` (from now on it runs on from there), and waits until they all read it. */
  async jumpTo(at: Date): Promise<void> {
    this.offsetMs = at.getTime() - Date.now();
    this.write();
    await new Promise((r) => setTimeout(r, JUMP_SETTLES_MS));
  }

  private write(): void {
    const seconds = Math.round(this.offsetMs / 1000);
    writeFileSync(this.file, `${seconds >= 0 ? '+' : ''}${seconds}\n`);
  }
}
