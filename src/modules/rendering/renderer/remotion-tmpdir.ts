/**
 * The one place the process's temp folder is redirected (ADR 0016): Remotion 4.0 has no option for where it puts its
 * files, and Chromium none for its scratch files, so a RemotionBrowser's operations run with both pointed at its own
 * folder. Nothing else in the service touches os.tmpdir or TMPDIR.
 *
 * - `inTempDir`: Remotion reads `os.tmpdir()` in openBrowser (the profile, `puppeteer_dev_chrome_profile-*`),
 *   renderMedia (its working folder `react-motion-render*`, and the asset folder `remotion-v<version>-assets*` of the
 *   server it starts, as renderStill does) and combineChunks (`remotion-filelist*`). Within `fn` (and everything it
 *   awaits or schedules) os.tmpdir() answers `dir`; code outside any such call keeps the system's.
 * - `withTmpdirEnv`: Remotion spawns Chromium with `env: process.env` and takes no environment of its own; Chromium
 *   has no flag for its scratch folder and reads TMPDIR (its shared-memory files, `org.chromium.*`, under
 *   `--disable-dev-shm-usage`). TMPDIR is set for the launch only, and launches of the process take turns.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** The temp folder of the RemotionBrowser whose operation runs in the current async context. */
const contextTempDir = new AsyncLocalStorage<string>();
let tmpdirRouted = false;

/**
 * Runs `fn` with os.tmpdir() answering `dir`. The first call points the real module object's tmpdir (the one Remotion
 * uses, hence require and not an import copy) at the async context, falling back to the system's.
 */
export function inTempDir<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  if (!tmpdirRouted) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const nodeOs = require('node:os') as { tmpdir: () => string };
    const systemTmpdir = nodeOs.tmpdir;
    nodeOs.tmpdir = () => contextTempDir.getStore() ?? systemTmpdir();
    tmpdirRouted = true;
  }
  return contextTempDir.run(dir, fn);
}

let launches: Promise<unknown> = Promise.resolve();

/**
 * Runs `fn` (a browser launch) with TMPDIR set to `dir`, so the Chromium it spawns keeps its scratch files there;
 * launches of all browsers of the process take turns, so each gets its own folder.
 */
export function withTmpdirEnv<T>(dir: string, fn: () => Promise<T>): Promise<T> {
  const run = launches.then(async () => {
    const previous = process.env.TMPDIR;
    process.env.TMPDIR = dir;
    try {
      return await fn();
    } finally {
      if (previous === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previous;
    }
  });
  launches = run.catch(() => undefined);
  return run;
}
