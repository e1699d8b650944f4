/**
 * Detail beyond continent scale (contract §21): an operator's XYZ imagery source (`IMAGERY_TILE_URL`), which the
 * renderer's own tile cache serves to the page. The bundled NASA imagery (about 10 km a pixel) blurs once a frame shows
 * less than a continent; where tiles are configured, the `satellite` style draws them there instead.
 */
import { type ImageryKind, styleImagery } from './render-request';

/** What the composition needs to draw an operator's tiles: filled in by the renderer, never by a request. */
export interface CompositionImageryTiles {
  /** The renderer's tile cache, an XYZ template (`http://127.0.0.1:…/tiles/{z}/{x}/{y}`): served from disk, fetched before the first frame. */
  url: string;
  /** Drawn in the frame's corner wherever tiles show, as the provider's terms require; null: none given. */
  attribution: string | null;
  /** The deepest zoom level the source serves. */
  max_zoom: number;
}

/** Whether a style draws true-colour imagery: the ones an operator's (true-colour) tiles sharpen. */
export function sharpenedByImageryTiles(style: string): boolean {
  return styleImagery(style) === 'day';
}

/** How many times the flat fills' bits each kind of imagery needs (see pictureDetail). */
const IMAGERY_DETAIL: Record<ImageryKind, number> = { day: 4, night: 2.6 };

/**
 * How many times the x264 curve's bits (`inPageBitrate`) a frame of this map needs to come out of the in-page encoder
 * as sharp as the lossless still (ADR 0021; x264's CRF finds it by itself, Chromium's encoder only keeps a bitrate).
 * Flat fills need twice the curve: at 1× a fast zoom falls to SSIM 0.974 and sea gradients break into 16-pixel blocks
 * in 9:16; at 2× every flat frame keeps ≥ 0.991. True-colour imagery is textured everywhere, night lights and relief
 * shading less so. Measured with `npm run bench:quality`.
 */
export function pictureDetail(props: { style: string; terrain: { enabled: boolean; exaggeration: number } }): number {
  const kind = styleImagery(props.style);
  const imagery = kind ? IMAGERY_DETAIL[kind] : 2;
  const relief = props.terrain.enabled && props.terrain.exaggeration > 0 ? 2.8 : 2;
  return Math.max(imagery, relief);
}
