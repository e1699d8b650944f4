import { CommonErrors, ValidationIssue } from '../../common/errors';
import { resolveCountry, resolvePlace } from '../routing';
import {
  frameSize,
  NormalizedCountryData,
  NormalizedMultiRoute,
  NormalizedPoint,
  NormalizedRegion,
  NormalizedRegionFocus,
  NormalizedRenderRequest,
  NormalizedWaypoint,
  Transport,
} from './contract';
import type { CreateRenderDto, WaypointDto } from './dto/create-render.dto';
import type { CountryDataDto, MapPointDto, MultiRouteDto, RegionFocusDto } from './dto/render-modes.dto';
import { defaultRoutesDuration, modeIssues, unknownPlaceIssue } from './render-modes.rules';

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
export function placeIssues(waypoints: readonly Pick<WaypointDto, 'lat' | 'lng' | 'place'>[] | undefined, prefix = ''): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  (waypoints ?? []).forEach((wp, i) => {
    const issue = unknownPlaceIssue(wp, `${prefix}waypoints[${i}].place`);
    if (issue) issues.push(issue);
  });
  return issues;
}

/**
 * The checks that need more than the DTO's shape: place names (offline gazetteer), countries,
 * the tier's maximum duration, and times held against the duration (render-modes.rules.ts).
 * Returns every problem, addressed with `prefix` (e.g. `jobs[2].`) for batches. A `template_id`
 * has been resolved and merged in before (RenderBodyParser).
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
  issues.push(
    ...modeIssues(
      dto,
      { seconds: dto.duration ?? defaultDuration(tier.maxDurationSeconds), defaulted: dto.duration === undefined },
      prefix,
    ),
  );
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

/**
 * Fills every default so the worker renders from a complete, explicit description: places
 * resolved to coordinates (labels defaulting to their names), countries resolved, the mode and
 * its settings, overlays and camera details. Modes without waypoints store `waypoints: []`.
 */
export function normalizeRenderRequest(
  dto: CreateRenderDto,
  options: { maxDurationSeconds: number; sandbox: boolean },
): NormalizedRenderRequest {
  const mode = dto.mode ?? 'route_animation';
  const transport = dto.transport ?? 'plane';
  const duration = dto.duration ?? defaultDuration(options.maxDurationSeconds);
  const waypoints: NormalizedWaypoint[] = (dto.waypoints ?? []).map((wp) => ({
    ...normalizePoint(wp),
    transport: wp.transport ?? transport,
    dwell: wp.dwell ?? 0,
    emphasis: wp.emphasis ?? 'standard',
    ...(wp.camera_zoom_override !== undefined ? { camera_zoom_override: wp.camera_zoom_override } : {}),
    camera_hold_seconds: wp.camera_hold_seconds ?? 0,
  }));
  // Sandbox renders are capped at 720p (contract §7).
  const resolution = options.sandbox ? '720p' : (dto.resolution ?? '720p');
  return {
    mode,
    waypoints,
    transport,
    route: { ...(dto.route?.mode ? { mode: dto.route.mode } : {}), avoid: dto.route?.avoid ?? [] },
    duration,
    resolution,
    aspect_ratio: dto.aspect_ratio ?? '16:9',
    fps: dto.fps ?? 30,
    style: dto.style ?? 'standard',
    route_style: { ...(dto.route_style ?? {}) },
    camera: {
      preset: dto.camera?.preset ?? 'auto',
      ...(dto.camera?.start_zoom !== undefined ? { start_zoom: dto.camera.start_zoom } : {}),
      ...(dto.camera?.tilt !== undefined ? { tilt: dto.camera.tilt } : {}),
      intensity: dto.camera?.intensity ?? 'balanced',
    },
    hud: dto.hud
      ? { distance: dto.hud.distance ?? true, progress_bar: dto.hud.progress_bar ?? true, position: dto.hud.position ?? 'bottom-left' }
      : false,
    ...(dto.title
      ? { title: { text: dto.title.text, ...(dto.title.subtitle !== undefined ? { subtitle: dto.title.subtitle } : {}) } }
      : {}),
    units: dto.units ?? 'km',
    text_overlays: (dto.text_overlays ?? []).map((o) => ({
      text: o.text,
      start: o.start,
      end: o.end,
      position: o.position ?? 'bottom',
      style: o.style ?? 'caption',
    })),
    ...(mode === 'multi_route' && dto.multi_route
      ? { multi_route: normalizeMultiRoute(dto.multi_route, { duration, transport, routeColor: dto.route_style?.color }) }
      : {}),
    ...(mode === 'region_focus' && dto.region_focus ? { region_focus: normalizeRegionFocus(dto.region_focus) } : {}),
    ...(mode === 'country_data' && dto.country_data ? { country_data: normalizeCountryData(dto.country_data) } : {}),
    ...(dto.webhook_url ? { webhook_url: dto.webhook_url } : {}),
    ...(dto.template_id ? { template_id: dto.template_id } : {}),
  };
}

