/**
 * Per-frame drawing onto canvases (browser-only): the map plane (raster copy, route, vehicle)
 * and the screen overlay (waypoint markers and labels). Everything here is a function of the
 * scene and the frame number.
 */
import type { Transport } from '../../src/modules/rendering/contract';
import { type CameraState, focusPoint } from './camera';
import { clamp01, smootherstep } from './easing';
import { type LabelRequest, placeLabels, type Rect } from './labels';
import { perspectiveDistance, planeBoundsOfScreen, planeToScreen, type Tilt } from './perspective';
import { headingAlong, pointAlong, progressAt, type RouteProgress } from './route-geometry';
import { sizeUnit } from './safe-area';
import { appendLegPath } from './trace-leg';
import type { Scene } from './scene';
import { path2d, VEHICLES } from './vehicles';
import { rasterFor } from './world-map';

export interface PlaneLayout {
  /** Canvas box relative to the focus point, in plane pixels. */
  minX: number;
  minY: number;
  width: number;
  height: number;
  perspective: number;
}

const layoutCache = new WeakMap<Scene, PlaneLayout>();

/** One canvas size for the whole video: the union of the plane's footprint over every tilt used. */
export function planeLayout(scene: Scene): PlaneLayout {
  const cached = layoutCache.get(scene);
  if (cached) return cached;
  const { width, height } = scene.viewport;
  const focus = focusPoint(scene.viewport);
  const perspective = perspectiveDistance(width, height);
  const tilts = [...new Set(scene.track.map((c) => Math.round(c.tilt * 10) / 10)), 0];
  let minX = -focus.x;
  let minY = -focus.y;
  let maxX = width - focus.x;
  let maxY = height - focus.y;
  for (const t of tilts) {
    const b = planeBoundsOfScreen(-focus.x, -focus.y, width - focus.x, height - focus.y, {
      angle: (t * Math.PI) / 180,
      distance: perspective,
    });
    minX = Math.min(minX, b.minX);
    minY = Math.min(minY, b.minY);
    maxX = Math.max(maxX, b.maxX);
    maxY = Math.max(maxY, b.maxY);
  }
  // Whole-pixel canvas position on screen: a flat map's pixels then land exactly on the frame's.
  const left = Math.floor(focus.x + minX);
  const top = Math.floor(focus.y + minY);
  const layout = {
    minX: left - focus.x,
    minY: top - focus.y,
    width: Math.ceil(focus.x + maxX) - left,
    height: Math.ceil(focus.y + maxY) - top,
    perspective,
  };
  layoutCache.set(scene, layout);
  return layout;
}

export function cameraAt(scene: Scene, frame: number): CameraState {
  const track = scene.track;
  return track[Math.max(0, Math.min(track.length - 1, Math.round(frame)))];
}

export function tiltOf(camera: CameraState, layout: PlaneLayout): Tilt {
  return { angle: (camera.tilt * Math.PI) / 180, distance: layout.perspective };
}

