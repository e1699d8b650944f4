/**
 * The map's projection (contract §20): a flat Web-Mercator map, or an orthographic globe with every
 * layer of the style on it. `auto` lets the composition choose per shot.
 */
export const PROJECTIONS = ['auto', 'flat', 'globe'] as const;
export type Projection = (typeof PROJECTIONS)[number];
export const DEFAULT_PROJECTION: Projection = 'auto';

/** One line per projection, for the API reference and the dashboard. */
export const PROJECTION_DESCRIPTIONS: Record<Projection, string> = {
  auto: 'The globe where it tells the story better (a long route opens on it; wide content that one side of the globe holds stays on it in 9:16, 4:5 and 1:1), else the flat map.',
  flat: 'The flat (Web-Mercator) map, all video long.',
  globe: 'An orthographic globe with an atmosphere, all video long: routes follow great circles over its curve.',
};
