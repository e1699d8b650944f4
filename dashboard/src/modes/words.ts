/** Points and regions of a stored request in words, for the modes' route summaries. */
import type { NormalizedPoint, NormalizedRegion } from '../../../src/modules/contract';

export function pointLabel(point: Partial<NormalizedPoint> | undefined): string {
  if (!point) return '?';
  if (point.label) return point.label;
  if (point.place) return point.place;
  if (typeof point.lat === 'number' && typeof point.lng === 'number') return `${point.lat.toFixed(2)}, ${point.lng.toFixed(2)}`;
  return '?';
}

export function regionLabel(region: NormalizedRegion | 'world' | undefined): string {
  if (!region || region === 'world') return 'the world';
  if (region.kind === 'country') return region.name;
  return `box ${region.bbox.map((n) => n.toFixed(1)).join(', ')}`;
}
