/**
 * Relief (contract §21): shading from elevation under the land of any style, in every mode. Off unless the
 * request turns it on; `exaggeration` scales how steep the shading makes the relief look (0 flattens it).
 *
 * `terrain` of a render body is written once, as a schema (ADR 0040): its validation (the render DTO checks it through
 * `SchemaField`), the type the parse reads (`TerrainInput`), the terrain a job stores (`Terrain`, its defaults filled
 * in), the `TerrainDto` component of the OpenAPI document and the dashboard's bounds (`TERRAIN_NUMBER_BOUNDS`).
 */
import { z } from 'zod';
import { numberBounds } from './schema-bounds';

export const TERRAIN_SCHEMA = z.strictObject({
  enabled: z
    .boolean()
    .default(false)
    .meta({ example: true, description: 'Shade the land with its relief (hills and mountains), under any style.' }),
  // 0 (no relief) to 3; 1 is the relief as it is.
  exaggeration: z
    .number()
    .min(0)
    .max(3)
    .default(1)
    .meta({ example: 1.5, description: 'How steep the relief looks: 0 flat, 1 as it is, 3 three times as steep.' }),
});

/** The terrain as a request sends it (a template's merged in): every field optional. */
export type TerrainInput = z.input<typeof TERRAIN_SCHEMA>;

/** The terrain with its defaults filled in: as the job stores it and the composition reads it. */
export type Terrain = z.output<typeof TERRAIN_SCHEMA>;

/** No relief: what a request that names no terrain (and a job stored before contract §21) gets. */
export const DEFAULT_TERRAIN: Readonly<Terrain> = Object.freeze(TERRAIN_SCHEMA.parse({}));

/** The bounds of the terrain's number fields (`exaggeration`), for the dashboard's input. */
export const TERRAIN_NUMBER_BOUNDS = numberBounds(TERRAIN_SCHEMA);

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
