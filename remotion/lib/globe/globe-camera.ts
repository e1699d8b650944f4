/**
 * Where the globe shows (contract §20), decided per frame on top of a mode's flat camera track:
 * `flat` never, `globe` always, `auto` for the opening of global_corridor_reveal and wherever a frame
 * whose width is not its longest side (9:16, 4:5, 1:1) shows more than about 120° of longitude.
 * The weight changes smoothly from frame to frame and the globe keeps the flat map's scale at the
 * focus (lib/globe/globe.ts), so globe ↔ flat is one continuous move. A pure function of its inputs.
 */
import type { Projection } from '../../../src/modules/contract';
import { type CameraState, safeSize, type Viewport, zoomPan } from '../camera/camera';
import { lerp, smootherstep } from '../time/easing';
import { angleFromFocus, globeRadius, zoomForGlobeRadius } from './globe';
import { latitudeOf } from '../geo/mercator';
import type { Box, RouteGeometry } from '../geo/route-geometry';

/** The whole globe's radius, as a share of the safe area's short side: the globe fills the frame with its rim in view. */
export const WHOLE_GLOBE_RADIUS_SHARE = 0.45;

/** Seconds global_corridor_reveal adds to the opening: the globe turns towards the route, then descends to it. */
export const GLOBE_OPENING_SECONDS = 2.2;

/** auto shows the globe all video long for content wider than this (degrees of longitude) in a frame that is not wider than tall. */
export const AUTO_GLOBE_CONTENT_DEGREES = 120;

/** The opening of global_corridor_reveal, in frames: the globe turns until `turnEnd`, and has become the flat map at `end`. */
export interface GlobeOpening {
  turnEnd: number;
  end: number;
  /**
   * How the globe becomes the flat map: `morph` opens it out (every point gliding from its place on
   * the globe to its place on the map) where the globe has grown larger than the frame by then;
   * `dissolve` fades the whole globe into the map at the same scale where it is still smaller
   * (a portrait frame over a long first leg), since opening out a globe whose rim shows would
   * tear the map across the pole.
   */
  flattening: 'morph' | 'dissolve';
  /** World point the globe turns to face (the route's corridor, or start_focus_waypoint). */
  target: { x: number; y: number };
}

/**
 * The opening's frames when its descent ends at frame `end` (the globe turns over the first 40%),
 * onto the flat track's camera there (`arrival`).
 */
export function planGlobeOpening(
  end: number,
  fps: number,
  track: CameraState[],
  viewport: Viewport,
  corridor: Box,
  focus: { x: number; y: number } | null,
  /** False where the map draws imagery or relief: a picture sampled on the sphere cannot open out, so it dissolves. */
  canMorph = true,
): GlobeOpening {
  // Half a second at least, within the video (a warm-up render of a few frames has a short track).
  const last = Math.max(0, Math.min(track.length - 1, Math.max(Math.round(end), Math.round(fps * 0.5))));
  const arrival = track[last];
  return {
    turnEnd: Math.round(last * 0.4),
    end: last,
    target: focus ?? { x: (corridor.minX + corridor.maxX) / 2, y: (corridor.minY + corridor.maxY) / 2 },
    flattening: canMorph && reachOf(viewport, arrival) <= MORPH_MAX_REACH ? 'morph' : 'dissolve',
  };
}

/** The frame's half-diagonal in radii of the globe at this camera: below 1 the globe covers the frame. */
function reachOf(viewport: Viewport, camera: CameraState): number {
  return Math.hypot(viewport.width, viewport.height) / 2 / globeRadius(camera.z, camera.y);
}

/** The globe opens out into the map only once its rim is this far out of the frame (in units of the frame's half-diagonal). */
const MORPH_MAX_REACH = 0.9;
/** …and starts to as its rim reaches the frame's corners. */
const MORPH_FROM_REACH = 1.1;

/** Zoom at which the whole globe, centred on world y `y`, fills the safe area with its rim in view. */
export function wholeGlobeZoom(viewport: Viewport, y: number): number {
  const { w, h } = safeSize(viewport);
  return zoomForGlobeRadius(WHOLE_GLOBE_RADIUS_SHARE * Math.min(w, h), y);
}

/**
 * Whether `auto` shows the globe all video long: content spanning more than about 120° of longitude
 * (`contentWidth` in world units, 1 = 360°) in a frame that is not wider than tall (9:16, 4:5, 1:1),
 * which a flat map would leave with empty bands above and below, as long as one side of the globe
 * holds all of it (`fitsOneSide`): content around the whole world would hide behind it.
 */
export function autoPrefersGlobe(viewport: Viewport, contentWidth: number, fitsOneSide = true): boolean {
  return viewport.width <= viewport.height && contentWidth * 360 > AUTO_GLOBE_CONTENT_DEGREES && fitsOneSide;
}

/** How far from the content's centre (degrees of arc) a point may lie for one side of the globe to show it well. */
export const ONE_SIDE_DEGREES = 75;

/** Whether every point lies within ONE_SIDE_DEGREES of the centre of `box` (world units), so one side of the globe shows them all. */
export function fitsOneSide(points: readonly { x: number; y: number }[], box: Box): boolean {
  const center = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
  const phi0 = (latitudeOf(center.y) * Math.PI) / 180;
  return points.every((p) => {
    const phi = (latitudeOf(p.y) * Math.PI) / 180;
    const dLambda = (p.x - center.x) * 2 * Math.PI;
    return angleFromFocus(dLambda, phi, phi0) <= ONE_SIDE_DEGREES;
  });
}

