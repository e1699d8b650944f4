/**
 * Drawing the globe (contract §20), browser-only: the backdrop, the atmosphere's glow at the rim, the
 * sea, graticule, land, borders and coast projected per frame with d3-geo through the blended
 * projection of lib/globe/globe.ts, and the shading that gives the sphere its volume. At weight 0 the
 * picture is the flat map's (lib/scene/frame-drawing.ts switches to the cached raster there).
 */
import { geoGraticule, geoPath, type GeoProjection, geoProjection, geoRotation } from 'd3-geo';
import type { CameraState } from '../camera/camera';
import { clamp } from '../time/easing';
import { blendedRaw, globeOffset, globeRadius, globeWeight, HORIZON_DEGREES } from './globe';
import { latitudeOf } from '../geo/mercator';
import type { Detail } from '../map/raster-plan';
import type { Palette } from '../map/styles';
import { drawGlobeSurface, type EarthSurface } from '../map/imagery';
import { geoLayers } from '../map/world-map';

const RADIANS = Math.PI / 180;
/** The flat map's graticule (every 10°, as geoGraticule10), with a point every degree: traced without resampling. */
const GRATICULE = geoGraticule().precision(1)();
const SPHERE: GeoJSON.Geometry = { type: 'Sphere' } as unknown as GeoJSON.Geometry;

/** The map details the globe draws: 110m while the whole globe shows, 50m once it is larger than the frame. */
export const GLOBE_DETAILS: Detail[] = ['110m', '50m'];

function detailFor(radius: number, frameSide: number): Detail {
  return radius > frameSide * 1.2 ? '50m' : '110m';
}

/**
 * The d3 projection of a frame: the globe centred on the camera's focus, blended with the flat map
 * by the camera's globe weight; `origin` is the focus point in canvas pixels, `clip` the angle from
 * the focus beyond which nothing is drawn (clipDegrees).
 */
function globeProjection(camera: CameraState, centerLng: number, origin: { x: number; y: number }, clip: number): GeoProjection {
  const weight = globeWeight(camera);
  const lng0 = camera.x * 360 + centerLng;
  const lat0 = latitudeOf(camera.y);
  const phi0 = lat0 * RADIANS;
  const rotation = geoRotation([-lng0, -lat0]);
  // d3 hands the raw function rotated coordinates (the focus at 0, 0); the flat part needs the
  // point's own longitude and latitude, so the rotation is undone for it.
  let previous = 0;
  const raw = (lambda: number, phi: number): [number, number] => {
    if (weight >= 1) return [Math.cos(phi) * Math.sin(lambda), Math.sin(phi)];
    const [lng, lat] = rotation.invert([lambda / RADIANS, phi / RADIANS]);
    let dLng = lng - lng0;
    dLng -= 360 * Math.round(dLng / 360);
    // Across the pole from the focus the flat map has its cut (±180° from the focus): a shape that
    // straddles it would be torn into a band across the frame. Points come in order along each
    // line, so near the cut a line keeps going past ±180° (onto the next copy of the flat map),
    // and the shape moves off to one side in one piece.
    if (Math.abs(dLng) > 120 && Math.abs(dLng - previous) > 180) dLng += dLng < previous ? 360 : -360;
    previous = dLng;
    return blendedRaw(dLng * RADIANS, lat * RADIANS, phi0, weight);
  };
  return (
    geoProjection(raw)
      .rotate([-lng0, -lat0])
      .scale(globeRadius(camera.z, camera.y))
      .translate([origin.x, origin.y])
      .clipAngle(clip)
      // No adaptive resampling (the costliest part of d3's projection): the land has a vertex every few pixels at the detail drawn.
      .precision(0)
  );
}

/**
 * How far from the focus the picture is drawn (`reach`: the frame's half-diagonal in globe radii).
 * On the globe: its horizon, or once the globe is larger than the frame a little beyond the frame's
 * corners, so that d3 drops what lies off screen before projecting it. While it opens out into the
 * flat map, also only a little beyond the corners: across the pole from the focus the flat map puts
 * neighbouring points on opposite edges (longitude ±180° from the focus), and the blend would join
 * them with a band straight across the frame.
 */
function clipDegrees(weight: number, reach: number): number {
  if (weight >= 1) return reach >= 0.95 ? HORIZON_DEGREES : Math.min(HORIZON_DEGREES, (Math.asin(reach) / RADIANS) * 1.15 + 3);
  // Widening back to the horizon as the horizon nears the frame (reach towards 1), so the clip never shows.
  return Math.min(HORIZON_DEGREES, (reach / RADIANS) * 1.3 + 4 + Math.max(0, reach - 0.6) * 100);
}

