/** Text widths from the browser's own font metrics (browser-only), for layouts that wrap text themselves. */
import type { MeasureText } from './text-overlay-layout';

/** The compositions' typeface: installed with the renderer's Chromium (DejaVu), with a fallback. */
export const FONT_FAMILY = '"DejaVu Sans", sans-serif';

let context: CanvasRenderingContext2D | null = null;

function measuring(): CanvasRenderingContext2D {
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) throw new Error('No 2D canvas to measure text with');
  return context;
}

export const measureText: MeasureText = (text, font) => measureCssFont(text, `${font.weight} ${font.size}px ${FONT_FAMILY}`);

/** Width in pixels of `text` set in a CSS font (`700 24.0px "DejaVu Sans", sans-serif`). */
export function measureCssFont(text: string, font: string): number {
  const ctx = measuring();
  ctx.font = font;
  return ctx.measureText(text).width;
}