/** Coordinates from `place` when none are given; the label defaults to the place's name. */
function normalizePoint(point: MapPointDto): NormalizedPoint {
  const resolved = point.lat === undefined || point.lng === undefined ? resolvePlace(point.place!) : null;
  return {
    lat: point.lat ?? resolved!.lat,
    lng: point.lng ?? resolved!.lng,
    ...(point.label !== undefined ? { label: point.label } : resolved ? { label: resolved.name } : {}),
    ...(point.place !== undefined ? { place: point.place } : {}),
  };
}

function normalizeMultiRoute(
  settings: MultiRouteDto,
  request: { duration: number; transport: Transport; routeColor?: string },
): NormalizedMultiRoute {
  const routesStartAt = settings.routes_start_at ?? 0;
  return {
    origin: normalizePoint(settings.origin),
    routes: settings.routes.map((route) => {
      const color = route.color ?? request.routeColor;
      return {
        ...normalizePoint(route),
        ...(route.data_label !== undefined ? { data_label: route.data_label } : {}),
        ...(color !== undefined ? { color } : {}),
        transport: route.transport ?? request.transport,
        ...(route.label_offset ? { label_offset: { x: route.label_offset.x, y: route.label_offset.y } } : {}),
      };
    }),
    show_all_routes_at_start: settings.show_all_routes_at_start ?? true,
    animate_labels: settings.animate_labels ?? true,
    routes_start_at: routesStartAt,
    routes_duration: settings.routes_duration ?? defaultRoutesDuration(request.duration, routesStartAt),
    stagger: settings.stagger ?? 0,
    label_collision: settings.label_collision ?? 'auto-offset',
    ...(settings.start_zoom !== undefined ? { start_zoom: settings.start_zoom } : {}),
    ...(settings.end_zoom !== undefined ? { end_zoom: settings.end_zoom } : {}),
  };
}

/**
 * A country resolved to its codes and name, or a bbox. A bbox across the antimeridian (west >
 * east) is stored with east past 180 (`[170, -50, -170, -30]` → `[170, -50, 190, -30]`), so
 * west < east always holds for whoever draws it.
 */
function normalizeRegion(region: string | number[]): NormalizedRegion {
  if (typeof region === 'string') {
    const country = resolveCountry(region)!;
    return { kind: 'country', iso_numeric: country.iso_numeric, iso_alpha3: country.iso_alpha3, name: country.name };
  }
  const [west, south, east, north] = region;
  return { kind: 'bbox', bbox: [west, south, east < west ? east + 360 : east, north] };
}

function normalizeRegionFocus(settings: RegionFocusDto): NormalizedRegionFocus {
  const region = normalizeRegion(settings.region);
  // A country is labelled with its name unless the request says otherwise ("" for no label).
  const label = settings.label ?? (region.kind === 'country' ? region.name : undefined);
  return {
    region,
    ...(label !== undefined ? { label } : {}),
    ...(settings.highlight_color !== undefined ? { highlight_color: settings.highlight_color } : {}),
    from: settings.from ?? 'world',
    markers: (settings.markers ?? []).map(normalizePoint),
  };
}

function normalizeCountryData(settings: CountryDataDto): NormalizedCountryData {
  const region = settings.region;
  return {
    values: settings.values.map((entry) => {
      const country = resolveCountry(entry.country)!;
      return {
        country: entry.country,
        value: entry.value,
        iso_numeric: country.iso_numeric,
        iso_alpha3: country.iso_alpha3,
        name: country.name,
      };
    }),
    ...(settings.legend
      ? {
          legend: {
            ...(settings.legend.title !== undefined ? { title: settings.legend.title } : {}),
            ...(settings.legend.unit !== undefined ? { unit: settings.legend.unit } : {}),
          },
        }
      : {}),
    palette: settings.palette ?? 'sequential',
    reveal: settings.reveal ?? 'ranked',
    region:
      region === undefined || (typeof region === 'string' && region.trim().toLowerCase() === 'world') ? 'world' : normalizeRegion(region),
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