/** Draws the map plane of a frame: raster and the route so far. */
export function drawPlane(ctx: CanvasRenderingContext2D, scene: Scene, frame: number): void {
  const layout = planeLayout(scene);
  const camera = cameraAt(scene, frame);
  const scale = 2 ** camera.z;
  const f = Math.max(0, Math.min(scene.track.length - 1, Math.round(frame)));
  const spec = scene.rasters.rasters[scene.rasters.rasterOfFrame[f]];
  const raster = rasterFor(spec, scene.geometry.centerLng, scene.palette, scene.props.style, scene.regions[spec.detail] ?? null);

  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const toX = (wx: number) => (wx - camera.x) * scale - layout.minX;
  const toY = (wy: number) => (wy - camera.y) * scale - layout.minY;

  // Copy the visible part of the raster (source rectangle clipped, so only needed pixels are sampled).
  const rasterScale = spec.width / (spec.box.maxX - spec.box.minX);
  const dx0 = toX(spec.box.minX);
  const dy0 = toY(spec.box.minY);
  const k = scale / rasterScale; // screen px per raster px
  const sx = Math.max(0, -dx0 / k);
  const sy = Math.max(0, -dy0 / k);
  const sw = Math.min(spec.width, (layout.width - dx0) / k) - sx;
  const sh = Math.min(spec.height, (layout.height - dy0) / k) - sy;
  const covers = dx0 <= 0 && dy0 <= 0 && dx0 + spec.width * k >= layout.width && dy0 + spec.height * k >= layout.height;
  if (!covers) {
    ctx.fillStyle = scene.palette.waterBottom;
    ctx.fillRect(0, 0, layout.width, layout.height);
  }
  if (sw > 0 && sh > 0) {
    ctx.imageSmoothingEnabled = true;
    ctx.imageSmoothingQuality = 'low';
    ctx.drawImage(raster, sx, sy, sw, sh, dx0 + sx * k, dy0 + sy * k, sw * k, sh * k);
  }

  if (scene.layer) {
    scene.layer.drawPlane(ctx, frame, toX, toY);
    return;
  }
  const progress = progressAt(scene.props, scene.geometry, scene.timeline, frame);
  drawRoute(ctx, scene, progress, toX, toY);
}

function traceRoute(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  progress: RouteProgress,
  toX: (x: number) => number,
  toY: (y: number) => number,
): boolean {
  const { legs } = scene.geometry;
  ctx.beginPath();
  const lastLeg = Math.min(progress.fraction > 0 ? progress.leg : progress.leg - 1, legs.length - 1);
  for (let i = 0; i <= lastLeg; i++) {
    appendLegPath(ctx, legs[i], i < progress.leg ? Infinity : progress.distance, toX, toY, i === 0 ? 'moveTo' : 'lineTo');
  }
  return lastLeg >= 0;
}

