export * from './renderer.port';
export * from './remotion-renderer';
export * from './renderer-pool';
export * from './remotion-bundle';
export * from './style-previews';
export { probeVideo, isFastStart, topLevelBoxes, ffprobePath } from './video-file';
export type { ProbedVideo } from './video-file';
export * from './in-page-renderer';
export * from './in-page-first-renderer';
