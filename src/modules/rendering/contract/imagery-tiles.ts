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
