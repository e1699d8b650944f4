/**
 * What a job's map shows under its lines (contract §21): a style's imagery, relief from `terrain` or
 * the style's own. Pure (the drawing is lib/map/imagery.ts), so scenes can plan with it.
 */
import type { MapAnimationProps } from '../../../src/modules/contract';
import type { ImageryKind, Palette } from './styles';

/** What a job's map shows under its lines besides the style's fills. */
export interface SurfaceSpec {
  /** Imagery in place of the water and land fills; null = the style's fills. */
  imagery: ImageryKind | null;
  /** Relief's exaggeration (0 = none). */
  relief: number;
  /** How dark a shadow and how bright a lit slope get over a style's flat land (relief without imagery). */
  overlay: { shadow: number; light: number };
}

/** The surface a job draws; null = the style's plain fills (the common case, which costs nothing). */
export function surfaceSpecOf(props: Pick<MapAnimationProps, 'terrain'>, palette: Palette): SurfaceSpec | null {
  const relief = props.terrain.enabled ? props.terrain.exaggeration : palette.baseRelief;
  if (!palette.imagery && relief <= 0) return null;
  // On a dark style's land the shadows carry the relief; on a light one the lit slopes can show too.
  const dark = luminance(palette.land) < 0.35;
  return { imagery: palette.imagery, relief, overlay: dark ? { shadow: 0.9, light: 0.35 } : { shadow: 0.55, light: 0.5 } };
}

/** Relative luminance of a #rrggbb colour (0–1). */
function luminance(hex: string): number {
  const n = parseInt(hex.slice(1, 7), 16);
  const channel = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}
