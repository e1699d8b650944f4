/**
 * Deterministic label placement: each label tries a fixed list of spots around its marker
 * (right, left, above, below, then the diagonals) and takes the first one that stays inside the
 * safe area and overlaps neither an already placed label nor an obstacle (HUD, other markers).
 * Higher-priority labels are placed first; a label with no free spot is left out rather than
 * drawn over another one or cut by the frame edge.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LabelRequest {
  id: number;
  anchor: { x: number; y: number };
  width: number;
  height: number;
  /** Larger first; ties keep input order. */
  priority: number;
  /** Distance kept between the anchor and the label box. */
  gap: number;
}

export type LabelSide = 'right' | 'left' | 'top' | 'bottom' | 'top-right' | 'bottom-right' | 'top-left' | 'bottom-left';

export interface PlacedLabel extends Rect {
  id: number;
  side: LabelSide;
}

const SIDES: LabelSide[] = ['right', 'left', 'top', 'bottom', 'top-right', 'bottom-right', 'top-left', 'bottom-left'];

export function candidateRect(req: LabelRequest, side: LabelSide): Rect {
  const { x, y } = req.anchor;
  const { width: w, height: h, gap: g } = req;
  const d = g * 0.75; // diagonal spots sit a little closer
  switch (side) {
    case 'right':
      return { x: x + g, y: y - h / 2, width: w, height: h };
    case 'left':
      return { x: x - g - w, y: y - h / 2, width: w, height: h };
    case 'top':
      return { x: x - w / 2, y: y - g - h, width: w, height: h };
    case 'bottom':
      return { x: x - w / 2, y: y + g, width: w, height: h };
    case 'top-right':
      return { x: x + d, y: y - d - h, width: w, height: h };
    case 'bottom-right':
      return { x: x + d, y: y + d, width: w, height: h };
    case 'top-left':
      return { x: x - d - w, y: y - d - h, width: w, height: h };
    case 'bottom-left':
      return { x: x - d - w, y: y + d, width: w, height: h };
  }
}

export function overlaps(a: Rect, b: Rect, padding = 0): boolean {
  return a.x < b.x + b.width + padding && b.x < a.x + a.width + padding && a.y < b.y + b.height + padding && b.y < a.y + a.height + padding;
}

export function inside(r: Rect, bounds: Rect): boolean {
  return r.x >= bounds.x && r.y >= bounds.y && r.x + r.width <= bounds.x + bounds.width && r.y + r.height <= bounds.y + bounds.height;
}

export function pointInside(p: { x: number; y: number }, bounds: Rect): boolean {
  return p.x >= bounds.x && p.y >= bounds.y && p.x <= bounds.x + bounds.width && p.y <= bounds.y + bounds.height;
}

export function placeLabels(requests: LabelRequest[], bounds: Rect, obstacles: Rect[] = [], padding = 4): PlacedLabel[] {
  const order = requests.map((r, i) => ({ r, i })).sort((a, b) => b.r.priority - a.r.priority || a.i - b.i);
  const placed: PlacedLabel[] = [];
  for (const { r } of order) {
    for (const side of SIDES) {
      const rect = candidateRect(r, side);
      if (!inside(rect, bounds)) continue;
      if (placed.some((p) => overlaps(rect, p, padding))) continue;
      if (obstacles.some((o) => overlaps(rect, o, padding))) continue;
      placed.push({ ...rect, id: r.id, side });
      break;
    }
  }
  return placed;
}
