/**
 * The request's numeric limits (contract §3, §13, §14), one named constant each: the DTOs validate
 * against them, the OpenAPI document shows them, and the parse and the compositions rely on them.
 */

/** Camera tilt in degrees: 0 (straight down) up to this (contract §19); past about 65° the horizon shows, with a sky. */
export const MAX_CAMERA_TILT_DEGREES = 85;

/** `camera.focus_hold_seconds`: how long the opening shot holds, in seconds. */
export const MAX_FOCUS_HOLD_SECONDS = 5;
/** `camera.opening_zoom_boost` and `camera.chokepoint_punch_in`: zoom multipliers. */
export const MIN_ZOOM_MULTIPLIER = 1;
export const MAX_ZOOM_MULTIPLIER = 3;

/** Map zoom: 1 shows the whole world, each step doubles the scale (camera.start_zoom, waypoint and mode zooms). */
export const MIN_MAP_ZOOM = 1;
export const MAX_MAP_ZOOM = 20;

/** A waypoint's `dwell` and `camera_hold_seconds`, in seconds. */
export const MAX_WAYPOINT_PAUSE_SECONDS = 5;

/** At most this share of a route_animation may be pauses on waypoints (dwell + camera_hold_seconds): the rest is travel. */
export const MAX_PAUSE_SHARE = 0.5;

/** The shortest video, in seconds; the longest is the tier's. */
export const MIN_DURATION_SECONDS = 3;

/** Waypoints of a route_animation. */
export const MIN_WAYPOINTS = 2;
export const MAX_WAYPOINTS = 25;

/** Routes longer than this (km) open on the globe: `camera.preset: auto` plays global_corridor_reveal (contract §19). */
export const GLOBE_REVEAL_MIN_ROUTE_KM = 3000;