/** Draws the globe of a frame onto the map canvas; returns its projection, for the mode's layer to draw with. */
export function drawGlobe(
  ctx: CanvasRenderingContext2D,
  camera: CameraState,
  centerLng: number,
  palette: Palette,
  origin: { x: number; y: number },
  frameSize: { width: number; height: number },
  surface: EarthSurface | null = null,
): GeoProjection {
  const weight = globeWeight(camera);
  const { width, height } = ctx.canvas;
  const radius = globeRadius(camera.z, camera.y);
  const halfDiagonal = Math.hypot(frameSize.width, frameSize.height) / 2;
  const clip = clipDegrees(weight, halfDiagonal / radius);
  const projection = globeProjection(camera, centerLng, origin, clip);
  const path = geoPath(projection, ctx);
  const rimInView = halfDiagonal / radius >= 0.95;
  const trace = (target: CanvasRenderingContext2D | Path2D, geometry: GeoJSON.MultiLineString) =>
    traceLines(target, geometry.coordinates, camera, centerLng, origin, clip);
  const widthScale = clamp(Math.min(frameSize.width, frameSize.height) / 720, 0.8, 1.6);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;

  // The backdrop: deep space (or the style's own ground) around the globe, the same every frame.
  if (rimInView) ctx.drawImage(backdropFor(ctx.canvas, origin, palette), 0, 0);

  // The atmosphere: a glow fading outwards from the rim (only while it is a globe, and the rim
  // shows), filled over its own box only: full-frame gradients are what a software canvas pays for.
  if (weight > 0.02 && rimInView) {
    const glow = ctx.createRadialGradient(origin.x, origin.y, radius * 0.96, origin.x, origin.y, radius * 1.14);
    glow.addColorStop(0, withAlpha(palette.space.atmosphere, 0.75 * weight));
    glow.addColorStop(0.35, withAlpha(palette.space.atmosphere, 0.3 * weight));
    glow.addColorStop(1, withAlpha(palette.space.atmosphere, 0));
    ctx.fillStyle = glow;
    fillBox(ctx, origin, radius * 1.14);
  }

  // The sea: the water's gradient, over the disc on the globe and over the world's height on the flat map.
  const worldTop = origin.y + globeOffset({ ...camera, globe: 0 }, camera.x, -0.5).y;
  const worldBottom = origin.y + globeOffset({ ...camera, globe: 0 }, camera.x, 0.5).y;
  const seaTop = weight * (origin.y - radius) + (1 - weight) * worldTop;
  const seaBottom = weight * (origin.y + radius) + (1 - weight) * worldBottom;
  const sea = ctx.createLinearGradient(0, seaTop, 0, Math.max(seaTop + 1, seaBottom));
  sea.addColorStop(0, palette.waterTop);
  sea.addColorStop(1, palette.waterBottom);
  ctx.fillStyle = sea;
  ctx.save();
  if (weight >= 1) {
    // The whole globe: the sea is the disc, and the rim clips what is drawn on it.
    ctx.beginPath();
    path(SPHERE);
    ctx.fill();
    ctx.clip();
  } else {
    // Opening out into the flat map (only ever with the frame inside the near hemisphere): the
    // horizon's image through the blend is no outline to fill, so the sea fills the frame.
    ctx.fillRect(0, 0, width, height);
  }
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  // The graticule gives the sphere its curve; it fades out as the globe opens into the flat map.
  // Imagery (only ever on the whole globe: openings dissolve rather than open out, lib/globe/globe-camera.ts) replaces sea and land.
  const imagery = surface?.kind === 'imagery' && weight >= 1;
  const centre = { x: origin.x, y: origin.y, lng: camera.x * 360 + centerLng, lat: latitudeOf(camera.y) };
  if (imagery) drawGlobeSurface(ctx, surface, centre, radius);
  const graticule = palette.graticule ?? palette.coastline;
  const graticuleAlpha = imagery ? 0 : palette.graticule ? 1 : 0.35 * weight;
  if (graticuleAlpha > 0.01) {
    ctx.globalAlpha = graticuleAlpha;
    ctx.strokeStyle = graticule;
    ctx.lineWidth = widthScale;
    ctx.beginPath();
    trace(ctx, GRATICULE);
    ctx.stroke();
    ctx.globalAlpha = 1;
  }
  const layers = geoLayers(detailFor(radius, Math.max(frameSize.width, frameSize.height)));
  // The coast is projected once and stroked twice (the shallow-water band, then the coastline).
  const coast = new Path2D();
  trace(coast, layers.coast);
  if (palette.shallowWater && !imagery) {
    ctx.strokeStyle = palette.shallowWater;
    ctx.lineWidth = 7 * widthScale;
    ctx.stroke(coast);
  }
  if (!imagery) {
    ctx.fillStyle = palette.land;
    ctx.beginPath();
    path(layers.land);
    ctx.fill('evenodd');
    if (surface?.kind === 'relief' && weight >= 1) drawGlobeSurface(ctx, surface, centre, radius);
  }
  if (palette.border) {
    ctx.strokeStyle = palette.border;
    ctx.lineWidth = widthScale;
    ctx.setLineDash(palette.borderDash.map((d) => d * widthScale));
    ctx.beginPath();
    trace(ctx, layers.borders);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.strokeStyle = palette.coastline;
  ctx.lineWidth = palette.coastlineWidth * widthScale;
  ctx.stroke(coast);

  // Volume: the sphere darkens towards its rim, lit from the upper left.
  if (weight > 0.02) {
    const light = ctx.createRadialGradient(
      origin.x - radius * 0.35,
      origin.y - radius * 0.4,
      radius * 0.1,
      origin.x,
      origin.y,
      radius * 1.02,
    );
    light.addColorStop(0, 'rgba(255,255,255,0.10)');
    light.addColorStop(0.55, 'rgba(0,0,0,0)');
    light.addColorStop(1, 'rgba(0,10,25,0.38)');
    ctx.globalAlpha = weight;
    ctx.fillStyle = light;
    fillBox(ctx, origin, radius * 1.02);
    ctx.globalAlpha = 1;
  }
  ctx.restore();
  return projection;
}

/**
 * Lines (coast, borders, graticule) projected by hand rather than through d3's stream: a line needs
 * no polygon clipping, only to break where it passes beyond the clip angle. Along each line the longitude from the focus is kept continuous
 * (past ±180° onto the next copy of the flat map), so that on a globe opening out into the map a
 * line across the pole from the focus moves off to one side in one piece instead of jumping across.
 */
function traceLines(
  target: CanvasRenderingContext2D | Path2D,
  lines: GeoJSON.Position[][],
  camera: CameraState,
  centerLng: number,
  origin: { x: number; y: number },
  clipDegrees: number,
): void {
  const weight = globeWeight(camera);
  const radius = globeRadius(camera.z, camera.y);
  const lng0 = camera.x * 360 + centerLng;
  const phi0 = latitudeOf(camera.y) * RADIANS;
  const sinPhi0 = Math.sin(phi0);
  const cosPhi0 = Math.cos(phi0);
  const cosClip = Math.cos(clipDegrees * RADIANS);
  for (const line of lines) {
    let open = false;
    let previous = NaN;
    for (const [lng, lat] of line) {
      let d = lng - lng0;
      d -= 360 * Math.round(d / 360);
      if (Math.abs(d - previous) > 180) d += d < previous ? 360 : -360;
      previous = d;
      const phi = lat * RADIANS;
      const dLambda = d * RADIANS;
      if (sinPhi0 * Math.sin(phi) + cosPhi0 * Math.cos(phi) * Math.cos(dLambda) < cosClip) {
        open = false;
        continue;
      }
      let x: number;
      let y: number;
      if (weight >= 1) {
        // The orthographic globe, written out (this loop runs for every vertex of the coast each frame).
        x = origin.x + Math.cos(phi) * Math.sin(dLambda) * radius;
        y = origin.y - (cosPhi0 * Math.sin(phi) - sinPhi0 * Math.cos(phi) * Math.cos(dLambda)) * radius;
      } else {
        const [rx, ry] = blendedRaw(dLambda, phi, phi0, weight);
        x = origin.x + rx * radius;
        y = origin.y - ry * radius;
      }
      if (open) target.lineTo(x, y);
      else target.moveTo(x, y);
      open = true;
    }
  }
}

/** Fills the square of half-side `half` around `centre`, as far as it lies on the canvas. */
function fillBox(ctx: CanvasRenderingContext2D, centre: { x: number; y: number }, half: number): void {
  const left = Math.max(0, Math.floor(centre.x - half));
  const top = Math.max(0, Math.floor(centre.y - half));
  const right = Math.min(ctx.canvas.width, Math.ceil(centre.x + half));
  const bottom = Math.min(ctx.canvas.height, Math.ceil(centre.y + half));
  if (right > left && bottom > top) ctx.fillRect(left, top, right - left, bottom - top);
}

/** The backdrop (a radial gradient out from the globe's centre), drawn once per canvas size, centre and style. */
const backdrops = new Map<string, HTMLCanvasElement>();

function backdropFor(target: HTMLCanvasElement, origin: { x: number; y: number }, palette: Palette): HTMLCanvasElement {
  const key = `${target.width}x${target.height}:${origin.x},${origin.y}:${palette.space.inner}:${palette.space.outer}`;
  const hit = backdrops.get(key);
  if (hit) return hit;
  const canvas = document.createElement('canvas');
  canvas.width = target.width;
  canvas.height = target.height;
  const ctx = canvas.getContext('2d', { alpha: false })!;
  const gradient = ctx.createRadialGradient(origin.x, origin.y, 0, origin.x, origin.y, Math.hypot(target.width, target.height) * 0.75);
  gradient.addColorStop(0, palette.space.inner);
  gradient.addColorStop(1, palette.space.outer);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  // One per video in practice: drop the oldest beyond a few.
  if (backdrops.size >= 4) {
    const oldest = backdrops.keys().next().value as string;
    backdrops.get(oldest)!.width = 0;
    backdrops.delete(oldest);
  }
  backdrops.set(key, canvas);
  return canvas;
}

/** A #rrggbb colour with an alpha. */
function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1, 7), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${clamp(alpha, 0, 1).toFixed(3)})`;
}
