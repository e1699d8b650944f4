/**
 * Margins of the frame that labels, HUD and framing keep clear of. Portrait (9:16) video is
 * watched under app overlays (caption at the bottom, buttons on the right, tabs on top), so its
 * insets are much larger than the ordinary title-safe 5%.
 */
export interface Insets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export function safeInsets(width: number, height: number): Insets {
  const portrait = height / width > 1.5;
  if (portrait) {
    return {
      top: Math.round(height * 0.11),
      right: Math.round(width * 0.15),
      bottom: Math.round(height * 0.2),
      left: Math.round(width * 0.06),
    };
  }
  const m = Math.round(Math.min(width, height) * 0.05);
  return { top: m, right: m, bottom: m, left: m };
}

/** Base unit of text and icon sizes: 1% of the short side, so a layout scales with resolution. */
export function sizeUnit(width: number, height: number): number {
  return Math.min(width, height) / 100;
}
