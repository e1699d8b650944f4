/**
 * multi_route's camera: one slow move from the opening framing to the closing one. Unset zooms
 * frame the whole network (every route, the origin and every destination) inside the safe area,
 * opening a little wider and settling on the fit as the routes draw, by how much `camera.intensity`
 * says. A requested zoom (1 = the whole world, as `camera.start_zoom` of route_animation) closer
 * than the fit centres on the origin, where the routes leave from. The move is a van Wijk–Nuij
 * zoom-pan eased with smootherstep: no jumps, no sudden change of speed. Pure.
 */
import { globeOffset, globeWeight } from '../../lib/globe/globe';
import type { PropsOf } from '../../../src/modules/contract';
import { intensityFactors } from '../../lib/camera/camera-intensity';
import { type CameraState, fillingZoom, fitBox, focusPoint, maxZoom, minZoom, type Viewport, zoomPan } from '../../lib/camera/camera';
import { clamp, lerp, smootherstep } from '../../lib/time/easing';
import type { WorldPoint } from '../../lib/geo/mercator';
import { perspectiveDistance, planeToScreen } from '../../lib/camera/perspective';
import type { Box, RouteGeometry } from '../../lib/geo/route-geometry';
import type { MultiRouteTimeline } from './timeline';

export interface MultiRouteCameraInput {
  props: Pick<PropsOf<'multi_route'>, 'camera' | 'fps' | 'durationInFrames'> & {
    multi_route: Pick<PropsOf<'multi_route'>['multi_route'], 'start_zoom' | 'end_zoom'>;
  };
  geometry: RouteGeometry;
  timeline: MultiRouteTimeline;
  viewport: Viewport;
  /** The video shows the globe all along (lib/globe/globe-camera.ts): its closing shot frames the whole network, turned to face it. */
  onGlobe?: boolean;
}

/** How much wider than the fit the opening shot is by default, in octaves of zoom (balanced). */
const OPENING_WIDER = 0.14;

/** The camera of every frame (index = frame). */
export function planMultiRouteCamera({ props, geometry, timeline, viewport, onGlobe = false }: MultiRouteCameraInput): CameraState[] {
  const factors = intensityFactors(props.camera.intensity);
  const tilt = props.camera.tilt;
  const zMin = minZoom(viewport);
  const zMax = maxZoom(viewport);
  const fit = fitTilted(geometry.bbox, viewport, tilt);
  const origin = geometry.waypoints[0] ?? { x: fit.x, y: fit.y };
  const viewPx = safeShortSide(viewport);

  // A requested zoom: centred between the network's middle and the origin, the closer it is.
  const requested = (zoom: number): CameraState => {
    const z = clamp(Math.log2(viewPx) + zoom - 1, zMin, zMax);
    const towardsOrigin = clamp(z - fit.z, 0, 1);
    return { x: lerp(fit.x, origin.x, towardsOrigin), y: lerp(fit.y, origin.y, towardsOrigin), z, tilt };
  };
  const { start_zoom: startZoom, end_zoom: endZoom } = props.multi_route;
  const opening = startZoom != null ? requested(startZoom) : { ...fit, z: clamp(fit.z - OPENING_WIDER * factors.zoomIn, zMin, zMax), tilt };
  const framed = endZoom != null ? requested(endZoom) : { ...fit, tilt };
  const closing = onGlobe ? framed : showingMost(framed, geometry, viewport);

  // The move runs while the routes draw (from under the fading title card), a bold camera a little faster.
  const fps = props.fps;
  const from = Math.max(0, timeline.title.end - fps * 0.6);
  const arrived = Math.min(timeline.durationInFrames, timeline.outro.start + fps * 0.4);
  const to = from + Math.max(1, arrived - from) * Math.min(1, factors.moveTime);

  const track: CameraState[] = [];
  for (let frame = 0; frame < timeline.durationInFrames; frame++) {
    const u = smootherstep((frame - from) / Math.max(1, to - from));
    track.push(zoomPan(opening, closing, u, viewPx));
  }
  return track;
}

/**
 * A network wider than the flat map shows at its filling zoom (contract §22: the map fills the frame, so the
 * camera zooms out no further, lib/camera/camera.ts's keepWorldInFrame) cannot be framed whole: the closing shot holds
 * that zoom and centres on the stretch that shows the most of its points inside the safe area, the origin always,
 * nearest the network's middle; the camera pans there as the routes draw. A network that fits is left as it is.
 */
export function showingMost(closing: CameraState, geometry: RouteGeometry, viewport: Viewport): CameraState {
  const floor = fillingZoom(closing, viewport);
  if (closing.z >= floor) return closing;
  const scale = 2 ** floor;
  const focus = focusPoint(viewport);
  // The safe area's reach left and right of the focus in world units, less room for a label beside an edge marker.
  const margin = Math.min(viewport.width, viewport.height) * 0.04;
  const left = (focus.x - viewport.insets.left - margin) / scale;
  const right = (viewport.width - viewport.insets.right - focus.x - margin) / scale;
  const [origin, ...destinations] = geometry.waypoints;
  if (!origin) return closing;
  const shown = (x: number) => destinations.filter((p) => p.x >= x - left && p.x <= x + right).length;
  let best = { x: closing.x, shown: -1 };
  for (const x of [closing.x, ...destinations.flatMap((p) => [p.x + left, p.x - right])]) {
    if (origin.x < x - left || origin.x > x + right) continue;
    const count = shown(x);
    if (count > best.shown || (count === best.shown && Math.abs(x - closing.x) < Math.abs(best.x - closing.x))) best = { x, shown: count };
  }
  return { ...closing, x: best.x };
}

/** Screen position of a world point under a camera (the same maths as the composition's). */
export function screenPoint(camera: CameraState, point: WorldPoint, viewport: Viewport): { x: number; y: number; hidden?: boolean } {
  const focus = focusPoint(viewport);
  if (globeWeight(camera) > 0) {
    // `hidden`: behind the globe, where nothing of the point shows (its marker and label are left out).
    const g = globeOffset(camera, point.x, point.y);
    return { x: focus.x + g.x, y: focus.y + g.y, ...(g.visible ? {} : { hidden: true }) };
  }
  const scale = 2 ** camera.z;
  const tilt = { angle: (camera.tilt * Math.PI) / 180, distance: perspectiveDistance(viewport.width, viewport.height) };
  const p = planeToScreen((point.x - camera.x) * scale, (point.y - camera.y) * scale, tilt);
  return { x: focus.x + p.x, y: focus.y + p.y };
}

function safeShortSide(v: Viewport): number {
  return Math.max(1, Math.min(v.width - v.insets.left - v.insets.right, v.height - v.insets.top - v.insets.bottom));
}

/** fitBox, zoomed out until the box's corners stay inside the safe area under the tilt too. */
function fitTilted(box: Box, viewport: Viewport, tilt: number): CameraState {
  const fit = { ...fitBox(box, viewport, 0.1), tilt };
  if (tilt === 0) return fit;
  const { insets, width, height } = viewport;
  const corners = [
    { x: box.minX, y: box.minY },
    { x: box.maxX, y: box.minY },
    { x: box.minX, y: box.maxY },
    { x: box.maxX, y: box.maxY },
  ];
  const inside = (c: CameraState) =>
    corners.every((p) => {
      const s = screenPoint(c, p, viewport);
      return s.x >= insets.left && s.x <= width - insets.right && s.y >= insets.top && s.y <= height - insets.bottom;
    });
  for (let i = 0; i < 60 && !inside(fit) && fit.z > minZoom(viewport); i++) fit.z -= 0.05;
  return fit;
}