function drawRoute(
  ctx: CanvasRenderingContext2D,
  scene: Scene,
  progress: RouteProgress,
  toX: (x: number) => number,
  toY: (y: number) => number,
): void {
  if (!traceRoute(ctx, scene, progress, toX, toY)) return;
  const { color, width, opacity, line } = scene.route;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  ctx.globalAlpha = opacity;
  if (line === 'glow') {
    ctx.strokeStyle = color;
    for (const [w, a] of [
      [width * 4.2, 0.1],
      [width * 2.6, 0.18],
      [width * 1.7, 0.35],
    ] as const) {
      ctx.globalAlpha = opacity * a;
      ctx.lineWidth = w;
      ctx.stroke();
    }
    ctx.globalAlpha = opacity;
    ctx.lineWidth = width;
    ctx.stroke();
    ctx.strokeStyle = 'rgba(255,255,255,0.75)';
    ctx.lineWidth = Math.max(1, width * 0.32);
    ctx.stroke();
  } else {
    const dash = line === 'dashed' ? [width * 2.6, width * 1.9] : line === 'dotted' ? [0.001, width * 2.1] : [];
    if (scene.palette.routeCasing && line !== 'dotted') {
      ctx.strokeStyle = scene.palette.routeCasing;
      ctx.lineWidth = width + Math.max(2, width * 0.7);
      ctx.setLineDash(dash);
      ctx.lineCap = line === 'dashed' ? 'butt' : 'round';
      ctx.stroke();
    }
    ctx.strokeStyle = color;
    ctx.lineWidth = line === 'dotted' ? width * 1.25 : width;
    ctx.lineCap = line === 'dashed' ? 'butt' : 'round';
    ctx.setLineDash(dash);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.globalAlpha = 1;
}

/**
 * The vehicle, in screen space above the markers (so it is never hidden under the waypoint it
 * pauses on). On a tilted map it follows the perspective: heading and size come from how a
 * short step along the route projects to the screen.
 */
interface VehiclePose {
  x: number;
  y: number;
  heading: number;
  /** Scale of the 24-unit silhouette. */
  size: number;
  visibility: number;
  transport: Exclude<Transport, 'none'>;
}

function vehiclePose(scene: Scene, progress: RouteProgress, frame: number, camera: CameraState): VehiclePose | null {
  const leg = scene.geometry.legs[progress.leg];
  const transport: Transport = scene.props.legs[progress.leg]?.transport ?? 'none';
  if (!leg || transport === 'none') return null;
  // The vehicle appears as the opening shot ends and leaves after the closing shot starts.
  const { intro, outro } = scene.timeline;
  const fps = scene.props.fps;
  const appear = smootherstep((frame - (intro.end - fps * 0.5)) / (fps * 0.4));
  const leave = 1 - smootherstep((frame - (outro.start + fps * 0.4)) / (fps * 0.5));
  const visibility = Math.min(appear, leave);
  if (visibility <= 0.001) return null;
  const at = pointAlong(leg, progress.distance);
  const heading = headingAlong(leg, progress.distance);
  const step = 4 / 2 ** camera.z; // four screen pixels, in world units
  const a = worldToScreen(scene, camera, at.x, at.y);
  const b = worldToScreen(scene, camera, at.x + Math.cos(heading) * step, at.y + Math.sin(heading) * step);
  const depth = Math.min(1.4, Math.max(0.5, Math.hypot(b.x - a.x, b.y - a.y) / 4));
  const unit = sizeUnit(scene.props.width, scene.props.height);
  const size = ((VEHICLES[transport].size * unit) / 24) * (0.6 + 0.4 * visibility) * depth;
  return { x: a.x, y: a.y, heading: Math.atan2(b.y - a.y, b.x - a.x), size, visibility, transport };
}

function drawVehicle(ctx: CanvasRenderingContext2D, scene: Scene, pose: VehiclePose | null): void {
  if (!pose) return;
  const shape = VEHICLES[pose.transport];
  const { x, y, heading: screenHeading, size, visibility } = pose;
  const a = { x, y };
  const body = path2d(shape.body);
  ctx.save();
  ctx.globalAlpha = visibility;
  // Soft drop shadow: an offset copy (light from the top left), cheaper than shadowBlur.
  ctx.setTransform(1, 0, 0, 1, a.x + size * 0.9, a.y + size * 1.3);
  ctx.rotate(screenHeading);
  ctx.scale(size, size);
  ctx.fillStyle = 'rgba(0,0,0,0.28)';
  ctx.fill(body);
  ctx.setTransform(1, 0, 0, 1, a.x, a.y);
  ctx.rotate(screenHeading);
  ctx.scale(size, size);
  ctx.fillStyle = scene.palette.vehicleFill;
  ctx.strokeStyle = scene.palette.vehicleStroke;
  ctx.lineWidth = 1.3;
  ctx.lineJoin = 'round';
  ctx.stroke(body);
  ctx.fill(body);
  if (shape.detail) {
    ctx.fillStyle = scene.palette.vehicleStroke;
    ctx.globalAlpha = visibility * 0.85;
    ctx.fill(path2d(shape.detail));
  }
  ctx.restore();
}

export interface OverlayObstacles {
  /** Screen rectangles labels must avoid (the HUD panel). */
  rects: Rect[];
}

/** Screen position of a world point on this frame (through the tilt). */
export function worldToScreen(scene: Scene, camera: CameraState, wx: number, wy: number): { x: number; y: number } {
  const layout = planeLayout(scene);
  const focus = focusPoint(scene.viewport);
  const scale = 2 ** camera.z;
  const p = planeToScreen((wx - camera.x) * scale, (wy - camera.y) * scale, tiltOf(camera, layout));
  return { x: focus.x + p.x, y: focus.y + p.y };
}

/** Markers, the vehicle and labels, in screen space (upright even on a tilted map). */
export function drawOverlay(ctx: CanvasRenderingContext2D, scene: Scene, frame: number, obstacles: OverlayObstacles, clear = true): void {
  const { width, height, insets } = scene.viewport;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  if (clear) ctx.clearRect(0, 0, width, height);
  if (scene.layer) {
    scene.layer.drawOverlay(ctx, frame, obstacles.rects);
    return;
  }
  const camera = cameraAt(scene, frame);
  const progress = progressAt(scene.props, scene.geometry, scene.timeline, frame);
  const unit = sizeUnit(width, height);
  const fps = scene.props.fps;
  const palette = scene.palette;

  const visible = scene.props.waypoints
    .map((wp, i) => {
      const reachedAt = progress.reachedAtFrame[i] ?? Infinity;
      // The first waypoint appears with the opening shot; the others as the vehicle arrives.
      const appearAt = i === 0 ? Math.max(0, scene.timeline.intro.end - fps * 0.9) : reachedAt - fps * 0.1;
      const t = clamp01((frame - appearAt) / (fps * 0.45));
      const p = scene.geometry.waypoints[i];
      return { wp, i, t, screen: worldToScreen(scene, camera, p.x, p.y) };
    })
    .filter((v) => v.t > 0);

  const markerRadius = (emphasis: string) => (emphasis === 'waypoint' ? 1.25 : emphasis === 'chokepoint' ? 1.2 : 0.85) * unit;
  const fontFor = (emphasis: string) => {
    const px = (emphasis === 'waypoint' ? 2.9 : emphasis === 'chokepoint' ? 2.3 : 2.5) * unit;
    const weight = emphasis === 'standard' ? 600 : 700;
    return { px, font: `${emphasis === 'chokepoint' ? 'italic ' : ''}${weight} ${px.toFixed(1)}px "DejaVu Sans", sans-serif` };
  };

  // A label moves outwards while the vehicle sits on its waypoint, so the two never overlap
  // (smoothly, with the distance, rather than jumping to another side).
  const vehicle = vehiclePose(scene, progress, frame, camera);
  const vehicleReach = vehicle ? vehicle.size * 12 * vehicle.visibility : 0;
  const gapNearVehicle = (anchor: { x: number; y: number }, gap: number) => {
    if (!vehicle) return gap;
    const closeness = 1 - smootherstep(Math.hypot(anchor.x - vehicle.x, anchor.y - vehicle.y) / (vehicleReach * 2 + 1e-9));
    return Math.max(gap, gap + closeness * (vehicleReach + unit * 0.4 - gap));
  };

  // Labels: measured, then placed without overlaps inside the safe area.
  const requests: LabelRequest[] = [];
  const texts = new Map<number, { text: string; font: string }>();
  for (const v of visible) {
    if (!v.wp.label) continue;
    const { font, px: fontPx } = fontFor(v.wp.emphasis);
    const text = v.wp.emphasis === 'chokepoint' ? v.wp.label.toUpperCase() : v.wp.label;
    ctx.font = font;
    const w = ctx.measureText(text).width;
    texts.set(v.i, { text, font });
    requests.push({
      id: v.i,
      anchor: v.screen,
      width: w + unit * 1.2,
      height: fontPx * 1.35,
      priority:
        (v.wp.emphasis === 'waypoint' ? 2 : v.wp.emphasis === 'chokepoint' ? 1 : 0) +
        (v.i === 0 || v.i === scene.props.waypoints.length - 1 ? 0.5 : 0),
      gap: gapNearVehicle(v.screen, markerRadius(v.wp.emphasis) + unit * 0.5),
    });
  }
  const bounds: Rect = {
    x: insets.left,
    y: insets.top,
    width: width - insets.left - insets.right,
    height: height - insets.top - insets.bottom,
  };
  const markerRects = visible.map((v) => {
    const r = markerRadius(v.wp.emphasis);
    return { x: v.screen.x - r, y: v.screen.y - r, width: 2 * r, height: 2 * r };
  });
  // Each label avoids the other markers (its own marker is kept clear by the gap).
  const placed = placeLabelsAvoidingMarkers(
    requests,
    bounds,
    obstacles.rects,
    markerRects,
    visible.map((v) => v.i),
  );

  // Markers.
  for (const v of visible) {
    const r = markerRadius(v.wp.emphasis) * (0.4 + 0.6 * smootherstep(v.t * 1.4));
    ctx.globalAlpha = smootherstep(v.t);
    const { x, y } = v.screen;
    if (x < -50 || y < -50 || x > width + 50 || y > height + 50) continue;
    if (v.wp.emphasis === 'chokepoint') {
      ctx.beginPath();
      ctx.moveTo(x, y - r * 1.3);
      ctx.lineTo(x + r * 1.3, y);
      ctx.lineTo(x, y + r * 1.3);
      ctx.lineTo(x - r * 1.3, y);
      ctx.closePath();
      ctx.fillStyle = palette.accent;
      ctx.fill();
      ctx.lineWidth = unit * 0.3;
      ctx.strokeStyle = palette.marker;
      ctx.stroke();
    } else {
      if (v.wp.emphasis === 'waypoint') {
        ctx.beginPath();
        ctx.arc(x, y, r * 1.9, 0, Math.PI * 2);
        ctx.fillStyle = scene.route.color;
        ctx.globalAlpha *= 0.22;
        ctx.fill();
        ctx.globalAlpha = smootherstep(v.t);
      }
      ctx.beginPath();
      ctx.arc(x, y, r, 0, Math.PI * 2);
      ctx.fillStyle = palette.marker;
      ctx.fill();
      ctx.lineWidth = unit * (v.wp.emphasis === 'waypoint' ? 0.45 : 0.32);
      ctx.strokeStyle = v.wp.emphasis === 'waypoint' ? scene.route.color : palette.markerStroke;
      ctx.stroke();
    }
  }

  ctx.globalAlpha = 1;
  drawVehicle(ctx, scene, vehicle);

  // Labels with a halo, sliding in slightly as they fade in.
  ctx.textBaseline = 'middle';
  ctx.lineJoin = 'round';
  for (const p of placed) {
    const v = visible.find((x) => x.i === p.id)!;
    const { text, font } = texts.get(p.id)!;
    const a = smootherstep(v.t);
    ctx.globalAlpha = a;
    ctx.font = font;
    const slide = (1 - a) * unit * 0.8;
    const tx = p.x + unit * 0.6 + (p.side.includes('left') ? slide : p.side.includes('right') ? -slide : 0);
    const ty = p.y + p.height / 2 + (p.side.startsWith('top') ? slide : p.side.startsWith('bottom') ? -slide : 0);
    ctx.strokeStyle = palette.labelHalo;
    ctx.lineWidth = unit * 0.55;
    ctx.strokeText(text, tx, ty);
    ctx.fillStyle = v.wp.emphasis === 'chokepoint' ? palette.accent : palette.labelText;
    ctx.fillText(text, tx, ty);
  }
  ctx.globalAlpha = 1;
}

function placeLabelsAvoidingMarkers(requests: LabelRequest[], bounds: Rect, rects: Rect[], markers: Rect[], markerIds: number[]) {
  // placeLabels takes shared obstacles; own markers are excluded by filtering per label.
  const results = [];
  const placed: Rect[] = [];
  const ordered = requests.map((r, i) => ({ r, i })).sort((a, b) => b.r.priority - a.r.priority || a.i - b.i);
  for (const { r } of ordered) {
    const others = markers.filter((_, k) => markerIds[k] !== r.id);
    const [spot] = placeLabels([r], bounds, [...rects, ...others, ...placed]);
    if (spot) {
      results.push(spot);
      placed.push(spot);
    }
  }
  return results;
}
