/**
 * Detail beyond continent scale (contract §21): an operator's XYZ imagery source (`IMAGERY_TILE_URL`), which the
 * renderer's own tile cache serves to the page. The bundled NASA imagery (about 10 km a pixel) blurs once a frame shows
 * less than a continent; where tiles are configured, the `satellite` style draws them there instead.
 */

/** What the composition needs to draw an operator's tiles: filled in by the renderer, never by a request. */
export interface CompositionImageryTiles {
  /** The renderer's tile cache, an XYZ template (`http://127.0.0.1:…/tiles/{z}/{x}/{y}`): served from disk, fetched before the first frame. */
  url: string;
  /** Drawn in the frame's corner wherever tiles show, as the provider's terms require; null: none given. */
  attribution: string | null;
  /** The deepest zoom level the source serves. */
  max_zoom: number;
}

/** Styles drawn from true-colour imagery: the ones an operator's (true-colour) tiles sharpen. */
export const TILE_IMAGERY_STYLES: readonly string[] = ['satellite'];

/**
 * How many times the bits of a map of flat fills a frame of this map needs to come out of the encoder as sharp
 * (the in-page encoder's bitrate, ADR 0021; x264's CRF finds it by itself): true-colour imagery is textured
 * everywhere, night lights and relief shading less so. Measured with `npm run bench:quality`.
 */
export function pictureDetail(props: { style: string; terrain: { enabled: boolean; exaggeration: number } }): number {
  const imagery = props.style === 'satellite' ? 4 : props.style === 'night' ? 1.3 : 1;
  const relief = props.terrain.enabled && props.terrain.exaggeration > 0 ? 1.4 : 1;
  return Math.max(imagery, relief);
}
