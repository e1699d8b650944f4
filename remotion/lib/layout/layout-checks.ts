/**
 * Whether a frame is full and legible (contract §22), read from its layout (contract/frame-layout.ts,
 * lib/scene/frame-layout.ts): nothing over the map (HUD, title card, text overlay, a mode's panel) covers a
 * route, a marker or a label; the flat map leaves no empty band along an edge of the frame; labels are
 * at least 2.2 % of the frame's short side tall and read at 4.5:1 or better against their halo or
 * plate wherever they sit. Each finding names the frame, the element and the figures. Pure.
 */
import type { FrameLayout, LayoutRect } from '../../../src/modules/contract';
import { MIN_LABEL_CONTRAST, worstContrast } from './contrast';
import { lengthInside, overlapArea } from './screen-geometry';

export type LayoutCheck = 'covered' | 'empty-band' | 'label-size' | 'label-contrast' | 'label-left-out';

export interface LayoutFinding {
  frame: number;
  check: LayoutCheck;
  /** The element at fault: a label, a marker or route covered, or the map for a band. */
  element: string;
  message: string;
}

/** A label's least height, as a share of the frame's short side (§22: 24 px at 1080p). */
export const MIN_LABEL_SHARE = 0.022;
/** An empty band narrower than this share of the frame's side it runs along goes unreported (anti-aliasing, rounding). */
export const BAND_TOLERANCE_SHARE = 0.004;

export function checkFrameLayout(layout: FrameLayout): LayoutFinding[] {
  return [...coverFindings(layout), ...bandFindings(layout), ...labelFindings(layout), ...leftOutFindings(layout)];
}

const px = (n: number) => `${Math.round(n)} px`;
const where = (r: LayoutRect) => `(${Math.round(r.x)}, ${Math.round(r.y)}, ${Math.round(r.width)}×${Math.round(r.height)})`;

/** A cover over a route, a marker or a label (a panel's own text is its label, not something it covers). */
export function coverFindings(layout: FrameLayout): LayoutFinding[] {
  const findings: LayoutFinding[] = [];
  const { frame } = layout;
  for (const cover of layout.covers) {
    if (cover.opacity <= 0) continue;
    const name = `${cover.id} ${where(cover)}`;
    for (const label of layout.labels) {
      if (label.opacity <= 0 || label.id === cover.id) continue;
      const area = overlapArea(cover, label);
      if (area > 0)
        findings.push({
          frame,
          check: 'covered',
          element: `label ${label.id}`,
          message: `${name} covers label ${label.id} ${where(label)}: ${Math.round((100 * area) / (label.width * label.height))} % of it`,
        });
    }
    for (const marker of layout.markers) {
      if (marker.opacity <= 0) continue;
      const area = overlapArea(cover, marker);
      if (area > 0)
        findings.push({
          frame,
          check: 'covered',
          element: `marker ${marker.id}`,
          message: `${name} covers marker ${marker.id} ${where(marker)}: ${Math.round((100 * area) / (marker.width * marker.height))} % of it`,
        });
    }
    for (const route of layout.routes) {
      const length = lengthInside(route.points, cover);
      if (length > 0)
        findings.push({
          frame,
          check: 'covered',
          element: `route ${route.id}`,
          message: `${name} covers ${px(length)} of route ${route.id}`,
        });
    }
  }
  return findings;
}

/**
 * What the flat map leaves uncovered above its top edge (from the first row it is seen clearly) and below its bottom
 * edge (a globe is drawn whole, over its backdrop; an edge out of a tilted camera's sight leaves nothing).
 */
export function bandFindings(layout: FrameLayout): LayoutFinding[] {
  const { extent, frame, width, height } = layout;
  if (extent.kind !== 'flat') return [];
  const tolerance = BAND_TOLERANCE_SHARE * height;
  const findings: LayoutFinding[] = [];
  const band = (size: number, side: 'top' | 'bottom') => {
    if (size <= tolerance) return;
    findings.push({
      frame,
      check: 'empty-band',
      element: 'map',
      message: `the map's ${side} edge leaves an empty band of ${px(size)} at the ${side} of the ${width}×${height} frame (${(
        (100 * size) /
        height
      ).toFixed(1)} % of its height)`,
    });
  };
  if (extent.top !== null) band(Math.min(height, extent.top) - extent.clearFrom, 'top');
  if (extent.bottom !== null) band(Math.min(height, height - extent.bottom), 'bottom');
  return findings;
}

/** Labels smaller than MIN_LABEL_SHARE of the short side, or reading under MIN_LABEL_CONTRAST against their backing at worst. */
export function labelFindings(layout: FrameLayout): LayoutFinding[] {
  const { frame } = layout;
  const least = MIN_LABEL_SHARE * Math.min(layout.width, layout.height);
  const findings: LayoutFinding[] = [];
  for (const label of layout.labels) {
    if (label.fontPx < least - 1e-6)
      findings.push({
        frame,
        check: 'label-size',
        element: `label ${label.id}`,
        message: `label ${label.id} is ${label.fontPx.toFixed(1)} px tall, under ${(MIN_LABEL_SHARE * 100).toFixed(1)} % of the frame's short side (${least.toFixed(1)} px)`,
      });
    const { ratio, behind } = worstContrast(label.color, label.backing.color);
    if (ratio < MIN_LABEL_CONTRAST)
      findings.push({
        frame,
        check: 'label-contrast',
        element: `label ${label.id}`,
        message: `label ${label.id} (${label.color} on its ${label.backing.kind} ${label.backing.color}) reads at ${ratio.toFixed(2)}:1 over ${behind}, under ${MIN_LABEL_CONTRAST}:1`,
      });
  }
  return findings;
}

/** Labels whose marker is in the safe area, left out because what is over the map took their room. */
export function leftOutFindings(layout: FrameLayout): LayoutFinding[] {
  return layout.omitted.map((id) => ({
    frame: layout.frame,
    check: 'label-left-out' as const,
    element: `label ${id}`,
    message: `label ${id} was left out: what is over the map took its room`,
  }));
}
