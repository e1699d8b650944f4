import type { ValidationIssue } from '../../common/errors';
import { resolveCountry, resolvePlace, suggestCountries, suggestPlaces } from '../routing';
import type { CreateRenderDto } from './dto/create-render.dto';

/**
 * The checks of a render body that need more than its shape (contract §13, §14): places and
 * countries looked up offline, and times held against the video's duration. Run after the DTO's
 * own validation, so every value here has the right shape.
 */

/** The shortest time a multi_route route may take to draw: faster is a flash, not a line drawing itself. */
export const MIN_ROUTE_DRAW_SECONDS = 0.5;
/** multi_route's closing hold on the finished map when routes_duration is not given: this share of the video… */
export const CLOSING_HOLD_SHARE = 0.15;
/** …and at most this long. */
export const MAX_CLOSING_HOLD_SECONDS = 1.5;
/** At most this share of a route_animation may be pauses on waypoints (dwell + camera_hold_seconds): the rest is travel. */
export const MAX_PAUSE_SHARE = 0.5;

/** The video's length as the checks see it: requested, or the tier's default. */
export interface VideoDuration {
  seconds: number;
  /** True when the request gave none (messages then say it is the default). */
  defaulted: boolean;
}

const round2 = (seconds: number) => Math.round(seconds * 100) / 100;
const s = (seconds: number) => `${round2(seconds)} s`;

/**
 * multi_route's `routes_duration` when the request gives none: the rest of the video after
 * `routes_start_at`, less a closing hold on the finished map (15% of the video, at most 1.5 s).
 * The hold is dropped when it would leave the routes less than MIN_ROUTE_DRAW_SECONDS.
 */
export function defaultRoutesDuration(duration: number, routesStartAt: number): number {
  const rest = duration - routesStartAt;
  const withHold = rest - Math.min(MAX_CLOSING_HOLD_SECONDS, duration * CLOSING_HOLD_SHARE);
  return round2(withHold >= MIN_ROUTE_DRAW_SECONDS ? withHold : Math.max(0, rest));
}

/** A point given by `place` alone that the gazetteer does not know: `unknown_place` with the closest matches. */
export function unknownPlaceIssue(point: { lat?: number; lng?: number; place?: string }, field: string): ValidationIssue | null {
  if (point.place === undefined || (point.lat !== undefined && point.lng !== undefined) || resolvePlace(point.place)) return null;
  const suggestions = suggestPlaces(point.place, 5);
  return {
    field,
    code: 'unknown_place',
    message: suggestions.length
      ? `Unknown place "${point.place}". Did you mean: ${suggestions.join(', ')}?`
      : `Unknown place "${point.place}". Give lat and lng instead.`,
  };
}

/** A country that is unknown (`unknown_country`, with suggestions) or that the map cannot draw (`country_not_on_map`). */
function countryIssue(query: string, field: string, instead: string): ValidationIssue | null {
  const country = resolveCountry(query);
  if (!country) {
    const suggestions = suggestCountries(query, 3);
    return {
      field,
      code: 'unknown_country',
      message: suggestions.length
        ? `Unknown country "${query}". Did you mean: ${suggestions.join(', ')}?`
        : `Unknown country "${query}". Give an ISO 3166-1 alpha-2 or alpha-3 code ("PT", "PRT") or the English name.`,
    };
  }
  if (!country.has_outline) {
    return {
      field,
      code: 'country_not_on_map',
      message:
        `${country.name} has no outline of its own on the world map (too small at its scale, or drawn as part of ` +
        `another country), so it cannot be shown; ${instead}.`,
    };
  }
  return null;
}

const isWorld = (region: unknown) => typeof region === 'string' && region.trim().toLowerCase() === 'world';

