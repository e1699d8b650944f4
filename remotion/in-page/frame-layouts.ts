/**
 * The layout of a video's frames as data (contract §22), computed in the bundle's page where text is measured with
 * the fonts the frames are drawn with: the function contract/in-page-protocol.ts names, for tests that check frames
 * are full and legible (test/support/frame-layouts.ts opens the page and calls it). Nothing is drawn.
 */
import { type FrameLayout, type FrameLayoutRequest, IN_PAGE_FRAME_LAYOUT_FUNCTION } from '../../src/modules/contract';
import { frameLayout } from '../lib/scene/frame-layout';
import { FONT_FAMILY } from '../lib/layout/measure-text';
import { buildScene } from '../modes';

/** Puts the frame layout function on the page's window. */
export function installFrameLayouts(): void {
  window[IN_PAGE_FRAME_LAYOUT_FUNCTION] = frameLayouts;
}

async function frameLayouts({ props, frames }: FrameLayoutRequest): Promise<FrameLayout[]> {
  // Widths are measured in the compositions' typeface, as when drawing: wait until it is there.
  await document.fonts.load(`700 16px ${FONT_FAMILY}`);
  const scene = buildScene(props);
  // What the mode's layout reads besides its plan (country polygons, for where a legend covers the fewest countries).
  await scene.layer.assets?.load();
  return frames.map((frame) => frameLayout(scene, frame));
}
