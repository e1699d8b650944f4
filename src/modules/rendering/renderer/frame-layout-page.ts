/**
 * The layout of a video's frames as data (contract §22), read from the bundle's page in a headless Chromium: the page
 * builds the video's scene and answers where its HUD, title card, text overlays, labels, markers and routes sit and
 * where the map is drawn, frame by frame (remotion/in-page/frame-layouts.ts), with text measured in the fonts the
 * frames are drawn with. For the checks that frames are full and legible (remotion/lib/layout/layout-checks.ts). The page is
 * served by request interception, as the in-page renderer's is; nothing leaves the machine.
 */
import type { Browser, Page } from 'playwright-core';
import type { FrameLayout, MapAnimationProps } from '../../contract';
import { type FrameLayoutRequest, IN_PAGE_FRAME_LAYOUT_FUNCTION, IN_PAGE_ORIGIN, type InPageApi } from '../../contract';
import { answerFromBundle } from './bundle-page';

export interface FrameLayoutPageOptions {
  /** A Remotion bundle of remotion/index.ts (buildRemotionBundle). */
  bundleDir: string;
  /** Defaults to Debian's /usr/bin/chromium. */
  browserExecutable?: string;
}

export class FrameLayoutPage {
  private constructor(
    private readonly browser: Browser,
    private readonly page: Page,
  ) {}

  static async open(options: FrameLayoutPageOptions): Promise<FrameLayoutPage> {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({ executablePath: options.browserExecutable ?? '/usr/bin/chromium' });
    try {
      const page = await browser.newPage();
      await page.route('**/*', (route) =>
        new URL(route.request().url()).origin === IN_PAGE_ORIGIN
          ? answerFromBundle(route, options.bundleDir)
          : route.abort('blockedbyclient'),
      );
      await page.goto(`${IN_PAGE_ORIGIN}/index.html`);
      await page.waitForFunction<boolean, typeof IN_PAGE_FRAME_LAYOUT_FUNCTION>(
        (name) => typeof (globalThis as unknown as InPageApi)[name] === 'function',
        IN_PAGE_FRAME_LAYOUT_FUNCTION,
      );
      return new FrameLayoutPage(browser, page);
    } catch (error) {
      await browser.close();
      throw error;
    }
  }

  /** The layouts of `frames` (each within the video) of the video these props make. */
  layouts(props: MapAnimationProps, frames: number[]): Promise<FrameLayout[]> {
    return this.page.evaluate(([name, request]) => (globalThis as unknown as InPageApi)[name](request), [
      IN_PAGE_FRAME_LAYOUT_FUNCTION,
      { props, frames },
    ] as const satisfies readonly [typeof IN_PAGE_FRAME_LAYOUT_FUNCTION, FrameLayoutRequest]);
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}
