/** Text widths from the browser's own font metrics (browser-only), for layouts that wrap text themselves. */
import type { MeasureText } from './text-overlay-layout';

/** The compositions' typeface: installed with the renderer's Chromium (DejaVu), with a fallback. */
export const FONT_FAMILY = '"DejaVu Sans", sans-serif';

let context: CanvasRenderingContext2D | null = null;

export const measureText: MeasureText = (text, font) => {
  context ??= document.createElement('canvas').getContext('2d');
  if (!context) throw new Error('No 2D canvas to measure text with');
  context.font = `${font.weight} ${font.size}px ${FONT_FAMILY}`;
  return context.measureText(text).width;
};
