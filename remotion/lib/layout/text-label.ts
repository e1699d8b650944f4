/**
 * A map label as the modes place it and draw it (browser-only drawing): one line of text with a halo
 * round its letters or on a plate, its box, size and colours being what a frame's layout reports
 * (contract §22, lib/scene/frame-layout.ts). Placing returns these; drawing only reads them.
 */
import type { LayoutLabel } from '../../../src/modules/contract';

/** Labels are at least this many size units (1% of the frame's short side) tall: §22 asks 2.2 %. */
export const MIN_LABEL_UNITS = 2.2;

export interface TextLabel extends LayoutLabel {
  /** CSS font, its size being `fontPx`. */
  font: string;
  /** Where the text is drawn from: the middle of its line, at its left, centre or right per `align`. */
  textX: number;
  textY: number;
  align: CanvasTextAlign;
  /** A halo's stroke width (pixels); 0 for a plate. */
  haloWidth: number;
  /** A plate's rounded box and edge (its fill is `backing.color`); null for a halo. */
  plate: { x: number; y: number; width: number; height: number; radius: number; edge: { color: string; width: number } | null } | null;
}

/** A font's size in pixels as drawn: rounded up to a tenth, so the label is never smaller than asked. */
export function labelFontPx(units: number, unit: number): number {
  return Math.ceil(units * unit * 10 - 1e-6) / 10;
}

/** The CSS font of a label. */
export function labelFont(px: number, weight: number, italic = false): string {
  return `${italic ? 'italic ' : ''}${weight} ${px.toFixed(1)}px "DejaVu Sans", sans-serif`;
}

/** Draws labels in order, each at its opacity. Leaves the canvas at full opacity, text aligned left. */
export function drawTextLabels(ctx: CanvasRenderingContext2D, labels: readonly TextLabel[]): void {
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  for (const label of labels) {
    if (label.opacity <= 0) continue;
    ctx.globalAlpha = label.opacity;
    if (label.plate) {
      const p = label.plate;
      ctx.beginPath();
      ctx.roundRect(p.x, p.y, p.width, p.height, p.radius);
      ctx.fillStyle = label.backing.color;
      ctx.fill();
      if (p.edge) {
        ctx.lineWidth = p.edge.width;
        ctx.strokeStyle = p.edge.color;
        ctx.stroke();
      }
    }
    ctx.font = label.font;
    ctx.textAlign = label.align;
    if (!label.plate) {
      ctx.strokeStyle = label.backing.color;
      ctx.lineWidth = label.haloWidth;
      ctx.strokeText(label.text, label.textX, label.textY);
    }
    ctx.fillStyle = label.color;
    ctx.fillText(label.text, label.textX, label.textY);
  }
  ctx.globalAlpha = 1;
  ctx.textAlign = 'left';
}
