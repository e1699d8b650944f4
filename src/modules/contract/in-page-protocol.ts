/**
 * What the in-page renderer (ADR 0015) and the bundle's page say to each other, once, for both sides: the service's
 * `InPageRenderer` (src/modules/rendering/renderer/in-page-renderer.ts) opens the page and calls the functions named
 * here on its `window`; the page's side is `remotion/in-page/render-in-page.ts`, installed by the bundle's entry
 * (`remotion/index.ts`, and the bench's `bench/remotion/index.ts`). Plain types and constants, no DOM types: the
 * service has none.
 */
import type { MapAnimationProps } from './composition-props';
import type { FrameLayout } from './frame-layout';

/** The origin the page is served from by request interception: `localhost` is a secure context, which WebCodecs needs. */
export const IN_PAGE_ORIGIN = 'http://localhost';

/**
 * Where Remotion's renderers report their use (`@remotion/licensing`'s HOST): the one origin outside the page's own
 * that the in-page renderer lets its page reach, and only when a licence key is set.
 */
export const REMOTION_USAGE_ORIGIN = 'https://www.remotion.pro';

/** Renders one video: `(request: InPageRenderRequest) => Promise<InPageRenderAnswer>`. */
export const IN_PAGE_RENDER_FUNCTION = 'maprRenderInPage';
/** Aborts the render under way (its promise rejects); nothing when none is: `() => void`. */
export const IN_PAGE_ABORT_FUNCTION = 'maprAbortRenderInPage';
/** Installed by the service on the page (an exposed function): frames encoded so far, `(encodedFrames: number) => Promise<void>`. */
export const IN_PAGE_PROGRESS_FUNCTION = 'maprReportProgress';
/** The layout of some frames of a video, as data (contract §22), nothing drawn: `(request: FrameLayoutRequest) => Promise<FrameLayout[]>`. */
export const IN_PAGE_FRAME_LAYOUT_FUNCTION = 'maprFrameLayouts';

export interface InPageRenderRequest {
  /** The composition the page draws: one of those its bundle entry installed (`MAP_ANIMATION_COMPOSITION_ID`). */
  compositionId: string;
  props: MapAnimationProps;
  /**
   * Only these frames (first and last, inclusive), as one chunk of a split job: the MP4 then holds just them, its
   * timestamps starting at 0, and the thumbnail is the range's last frame. Null: the whole composition.
   */
  frameRange: [number, number] | null;
  /** Bits per second of the H.264 stream. */
  videoBitrate: number;
  /** Where the MP4 is POSTed; the thumbnail (the last frame as a JPEG) goes to `thumbnailUrl` when given. */
  videoUrl: string;
  thumbnailUrl: string | null;
  /**
   * Remotion's licence key (REMOTION_LICENSE_KEY) for the web renderer, which reports its use to REMOTION_USAGE_ORIGIN
   * from the page; null: none (the page's report is then refused with every other request that leaves it).
   */
  licenseKey: string | null;
}

/** The page's answer: the video made (and POSTed), with its frame count and time spent drawing and encoding, or declined. */
export type InPageRenderAnswer =
  { rendered: true; frames: number; drawMs: number; encodeMs: number } | { rendered: false; declined: string };

export interface FrameLayoutRequest {
  props: MapAnimationProps;
  /** Frame numbers, each within the video. */
  frames: number[];
}

/** The functions on the page's `window`, under the names above. */
export interface InPageApi {
  [IN_PAGE_RENDER_FUNCTION]: (request: InPageRenderRequest) => Promise<InPageRenderAnswer>;
  [IN_PAGE_ABORT_FUNCTION]: () => void;
  [IN_PAGE_FRAME_LAYOUT_FUNCTION]: (request: FrameLayoutRequest) => Promise<FrameLayout[]>;
  [IN_PAGE_PROGRESS_FUNCTION]?: (encodedFrames: number) => Promise<void>;
}
