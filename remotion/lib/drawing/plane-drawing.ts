/**
 * Helpers for a mode layer's drawing on the map plane (browser-only): world-unit transforms, the
 * copies of a shape the repeating map shows, and the water beyond the map's top and bottom.
 */
import type { Box } from '../geo/route-geometry';
import type { Palette } from '../map/styles';

export interface PlaneView {
  /** Canvas pixels per world unit. */
  scale: number;
  /** Canvas position of world (0, 0). */
  originX: number;
  originY: number;
  /** World box the canvas shows. */
  visible: Box;
}

export function planeView(ctx: CanvasRenderingContext2D, toX: (x: number) => number, toY: (y: number) => number): PlaneView {
  const originX = toX(0);
  const originY = toY(0);
  const scale = toX(1) - originX;
  const { width, height } = ctx.canvas;
  return {
    scale,
    originX,
    originY,
    visible: { minX: -originX / scale, maxX: (width - originX) / scale, minY: -originY / scale, maxY: (height - originY) / scale },
  };
}

/** Sets the transform so that paths in world units, moved `copy` worlds sideways, land in place. */
export function setWorldTransform(ctx: CanvasRenderingContext2D, view: PlaneView, copy = 0): void {
  ctx.setTransform(view.scale, 0, 0, view.scale, view.originX + copy * view.scale, view.originY);
}

/** Whole-world offsets at which a shape with this box shows on the canvas (the map repeats sideways). */
export function copiesOf(box: Box, view: PlaneView): number[] {
  const copies: number[] = [];
  for (let k = Math.floor(view.visible.minX - box.maxX); k <= Math.ceil(view.visible.maxX - box.minX); k++) {
    if (box.minX + k <= view.visible.maxX && box.maxX + k >= view.visible.minX) copies.push(k);
  }
  return copies;
}

/**
 * The map ends at ±85° latitude. Beyond it the frame shows plain water: above in the top colour of
 * the water gradient and below in its bottom colour, so no seam shows where the map's raster ends.
 */
export function fillBeyondWorld(ctx: CanvasRenderingContext2D, view: PlaneView, palette: Palette): void {
  const { width, height } = ctx.canvas;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const top = view.originY - 0.5 * view.scale;
  const bottom = view.originY + 0.5 * view.scale;
  if (top > 0) {
    ctx.fillStyle = palette.waterTop;
    ctx.fillRect(0, 0, width, Math.ceil(top));
  }
  if (bottom < height) {
    ctx.fillStyle = palette.waterBottom;
    ctx.fillRect(0, Math.floor(bottom), width, height - Math.floor(bottom));
  }
}

/**
 * Covers the map south of `southY` (world units) with the water's own gradient, as if the map had
 * no land there: a world choropleth hides Antarctica, which carries no data and which Mercator
 * blows up into the largest shape of a portrait frame. Over open ocean the cut cannot be seen.
 */
export function hideSouthOf(ctx: CanvasRenderingContext2D, view: PlaneView, palette: Palette, southY: number): void {
  const { width, height } = ctx.canvas;
  const top = view.originY + southY * view.scale;
  if (top >= height) return;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const gradient = ctx.createLinearGradient(0, view.originY - 0.5 * view.scale, 0, view.originY + 0.5 * view.scale);
  gradient.addColorStop(0, palette.waterTop);
  gradient.addColorStop(1, palette.waterBottom);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, Math.max(0, Math.floor(top)), width, height - Math.max(0, Math.floor(top)));
}
