export * from './renderer.port';
export * from './remotion-renderer';
export * from './remotion-bundle';
export { probeVideo, isFastStart, topLevelBoxes, ffprobePath } from './video-file';
export type { ProbedVideo } from './video-file';