/** Every issue of the mode settings, the text overlays and the waypoints' pauses, addressed with `prefix`. */
export function modeIssues(dto: CreateRenderDto, duration: VideoDuration, prefix = ''): ValidationIssue[] {
  const issues: (ValidationIssue | null)[] = [];
  const videoEnd = `the end of the video (${s(duration.seconds)}${duration.defaulted ? ', the default duration on this tier' : ''})`;

  const pauses = (dto.waypoints ?? []).reduce((sum, wp) => sum + (wp.dwell ?? 0) + (wp.camera_hold_seconds ?? 0), 0);
  if (pauses > duration.seconds * MAX_PAUSE_SHARE) {
    issues.push({
      field: `${prefix}waypoints`,
      code: 'not_enough_time',
      message:
        `The waypoints' dwell and camera_hold_seconds add up to ${s(pauses)}, more than half of the video ` +
        `(${s(duration.seconds * MAX_PAUSE_SHARE)} of ${s(duration.seconds)}): the route needs the rest to travel.`,
    });
  }

  (dto.text_overlays ?? []).forEach((overlay, i) => {
    if (overlay.end > duration.seconds) {
      issues.push({
        field: `${prefix}text_overlays[${i}].end`,
        code: 'exceeds_duration',
        message: `end (${s(overlay.end)}) must not be later than ${videoEnd}.`,
      });
    }
  });

  const multi = dto.multi_route;
  if (multi) {
    const field = `${prefix}multi_route`;
    issues.push(unknownPlaceIssue(multi.origin, `${field}.origin.place`));
    multi.routes.forEach((route, i) => issues.push(unknownPlaceIssue(route, `${field}.routes[${i}].place`)));
    issues.push(...multiRouteTimeIssues(multi, duration, videoEnd, field));
  }

  const focus = dto.region_focus;
  if (focus) {
    const field = `${prefix}region_focus`;
    if (isWorld(focus.region)) {
      issues.push({
        field: `${field}.region`,
        code: 'invalid_region',
        message: 'region_focus.region must be a country or a bbox; "world" is only for country_data.region.',
      });
    } else if (typeof focus.region === 'string') {
      issues.push(countryIssue(focus.region, `${field}.region`, 'give a bbox [west, south, east, north] around it instead'));
    }
    (focus.markers ?? []).forEach((marker, i) => issues.push(unknownPlaceIssue(marker, `${field}.markers[${i}].place`)));
  }

  const data = dto.country_data;
  if (data) {
    const field = `${prefix}country_data`;
    const firstIndexOf = new Map<string, number>();
    data.values.forEach((entry, i) => {
      const at = `${field}.values[${i}].country`;
      const issue = countryIssue(entry.country, at, 'leave it out');
      if (issue) {
        issues.push(issue);
        return;
      }
      const country = resolveCountry(entry.country)!;
      const first = firstIndexOf.get(country.iso_numeric);
      if (first === undefined) firstIndexOf.set(country.iso_numeric, i);
      else {
        issues.push({
          field: at,
          code: 'duplicate_country',
          message: `"${entry.country}" is ${country.name}, already given at ${field}.values[${first}]; each country takes one value.`,
        });
      }
    });
    if (typeof data.region === 'string' && !isWorld(data.region)) {
      issues.push(countryIssue(data.region, `${field}.region`, 'give a bbox [west, south, east, north] around it instead'));
    }
  }
  return issues.filter((issue): issue is ValidationIssue => issue !== null);
}

/**
 * multi_route's timeline within the video: the routes start early enough to draw, end by the
 * end of the video, and the stagger leaves the last route time to draw.
 */
function multiRouteTimeIssues(
  multi: NonNullable<CreateRenderDto['multi_route']>,
  duration: VideoDuration,
  videoEnd: string,
  field: string,
): ValidationIssue[] {
  const startAt = multi.routes_start_at ?? 0;
  if (startAt > duration.seconds - MIN_ROUTE_DRAW_SECONDS) {
    return [
      {
        field: `${field}.routes_start_at`,
        code: 'exceeds_duration',
        message: `routes_start_at (${s(startAt)}) must leave the routes at least ${s(MIN_ROUTE_DRAW_SECONDS)} to draw before ${videoEnd}.`,
      },
    ];
  }
  const given = multi.routes_duration;
  if (given !== undefined && startAt + given > duration.seconds) {
    return [
      {
        field: `${field}.routes_duration`,
        code: 'exceeds_duration',
        message: `routes_start_at + routes_duration (${s(startAt)} + ${s(given)}) must not be later than ${videoEnd}.`,
      },
    ];
  }
  const routesDuration = given ?? defaultRoutesDuration(duration.seconds, startAt);
  const stagger = multi.stagger ?? 0;
  const gaps = multi.routes.length - 1;
  const drawSeconds = routesDuration - stagger * gaps;
  if (drawSeconds >= MIN_ROUTE_DRAW_SECONDS) return [];
  const routesTime =
    given !== undefined
      ? `routes_duration (${s(given)})`
      : `the routes' ${s(routesDuration)} (the rest of the video after routes_start_at, less the closing hold)`;
  return [
    stagger > 0
      ? {
          field: `${field}.stagger`,
          code: 'not_enough_time',
          message:
            `A stagger of ${s(stagger)} between ${gaps + 1} routes takes ${s(stagger * gaps)} of ${routesTime}, ` +
            `leaving the last route ${s(Math.max(0, drawSeconds))} to draw; each route needs at least ${s(MIN_ROUTE_DRAW_SECONDS)}.`,
        }
      : {
          field: `${field}.routes_duration`,
          code: 'not_enough_time',
          message: `routes_duration (${s(routesDuration)}) must give the routes at least ${s(MIN_ROUTE_DRAW_SECONDS)} to draw.`,
        },
  ];
}