/**
 * The globe opening's camera at a frame: the whole globe, turning eastwards onto the target and
 * slowing as it gets there, handed over (the zoom-pan every handover uses, between the two shots
 * as they are at that frame) to the flat track over the descent, so the camera leaves the globe
 * with the track's own speed. The globe opens out into the flat map once it is larger than the
 * frame (its rim out of view), and has done so by the end whatever the zoom it arrives at.
 */
function openingCamera(track: CameraState[], viewport: Viewport, opening: GlobeOpening, frame: number): CameraState {
  const { target } = opening;
  // About 30° of longitude, turned over the whole opening.
  const turn = (30 / 360) * (1 - smootherstep(frame / Math.max(1, opening.end)));
  const globe: CameraState = { x: target.x - turn, y: target.y, z: wholeGlobeZoom(viewport, target.y), tilt: 0 };
  if (frame < opening.turnEnd) return { ...globe, globe: 1 };
  const progress = (frame - opening.turnEnd) / Math.max(1, opening.end - opening.turnEnd);
  const u = smootherstep(progress);
  const flat = track[Math.min(frame, track.length - 1)];
  const viewPx = Math.min(viewport.width, viewport.height);
  const moved = zoomPan(globe, { ...flat, tilt: 0 }, u, viewPx);
  const byTime = 1 - smootherstep((progress - 0.5) / 0.5);
  if (opening.flattening === 'dissolve') return { ...moved, tilt: flat.tilt * u, globe: byTime };
  // Over the rest of the descent, from the rim leaving the frame's corners to the arrival's zoom.
  const arrivalReach = Math.min(MORPH_MAX_REACH, reachOf(viewport, track[Math.min(opening.end, track.length - 1)]));
  const byZoom = 1 - smootherstep((MORPH_FROM_REACH - reachOf(viewport, moved)) / (MORPH_FROM_REACH - arrivalReach));
  return { ...moved, tilt: flat.tilt * u, globe: Math.min(byZoom, byTime) };
}

/**
 * Whether a video shows the globe all along: asked for, or auto's choice for content wider than about 120° in a
 * frame that is not wider than tall, which one side of the globe holds. A tilted camera (asked for explicitly, or
 * the cinematic preset's) looks across the flat map: auto keeps it.
 */
export function globeAllAlong(
  projection: Projection,
  viewport: Viewport,
  contentWidth: number,
  contentFitsOneSide: boolean,
  tilted: boolean,
): boolean {
  return projection === 'globe' || (projection === 'auto' && autoPrefersGlobe(viewport, contentWidth, contentFitsOneSide) && !tilted);
}

/**
 * The frames' globe weights (and zooms where the globe needs to be larger than the flat map's scale
 * to fill the frame) for a projection, on top of a flat track whose content is `contentWidth` world
 * units wide. `opening` is set for global_corridor_reveal.
 */
export function applyProjection(
  track: CameraState[],
  projection: Projection,
  viewport: Viewport,
  contentWidth: number,
  opening: GlobeOpening | null,
  contentFitsOneSide = true,
): CameraState[] {
  if (projection === 'flat') return track;
  const always = globeAllAlong(
    projection,
    viewport,
    contentWidth,
    contentFitsOneSide,
    track.some((camera) => camera.tilt > 0),
  );
  if (!always && !opening) return track;
  return track.map((camera, frame) => {
    const fromOpening = opening && frame < opening.end ? openingCamera(track, viewport, opening, frame) : null;
    const base = fromOpening ?? camera;
    const weight = always ? 1 : (fromOpening?.globe ?? 0);
    if (weight <= 0) return { ...base, globe: 0 };
    // A globe never shrinks below the whole globe's size: zoomed out further, the flat map would
    // show the world several times over, but the globe would only get smaller.
    const fill = wholeGlobeZoom(viewport, base.y);
    const z = base.z + weight * Math.max(0, fill - base.z);
    return { ...base, z, tilt: lerp(base.tilt, 0, weight), globe: weight };
  });
}

/**
 * A globe that holds still would hide half of what a world-wide picture shows (a world choropleth's
 * Americas, say): it turns eastwards at an even pace instead, `degrees` of longitude over the video,
 * centred on the camera's own longitude.
 */
export function turningGlobe(track: CameraState[], degrees: number): CameraState[] {
  const last = Math.max(1, track.length - 1);
  return track.map((camera, frame) => ({ ...camera, x: camera.x + (degrees / 360) * (frame / last - 0.5) }));
}

/** The waypoints and every tenth vertex of the legs: enough to tell where a route's content lies. */
export function routePoints(geometry: Pick<RouteGeometry, 'legs' | 'waypoints'>): Array<{ x: number; y: number }> {
  const points: Array<{ x: number; y: number }> = [...geometry.waypoints];
  for (const leg of geometry.legs) for (let v = 0; v < leg.xy.length / 2; v += 10) points.push({ x: leg.xy[v * 2], y: leg.xy[v * 2 + 1] });
  return points;
}
