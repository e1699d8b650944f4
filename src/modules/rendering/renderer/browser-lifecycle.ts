/**
 * One browser, kept between renders and started again when it is gone: the part both renderers share (Remotion's
 * `HeadlessBrowser` in RemotionBrowser, Playwright's persistent context in InPageRenderer). Concurrent callers of
 * `ensure()` share one launch; `launches` counts them, so a render can note whether it started a browser.
 */
export interface BrowserDriver<B> {
  launch(): Promise<B>;
  /** Whether the browser still answers (a crashed, killed or closed one does not). */
  isAlive(browser: B): Promise<boolean> | boolean;
  close(browser: B): Promise<void>;
}

export class BrowserLifecycle<B> {
  private browser: B | null = null;
  private launching: Promise<B> | null = null;
  /** Browsers launched so far. */
  launches = 0;

  constructor(private readonly driver: BrowserDriver<B>) {}

  /** The live browser, if one was launched and not closed since (it may have died meanwhile). */
  get current(): B | null {
    return this.browser;
  }

  /** The live browser, or a fresh one when there is none or it stopped answering. */
  async ensure(): Promise<B> {
    if (this.browser && (await this.driver.isAlive(this.browser))) return this.browser;
    // Gone (crashed, killed, or closed under us): start a fresh one.
    if (this.browser) await this.close();
    this.launching ??= this.driver
      .launch()
      .then((browser) => {
        this.browser = browser;
        this.launches += 1;
        return browser;
      })
      .finally(() => {
        this.launching = null;
      });
    return this.launching;
  }

  /** Closes the browser (one being launched too); the next ensure() starts a fresh one. Never throws. */
  async close(): Promise<void> {
    const browser = this.browser ?? (await this.launching?.catch(() => null)) ?? null;
    this.browser = null;
    this.launching = null;
    if (browser) await this.driver.close(browser).catch(() => undefined);
  }
}
