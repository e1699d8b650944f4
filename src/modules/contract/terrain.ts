/**
 * Relief (contract §21): shading from elevation under the land of any style, in every mode. Off unless the
 * request turns it on; `exaggeration` scales how steep the shading makes the relief look (0 flattens it).
 */

/** `terrain.exaggeration`: 0 (no relief) to 3; 1 is the relief as it is. */
export const MIN_TERRAIN_EXAGGERATION = 0;
export const MAX_TERRAIN_EXAGGERATION = 3;
export const DEFAULT_TERRAIN_EXAGGERATION = 1;

/** The terrain as a request sends it (a template's merged in): every field optional. */
export interface TerrainInput {
  enabled?: boolean;
  exaggeration?: number;
}

/** The terrain with its defaults filled in: as the job stores it and the composition reads it. */
export interface Terrain {
  enabled: boolean;
  exaggeration: number;
}

/** No relief: what a request that names no terrain (and a job stored before contract §21) gets. */
export const DEFAULT_TERRAIN: Readonly<Terrain> = { enabled: false, exaggeration: DEFAULT_TERRAIN_EXAGGERATION };

/** The one line a creator reads, in the API reference and the dashboard. */
export const TERRAIN_DESCRIPTION =
  'Shades the land with its hills and mountains, under any map style; exaggeration makes the relief look steeper (0 flat, 1 as it is, 3 three times as steep).';

/** A request's terrain, or a stored one, with every field filled in (a new object each time). */
export function normalizeTerrain(terrain: TerrainInput | undefined): Terrain {
  return {
    enabled: terrain?.enabled ?? DEFAULT_TERRAIN.enabled,
    exaggeration: terrain?.exaggeration ?? DEFAULT_TERRAIN.exaggeration,
  };
}
