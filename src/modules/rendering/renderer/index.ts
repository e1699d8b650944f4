/**
 * The renderer's public sub-surface: what its outside callers use (the worker's and the preview's providers and
 * services, e2e tests, bench/ and scripts/). The rest of the folder (the browsers, the temp-folder redirection, the
 * cancel wiring, the encoder's thumbnail, composition config) is the renderers' own business.
 */
export {
  RenderCancelledError,
  type JoinChunksInput,
  type RenderedVideo,
  type Renderer,
  type RenderVideoInput,
  type StillInput,
  type StillRenderer,
} from './renderer.port';
export { RemotionRenderer, type RemotionRendererOptions } from './remotion-renderer';
export { InPageDeclined, InPageRenderer, type InPageRendererOptions } from './in-page-renderer';
export { InPageFirstRenderer } from './in-page-first-renderer';
export { FrameLayoutPage, type FrameLayoutPageOptions } from './frame-layout-page';
export { RendererPool } from './renderer-pool';
export { compositionConfig } from './composition-config';
export { buildRemotionBundle, defaultBundleDir, ensureRemotionBundle } from './remotion-bundle';
export { renderStylePreviews, stylePreviewsDir } from './style-previews';
export { ffprobePath, isFastStart, probeVideo, type ProbedVideo } from './video-file';
export { ImageryTileCache, type ImageryTileSource, stillsWithImageryTiles, withImageryTiles } from './imagery-tile-cache';
