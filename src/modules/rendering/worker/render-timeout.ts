/** Pixels of a 1080p frame: RENDER_TIMEOUT_SECONDS is the limit of a render whose frames are this size or smaller. */
const FULL_HD_PIXELS = 1920 * 1080;

/**
 * The wall-clock limit of one render call (a whole job or one chunk): RENDER_TIMEOUT_SECONDS, scaled by the frame's
 * pixels over a 1080p frame's when larger. A frame's cost grows with its pixels (screenshot and encode): on 2 cores a
 * 4k frame took 0.64 s against 0.2 s at 1080p, so the Studio plan's longest 4k video (45 s, 1350 frames, ~15 min on
 * one such worker) would end RENDER_TIMEOUT under the 1080p limit of 10 minutes; 4k gets 4× the limit.
 */
export function renderTimeoutMs(limitSeconds: number, frame: { width: number; height: number }): number {
  const scale = Math.max(1, (frame.width * frame.height) / FULL_HD_PIXELS);
  return Math.round(limitSeconds * scale * 1000);
}
