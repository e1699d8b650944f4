import { CommonErrors, ValidationIssue } from '../../common/errors';
import { resolvePlace, suggestPlaces } from '../routing';
import { frameSize, NormalizedRenderRequest, NormalizedWaypoint } from './contract';
import type { CreateRenderDto, WaypointDto } from './dto/create-render.dto';

export interface TierContext {
  tier: string;
  maxDurationSeconds: number;
}

/** Default video length: 12 s, or the tier's maximum when that is shorter. */
export function defaultDuration(maxDurationSeconds: number): number {
  return Math.min(12, maxDurationSeconds);
}

/**
 * Waypoints named by a `place` the offline gazetteer does not know, each with the closest matches.
 * Addressed with `prefix` (`jobs[2].`, `settings.`).
 */
export function placeIssues(waypoints: readonly Pick<WaypointDto, 'lat' | 'lng' | 'place'>[], prefix = ''): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  waypoints.forEach((wp, i) => {
    if (wp.place !== undefined && (wp.lat === undefined || wp.lng === undefined) && !resolvePlace(wp.place)) {
      const suggestions = suggestPlaces(wp.place, 5);
      issues.push({
        field: `${prefix}waypoints[${i}].place`,
        code: 'unknown_place',
        message: suggestions.length
          ? `Unknown place "${wp.place}". Did you mean: ${suggestions.join(', ')}?`
          : `Unknown place "${wp.place}". Give lat and lng instead.`,
      });
    }
  });
  return issues;
}

/**
 * The checks that need more than the DTO's shape: place names (offline gazetteer) and the tier's
 * maximum duration. Returns every problem, addressed with `prefix` (e.g. `jobs[2].`) for batches.
 * A `template_id` has been resolved and merged in before (RenderBodyParser).
 */
export function tierAndPlaceIssues(
  dto: CreateRenderDto,
  tier: TierContext,
  prefix = '',
): {
  issues: ValidationIssue[];
  durationExceeded: boolean;
} {
  const issues = placeIssues(dto.waypoints, prefix);
  let durationExceeded = false;
  if (dto.duration !== undefined && dto.duration > tier.maxDurationSeconds) {
    durationExceeded = true;
    issues.push({
      field: `${prefix}duration`,
      code: 'DURATION_EXCEEDS_TIER_LIMIT',
      message: `duration ${dto.duration} s exceeds the ${tier.tier} tier maximum of ${tier.maxDurationSeconds} s`,
    });
  }
  return { issues, durationExceeded };
}

export function throwIfIssues(result: { issues: ValidationIssue[]; durationExceeded: boolean }, tier: TierContext): void {
  if (result.issues.length === 0) return;
  throw CommonErrors.validation(
    result.issues,
    result.durationExceeded ? { max_duration_seconds: tier.maxDurationSeconds, tier: tier.tier } : {},
  );
}

/** Fills every default so the worker renders from a complete, explicit description. */
export function normalizeRenderRequest(
  dto: CreateRenderDto,
  options: { maxDurationSeconds: number; sandbox: boolean },
): NormalizedRenderRequest {
  const transport = dto.transport ?? 'plane';
  const waypoints: NormalizedWaypoint[] = dto.waypoints.map((wp) => {
    const resolved = wp.lat === undefined || wp.lng === undefined ? resolvePlace(wp.place!) : null;
    return {
      lat: wp.lat ?? resolved!.lat,
      lng: wp.lng ?? resolved!.lng,
      ...(wp.label !== undefined ? { label: wp.label } : resolved ? { label: resolved.name } : {}),
      ...(wp.place !== undefined ? { place: wp.place } : {}),
      transport: wp.transport ?? transport,
      dwell: wp.dwell ?? 0,
      emphasis: wp.emphasis ?? 'standard',
    };
  });
  // Sandbox renders are capped at 720p (contract §7).
  const resolution = options.sandbox ? '720p' : (dto.resolution ?? '720p');
  return {
    waypoints,
    transport,
    route: { ...(dto.route?.mode ? { mode: dto.route.mode } : {}), avoid: dto.route?.avoid ?? [] },
    duration: dto.duration ?? defaultDuration(options.maxDurationSeconds),
    resolution,
    aspect_ratio: dto.aspect_ratio ?? '16:9',
    fps: dto.fps ?? 30,
    style: dto.style ?? 'standard',
    route_style: { ...(dto.route_style ?? {}) },
    camera: {
      preset: dto.camera?.preset ?? 'auto',
      ...(dto.camera?.start_zoom !== undefined ? { start_zoom: dto.camera.start_zoom } : {}),
      ...(dto.camera?.tilt !== undefined ? { tilt: dto.camera.tilt } : {}),
    },
    hud: dto.hud
      ? { distance: dto.hud.distance ?? true, progress_bar: dto.hud.progress_bar ?? true, position: dto.hud.position ?? 'bottom-left' }
      : false,
    ...(dto.title
      ? { title: { text: dto.title.text, ...(dto.title.subtitle !== undefined ? { subtitle: dto.title.subtitle } : {}) } }
      : {}),
    units: dto.units ?? 'km',
    ...(dto.webhook_url ? { webhook_url: dto.webhook_url } : {}),
    ...(dto.template_id ? { template_id: dto.template_id } : {}),
  };
}

/**
 * Rough wall time of a render on one worker (2 cores), from the measured frame rates of the
 * renderer at each size, plus start-up (routing, browser tab, thumbnail, upload).
 */
export function estimateRenderSeconds(request: NormalizedRenderRequest): number {
  const { width, height } = frameSize(request.resolution, request.aspect_ratio);
  const megapixels = (width * height) / 1e6;
  const framesPerSecond = megapixels <= 1 ? 11 : megapixels <= 2.2 ? 7 : 2;
  return Math.ceil(5 + (request.duration * request.fps) / framesPerSecond);
}
