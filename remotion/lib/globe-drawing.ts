/**
 * Drawing the globe (contract §20), browser-only: the backdrop, the atmosphere's glow at the rim, the
 * sea, graticule, land, borders and coast projected per frame with d3-geo through the blended
 * projection of lib/globe.ts, and the shading that gives the sphere its volume. At weight 0 the
 * picture is the flat map's (frame-drawing.ts switches to the cached raster there).
 */
import { geoGraticule10, geoPath, type GeoProjection, geoProjection, geoRotation } from 'd3-geo';
import type { CameraState } from './camera';
import { clamp } from './easing';
import { blendedRaw, globeOffset, globeRadius, globeWeight, HORIZON_DEGREES } from './globe';
import { latitudeOf } from './mercator';
import type { Detail } from './raster-plan';
import type { Palette } from './styles';
import { geoLayers } from './world-map';

const RADIANS = Math.PI / 180;
const GRATICULE = geoGraticule10();
const SPHERE: GeoJSON.Geometry = { type: 'Sphere' } as unknown as GeoJSON.Geometry;

/** The map details the globe draws: 110m while the whole globe shows, 50m once it is larger than the frame. */
export const GLOBE_DETAILS: Detail[] = ['110m', '50m'];

function detailFor(radius: number, frameSide: number): Detail {
  return radius > frameSide * 0.9 ? '50m' : '110m';
}

/**
 * The d3 projection of a frame: the globe centred on the camera's focus, blended with the flat map
 * by the camera's globe weight; `origin` is the focus point in canvas pixels.
 */
export function globeProjection(
  camera: CameraState,
  centerLng: number,
  origin: { x: number; y: number },
  frameHalfDiagonal: number,
): GeoProjection {
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
  return geoProjection(raw)
    .rotate([-lng0, -lat0])
    .scale(globeRadius(camera.z, camera.y))
    .translate([origin.x, origin.y])
    .clipAngle(clipDegrees(weight, frameHalfDiagonal / globeRadius(camera.z, camera.y)))
    .precision(0.7);
}

/**
 * How far from the focus the picture is drawn: the horizon on the whole globe. While it opens out
 * into the flat map, only a little beyond the frame's corners: across the pole from the focus the
 * flat map puts neighbouring points on opposite edges (longitude ±180° from the focus), and the blend
 * would join them with a band straight across the frame. `reach` is the frame's half-diagonal in
 * globe radii.
 */
function clipDegrees(weight: number, reach: number): number {
  if (weight >= 1) return HORIZON_DEGREES;
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
): GeoProjection {
  const weight = globeWeight(camera);
  const { width, height } = ctx.canvas;
  const radius = globeRadius(camera.z, camera.y);
  const projection = globeProjection(camera, centerLng, origin, Math.hypot(frameSize.width, frameSize.height) / 2);
  const path = geoPath(projection, ctx);
  // Lines are stroked through a context that drops the blend's jumps (see lineContext).
  const lines = weight >= 1 ? path : geoPath(projection, lineContext(ctx, width * 0.5));
  const widthScale = clamp(Math.min(frameSize.width, frameSize.height) / 720, 0.8, 1.6);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.globalAlpha = 1;

  // The backdrop: deep space (or the style's own ground) around the globe.
  const far = Math.hypot(width, height);
  const backdrop = ctx.createRadialGradient(origin.x, origin.y, radius * 0.8, origin.x, origin.y, Math.max(radius * 1.2, far));
  backdrop.addColorStop(0, palette.space.inner);
  backdrop.addColorStop(1, palette.space.outer);
  ctx.fillStyle = backdrop;
  ctx.fillRect(0, 0, width, height);

  // The atmosphere: a glow fading outwards from the rim (only while it is a globe).
  if (weight > 0.02) {
    const glow = ctx.createRadialGradient(origin.x, origin.y, radius * 0.96, origin.x, origin.y, radius * 1.14);
    glow.addColorStop(0, withAlpha(palette.space.atmosphere, 0.75 * weight));
    glow.addColorStop(0.35, withAlpha(palette.space.atmosphere, 0.3 * weight));
    glow.addColorStop(1, withAlpha(palette.space.atmosphere, 0));
    ctx.fillStyle = glow;
    ctx.fillRect(0, 0, width, height);
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
  const graticule = palette.graticule ?? palette.coastline;
  const graticuleAlpha = palette.graticule ? 1 : 0.35 * weight;
  if (graticuleAlpha > 0.01) {
    ctx.globalAlpha = graticuleAlpha;
    ctx.strokeStyle = graticule;
    ctx.lineWidth = widthScale;
    ctx.beginPath();
    lines(GRATICULE);
    ctx.stroke();
    ctx.globalAlpha = 1;
  }
  const layers = geoLayers(detailFor(radius, Math.max(frameSize.width, frameSize.height)));
  if (palette.shallowWater) {
    ctx.strokeStyle = palette.shallowWater;
    ctx.lineWidth = 7 * widthScale;
    ctx.beginPath();
    lines(layers.coast);
    ctx.stroke();
  }
  ctx.fillStyle = palette.land;
  ctx.beginPath();
  path(layers.land);
  ctx.fill('evenodd');
  if (palette.border) {
    ctx.strokeStyle = palette.border;
    ctx.lineWidth = widthScale;
    ctx.setLineDash(palette.borderDash.map((d) => d * widthScale));
    ctx.beginPath();
    lines(layers.borders);
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.strokeStyle = palette.coastline;
  ctx.lineWidth = palette.coastlineWidth * widthScale;
  ctx.beginPath();
  lines(layers.coast);
  ctx.stroke();

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
    ctx.fillRect(0, 0, width, height);
    ctx.globalAlpha = 1;
  }
  ctx.restore();
  return projection;
}

/**
 * A drawing context for lines on a globe opening out into the flat map. Across the pole from the
 * focus, the flat map puts neighbouring points on opposite edges (longitude ±180° from the focus),
 * so the blend joins them with a line straight across the frame. A step longer than `limit` pixels
 * sideways is such a jump (d3 resamples real lines into short steps): the line restarts there.
 */
function lineContext(ctx: CanvasRenderingContext2D, limit: number) {
  let lastX = 0;
  let startX = 0;
  let startY = 0;
  const jump = (x: number) => Math.abs(x - lastX) > limit;
  return {
    beginPath: () => ctx.beginPath(),
    moveTo(x: number, y: number) {
      ctx.moveTo(x, y);
      lastX = startX = x;
      startY = y;
    },
    lineTo(x: number, y: number) {
      if (jump(x)) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
      lastX = x;
    },
    closePath() {
      if (!jump(startX)) ctx.lineTo(startX, startY);
      lastX = startX;
    },
    arc: (x: number, y: number, r: number, a0: number, a1: number) => ctx.arc(x, y, r, a0, a1),
  };
}

/** A #rrggbb colour with an alpha. */
function withAlpha(hex: string, alpha: number): string {
  const n = parseInt(hex.slice(1, 7), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${clamp(alpha, 0, 1).toFixed(3)})`;
}
