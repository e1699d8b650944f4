/**
 * What a render shows (contract §13). Each mode is defined in `./modes/<mode>.ts` and registered in
 * `./modes/index.ts`, which the compiler holds to this list: a mode named here and defined nowhere does
 * not compile (nor does one missing from the DTOs, the compositions' registry or the dashboard's).
 */
export const RENDER_MODES = ['route_animation', 'multi_route', 'region_focus', 'country_data'] as const;
export type RenderMode = (typeof RENDER_MODES)[number];

/** The mode of a body without `mode` (and of jobs stored before modes existed): one route, its waypoints in order. */
export const DEFAULT_RENDER_MODE = 'route_animation' satisfies RenderMode;
