/**
 * The screenshot path's browser: one Chromium launched by Remotion (`openBrowser`), kept between operations and
 * started again when it died or an operation failed (BrowserLifecycle), its profile and scratch files in the owner's
 * private `tempDir` (remotion-tmpdir.ts, ADR 0016), and what Remotion and Chromium leave there removed after each
 * operation, but for the live browser's own folders, and all of it on stop(). What is rendered with it is
 * RemotionRenderer's business.
 *
 * Shutdown: launching the browser makes Remotion add its own process listeners (SIGTERM and SIGHUP close the browser,
 * SIGINT kills it and exits with 130). Because a SIGTERM listener now exists, Node no longer exits on SIGTERM by
 * itself: the worker handles SIGTERM itself (stop taking jobs, abort the running render, `await renderer.stop()`,
 * exit). stop() closes the browser, which removes those listeners.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ChromiumOptions, HeadlessBrowser, LogLevel } from '@remotion/renderer';
import { BrowserLifecycle } from './browser-lifecycle';
import { inTempDir, withTmpdirEnv } from './remotion-tmpdir';

export type Remotion = typeof import('@remotion/renderer');

let remotion: Remotion | null = null;

/** @remotion/renderer, loaded on first use so that importing the renderer (e.g. in the API process) stays cheap. */
export async function loadRemotion(): Promise<Remotion> {
  remotion ??= await import('@remotion/renderer');
  return remotion;
}

/** @remotion/renderer if it is loaded already (the first operation times its loading as the `load` phase). */
export function loadedRemotion(): Remotion | null {
  return remotion;
}

export interface RemotionBrowserOptions {
  browserExecutable: string;
  /** Private temp folder (created if missing, emptied on stop). */
  tempDir: string;
  gl: ChromiumOptions['gl'];
  logLevel: LogLevel;
}

export class RemotionBrowser {
  private readonly lifecycle: BrowserLifecycle<HeadlessBrowser>;
  /** Browsers that closed under us (crash, kill, Remotion's own signal handler). */
  private readonly dead = new WeakSet<HeadlessBrowser>();
  /** Entries of tempDir that belong to the live browser (its profile) and must survive an operation. */
  private keep = new Set<string>();

  constructor(private readonly options: RemotionBrowserOptions) {
    this.lifecycle = new BrowserLifecycle({
      launch: () => this.launch(),
      isAlive: async (browser) => !this.dead.has(browser) && (await answers(browser)),
      close: (browser) => this.close(browser),
    });
  }

  /** Browsers launched so far (a render notes whether it launched one). */
  get launches(): number {
    return this.lifecycle.launches;
  }

  /**
   * Runs one operation of the owner with Remotion's temp files in tempDir (its `finally` calls cleanTemp()). The folder
   * is made first: an operation without a browser (a join, on a worker whose chunks all rendered in the page) needs it.
   */
  run<T>(fn: () => Promise<T>): Promise<T> {
    fs.mkdirSync(this.options.tempDir, { recursive: true });
    return inTempDir(this.options.tempDir, fn);
  }

  /** The live browser, or a fresh one; a reused one costs one DevTools round trip (its liveness check). */
  ensure(): Promise<HeadlessBrowser> {
    return inTempDir(this.options.tempDir, () => this.lifecycle.ensure());
  }

  /** Tabs open in the live browser (0 without one). */
  async openTabs(): Promise<number> {
    const browser = this.lifecycle.current;
    return browser ? (await browser.pages()).length : 0;
  }

  /**
   * Waits up to `withinMs` for the live browser to have at most `count` tabs again (an operation's own tab closed);
   * false when it still has more then, or is gone.
   */
  async tabsBackTo(count: number, withinMs: number): Promise<boolean> {
    const until = Date.now() + withinMs;
    for (;;) {
      const browser = this.lifecycle.current;
      if (!browser || this.dead.has(browser)) return false;
      const tabs = await browser.pages().then(
        (pages) => pages.length,
        () => null,
      );
      if (tabs === null) return false;
      if (tabs <= count) return true;
      if (Date.now() >= until) return false;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Closes the browser: the next operation starts a fresh one (after a failure, which the browser may have caused). */
  discard(): Promise<void> {
    return this.lifecycle.close();
  }

  /** Closes the browser and removes every temp file of Remotion and Chromium in tempDir. */
  async stop(): Promise<void> {
    await this.lifecycle.close();
    this.cleanTemp();
  }

  private async launch(): Promise<HeadlessBrowser> {
    const remotion = await loadRemotion();
    const { tempDir, browserExecutable, logLevel, gl } = this.options;
    fs.mkdirSync(tempDir, { recursive: true });
    const before = new Set(fs.readdirSync(tempDir));
    const browser = await withTmpdirEnv(tempDir, () =>
      remotion.openBrowser('chrome', { browserExecutable, logLevel, chromiumOptions: { gl } }),
    );
    this.keep = new Set(fs.readdirSync(tempDir).filter((entry) => !before.has(entry)));
    const markDead = () => this.dead.add(browser);
    browser.on('closed', markDead);
    browser.on('closed-silent', markDead);
    return browser;
  }

  private async close(browser: HeadlessBrowser): Promise<void> {
    this.keep.clear();
    await browser.close({ silent: true });
  }

  /**
   * Removes what Remotion and Chromium left in tempDir, keeping the live browser's own folders.
   * Only their folders (by name): other code of the process may use the same temp directory.
   */
  cleanTemp(): void {
    let entries: string[];
    try {
      entries = fs.readdirSync(this.options.tempDir);
    } catch {
      return;
    }
    const browserAlive = this.lifecycle.current !== null;
    for (const entry of entries) {
      if (!REMOTION_TEMP_PREFIXES.some((prefix) => entry.startsWith(prefix))) continue;
      if (this.keep.has(entry)) continue;
      // Chromium's own scratch folders (created after launch, its audio client's too) belong to the live browser.
      if (browserAlive && BROWSER_TEMP_PREFIXES.some((prefix) => entry.startsWith(prefix))) continue;
      fs.rmSync(path.join(this.options.tempDir, entry), { recursive: true, force: true });
    }
  }
}

/** A DevTools round trip: fails fast when the browser process is gone. */
async function answers(browser: HeadlessBrowser): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      (browser.connection as unknown as { send(method: string): Promise<unknown> }).send('Browser.getVersion'),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('browser did not answer')), 3000);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Names of the temp folders Remotion 4.0 (profile, frames, assets) and Chromium (scratch, PulseAudio client) create. */
const BROWSER_TEMP_PREFIXES = ['org.chromium.', 'pulse-'];
const REMOTION_TEMP_PREFIXES = ['puppeteer_dev_chrome_profile-', 'react-motion-render', 'remotion-', ...BROWSER_TEMP_PREFIXES];
