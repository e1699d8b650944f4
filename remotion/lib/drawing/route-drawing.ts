/**
 * How every mode draws a route line and a vehicle (browser-only): the look of `route_style.line`
 * (solid, dashed, dotted, glow) with the style's casing, and a vehicle silhouette with its shadow.
 * The modes differ only in weights (a crowded network strokes thinner), given as a RouteStrokeWeights.
 */
import type { Transport } from '../../../src/modules/contract';
import type { Scene } from '../scene/scene';
import type { Palette } from '../map/styles';
import { path2d, VEHICLES } from './vehicles';

/** The proportions of a route's stroke, as multiples of its width. */
export interface RouteStrokeWeights {
  /** `glow`: the wide, faint strokes under the line, widest first ([width factor, opacity factor]). */
  glowHalo: ReadonlyArray<readonly [number, number]>;
  /** `glow`: a thin white core on top of the line. */
  glowCore: boolean;
  /** The style's casing under a solid or dashed line: the line's width plus max(min, width × share). */
  casing: { min: number; share: number };
}

/** route_animation's one route. */
export const SINGLE_ROUTE_WEIGHTS: RouteStrokeWeights = {
  glowHalo: [
    [4.2, 0.1],
    [2.6, 0.18],
    [1.7, 0.35],
  ],
  glowCore: true,
  casing: { min: 2, share: 0.7 },
};

/** multi_route's many routes, side by side on shared lanes: a lighter halo and casing. */
export const NETWORK_ROUTE_WEIGHTS: RouteStrokeWeights = {
  glowHalo: [
    [3.2, 0.12],
    [1.9, 0.28],
  ],
  glowCore: false,
  casing: { min: 1.5, share: 0.55 },
};

/**
 * Strokes the path already traced on `ctx` as a route of `look` in `color`, over the style's casing
 * (`casingColor`, null for none). Leaves the canvas with no dash and full opacity.
 */
export function strokeRoute(
  ctx: CanvasRenderingContext2D,
  look: Pick<Scene['route'], 'width' | 'opacity' | 'line'>,
  color: string,
  casingColor: string | null,
  weights: RouteStrokeWeights,
): void {
  const { width, opacity, line } = look;
  if (line === 'glow') {
    ctx.strokeStyle = color;
    for (const [w, a] of weights.glowHalo) {
      ctx.globalAlpha = opacity * a;
      ctx.lineWidth = width * w;
      ctx.stroke();
    }
    ctx.globalAlpha = opacity;
    ctx.lineWidth = width;
    ctx.stroke();
    if (weights.glowCore) {
      ctx.strokeStyle = 'rgba(255,255,255,0.75)';
      ctx.lineWidth = Math.max(1, width * 0.32);
      ctx.stroke();
    }
  } else {
    const dash = line === 'dashed' ? [width * 2.6, width * 1.9] : line === 'dotted' ? [0.001, width * 2.1] : [];
    ctx.setLineDash(dash);
    ctx.lineCap = line === 'dashed' ? 'butt' : 'round';
    ctx.globalAlpha = opacity;
    if (casingColor && line !== 'dotted') {
      ctx.strokeStyle = casingColor;
      ctx.lineWidth = width + Math.max(weights.casing.min, width * weights.casing.share);
      ctx.stroke();
    }
    ctx.strokeStyle = color;
    ctx.lineWidth = line === 'dotted' ? width * 1.25 : width;
    ctx.stroke();
    ctx.setLineDash([]);
  }
  ctx.globalAlpha = 1;
}

/** A vehicle on screen: where, which way, how big, how visible. */
export interface VehiclePose {
  x: number;
  y: number;
  /** Screen heading, radians. */
  heading: number;
  /** Scale of the 24-unit silhouette. */
  size: number;
  visibility: number;
  transport: Exclude<Transport, 'none'>;
}

/** A vehicle: an offset shadow (light from the top left, cheaper than shadowBlur), the body, its details. */
export function drawVehicle(ctx: CanvasRenderingContext2D, pose: VehiclePose, palette: Palette): void {
  const shape = VEHICLES[pose.transport];
  const body = path2d(shape.body);
  ctx.save();
  ctx.globalAlpha = pose.visibility;
  ctx.setTransform(1, 0, 0, 1, pose.x + pose.size * 0.9, pose.y + pose.size * 1.3);
  ctx.rotate(pose.heading);
  ctx.scale(pose.size, pose.size);
  ctx.fillStyle = 'rgba(0,0,0,0.28)';
  ctx.fill(body);
  ctx.setTransform(1, 0, 0, 1, pose.x, pose.y);
  ctx.rotate(pose.heading);
  ctx.scale(pose.size, pose.size);
  ctx.fillStyle = palette.vehicleFill;
  ctx.strokeStyle = palette.vehicleStroke;
  ctx.lineWidth = 1.3;
  ctx.lineJoin = 'round';
  ctx.stroke(body);
  ctx.fill(body);
  if (shape.detail) {
    ctx.fillStyle = palette.vehicleStroke;
    ctx.globalAlpha = pose.visibility * 0.85;
    ctx.fill(path2d(shape.detail));
  }
  ctx.restore();
}
