/**
 * multi_route (contract §13): one origin fanning out to many destinations, each routed like a leg
 * by its own transport (leg i of the plan reaches routes[i]). Drawn by `remotion/modes/multi-route/`.
 */
import { type CompositionLeg, type CompositionPoint, cleanLabel, pointProps } from '../composition-parts';
import type { PointInput } from '../inputs';
import type { NormalizedPoint, Transport } from '../render-request';
import { defineMode, type ModeParseInput, type ParseContext } from './mode-definition';

/** How labels that would overlap are placed. */
export const LABEL_COLLISION_MODES = ['none', 'auto-offset'] as const;
export type LabelCollisionMode = (typeof LABEL_COLLISION_MODES)[number];

/** The shortest time a route may take to draw: faster is a flash, not a line drawing itself. */
export const MIN_ROUTE_DRAW_SECONDS = 0.5;
/** The closing hold on the finished map when routes_duration is not given: this share of the video… */
export const CLOSING_HOLD_SHARE = 0.15;
/** …and at most this long. */
export const MAX_CLOSING_HOLD_SECONDS = 1.5;
/** Destinations of one video. */
export const MAX_MULTI_ROUTE_DESTINATIONS = 30;

export interface MultiRouteDestinationInput extends PointInput {
  data_label?: string;
  color?: string;
  transport?: Transport;
  label_offset?: { x: number; y: number };
}

export interface MultiRouteInput {
  origin: PointInput;
  routes: MultiRouteDestinationInput[];
  show_all_routes_at_start?: boolean;
  animate_labels?: boolean;
  routes_start_at?: number;
  routes_duration?: number;
  stagger?: number;
  label_collision?: LabelCollisionMode;
  start_zoom?: number;
  end_zoom?: number;
}

export interface NormalizedMultiRouteDestination extends NormalizedPoint {
  /** Short text under the label ("35 days", "$2.5M"). */
  data_label?: string;
  /** `#rrggbb`; default: the style's palette, one colour per route. */
  color?: string;
  transport: Transport;
  /** Where the label sits relative to its marker, pixels at 1080p (scaled with the frame). */
  label_offset?: { x: number; y: number };
}

export interface NormalizedMultiRoute {
  origin: NormalizedPoint;
  routes: NormalizedMultiRouteDestination[];
  show_all_routes_at_start: boolean;
  animate_labels: boolean;
  /** Seconds from the start of the video at which the first route starts drawing. */
  routes_start_at: number;
  /** Seconds from the first route's start to the last route's end (filled in: never left unset). */
  routes_duration: number;
  /** Seconds between the starts of consecutive routes. */
  stagger: number;
  label_collision: LabelCollisionMode;
  start_zoom?: number;
  end_zoom?: number;
}

export interface CompositionMultiRouteDestination extends CompositionPoint {
  data_label: string | null;
  /** `#rrggbb`, or null for the palette's colour of this route. */
  color: string | null;
  transport: Transport;
  /** Label position relative to the marker, pixels at 1080p; null = placed automatically. */
  label_offset: { x: number; y: number } | null;
  distance_km: number;
}

/** multi_route as drawn: route i's line is `legs[i]` (origin → routes[i]). */
export interface CompositionMultiRoute {
  origin: CompositionPoint;
  routes: CompositionMultiRouteDestination[];
  show_all_routes_at_start: boolean;
  animate_labels: boolean;
  /** Seconds: the first route starts drawing at `routes_start_at`, the last one ends at `routes_start_at + routes_duration`. */
  routes_start_at: number;
  routes_duration: number;
  stagger: number;
  label_collision: LabelCollisionMode;
  start_zoom: number | null;
  end_zoom: number | null;
}

const round2 = (seconds: number) => Math.round(seconds * 100) / 100;
const s = (seconds: number) => `${round2(seconds)} s`;

/**
 * routes_duration when the request gives none: the rest of the video after `routes_start_at`, less a
 * closing hold on the finished map (15% of the video, at most 1.5 s). The hold is dropped when it would
 * leave the routes less than MIN_ROUTE_DRAW_SECONDS.
 */
export function defaultRoutesDuration(duration: number, routesStartAt: number): number {
  const rest = duration - routesStartAt;
  const withHold = rest - Math.min(MAX_CLOSING_HOLD_SECONDS, duration * CLOSING_HOLD_SHARE);
  return round2(withHold >= MIN_ROUTE_DRAW_SECONDS ? withHold : Math.max(0, rest));
}

function parseMultiRoute({ settings, transport, routeColor, ctx }: ModeParseInput<MultiRouteInput>): NormalizedMultiRoute {
  const field = 'multi_route';
  const origin = ctx.point(settings.origin, `${field}.origin.place`);
  const routes = settings.routes.map((route, i): NormalizedMultiRouteDestination => {
    const color = route.color ?? routeColor;
    return {
      ...ctx.point(route, `${field}.routes[${i}].place`),
      ...(route.data_label !== undefined ? { data_label: route.data_label } : {}),
      ...(color !== undefined ? { color } : {}),
      transport: route.transport ?? transport,
      ...(route.label_offset ? { label_offset: { x: route.label_offset.x, y: route.label_offset.y } } : {}),
    };
  });
  const routesStartAt = settings.routes_start_at ?? 0;
  const routesDuration = settings.routes_duration ?? defaultRoutesDuration(ctx.duration.seconds, routesStartAt);
  checkTimes(settings, routesDuration, ctx, field);
  return {
    origin,
    routes,
    show_all_routes_at_start: settings.show_all_routes_at_start ?? true,
    animate_labels: settings.animate_labels ?? true,
    routes_start_at: routesStartAt,
    routes_duration: routesDuration,
    stagger: settings.stagger ?? 0,
    label_collision: settings.label_collision ?? 'auto-offset',
    ...(settings.start_zoom !== undefined ? { start_zoom: settings.start_zoom } : {}),
    ...(settings.end_zoom !== undefined ? { end_zoom: settings.end_zoom } : {}),
  };
}

/**
 * The timeline within the video: the routes start early enough to draw, end by the end of the video,
 * and the stagger leaves the last route time to draw. At most one issue, the first that applies.
 */
function checkTimes(settings: MultiRouteInput, routesDuration: number, ctx: ParseContext, field: string): void {
  const duration = ctx.duration.seconds;
  const startAt = settings.routes_start_at ?? 0;
  if (startAt > duration - MIN_ROUTE_DRAW_SECONDS) {
    ctx.issue(
      `${field}.routes_start_at`,
      'exceeds_duration',
      `routes_start_at (${s(startAt)}) must leave the routes at least ${s(MIN_ROUTE_DRAW_SECONDS)} to draw before ${ctx.videoEnd}.`,
    );
    return;
  }
  const given = settings.routes_duration;
  if (given !== undefined && startAt + given > duration) {
    ctx.issue(
      `${field}.routes_duration`,
      'exceeds_duration',
      `routes_start_at + routes_duration (${s(startAt)} + ${s(given)}) must not be later than ${ctx.videoEnd}.`,
    );
    return;
  }
  const stagger = settings.stagger ?? 0;
  const gaps = settings.routes.length - 1;
  const drawSeconds = routesDuration - stagger * gaps;
  if (drawSeconds >= MIN_ROUTE_DRAW_SECONDS) return;
  const routesTime =
    given !== undefined
      ? `routes_duration (${s(given)})`
      : `the routes' ${s(routesDuration)} (the rest of the video after routes_start_at, less the closing hold)`;
  if (stagger > 0) {
    ctx.issue(
      `${field}.stagger`,
      'not_enough_time',
      `A stagger of ${s(stagger)} between ${gaps + 1} routes takes ${s(stagger * gaps)} of ${routesTime}, ` +
        `leaving the last route ${s(Math.max(0, drawSeconds))} to draw; each route needs at least ${s(MIN_ROUTE_DRAW_SECONDS)}.`,
    );
  } else {
    ctx.issue(
      `${field}.routes_duration`,
      'not_enough_time',
      `routes_duration (${s(routesDuration)}) must give the routes at least ${s(MIN_ROUTE_DRAW_SECONDS)} to draw.`,
    );
  }
}

/** Leg i of the plan runs from the origin to destination i: markers take the longitudes of the leg ends they sit on, so they agree with the lines past the antimeridian. */
function multiRouteProps(settings: NormalizedMultiRoute, legs: readonly CompositionLeg[]): CompositionMultiRoute {
  return {
    origin: pointProps(settings.origin, legs[0]?.coordinates[0]?.[0] ?? settings.origin.lng),
    routes: settings.routes.map((route, i) => ({
      ...pointProps(route, legs[i]?.coordinates.at(-1)?.[0] ?? route.lng),
      data_label: cleanLabel(route.data_label),
      color: route.color ?? null,
      transport: route.transport,
      label_offset: route.label_offset ? { x: route.label_offset.x, y: route.label_offset.y } : null,
      distance_km: legs[i]?.distance_km ?? 0,
    })),
    show_all_routes_at_start: settings.show_all_routes_at_start,
    animate_labels: settings.animate_labels,
    routes_start_at: settings.routes_start_at,
    routes_duration: settings.routes_duration,
    stagger: settings.stagger,
    label_collision: settings.label_collision,
    start_zoom: settings.start_zoom ?? null,
    end_zoom: settings.end_zoom ?? null,
  };
}

export const multiRouteMode = defineMode<'multi_route', MultiRouteInput, NormalizedMultiRoute, CompositionMultiRoute>({
  mode: 'multi_route',
  title: 'Many routes from one origin',
  takes: { waypoints: false, transport: true, route: true, route_style: true, hud: false },
  defaultTilt: () => 0,
  rendersInPage: true,
  revealsLongRoutesOnGlobe: false,
  parseSettings: parseMultiRoute,
  settingsToProps: multiRouteProps,
  examples: {
    multi_route: {
      summary: 'multi_route: Shanghai’s container lanes to eight ports by ship, with transit times',
      value: {
        mode: 'multi_route',
        transport: 'ship',
        duration: 10,
        style: 'maritime-dark',
        title: { text: 'Shanghai’s container lanes', subtitle: 'typical transit times' },
        multi_route: {
          origin: { place: 'Shanghai' },
          routes: [
            { place: 'Singapore', data_label: '6 days' },
            { place: 'Sydney', data_label: '14 days' },
            { place: 'Los Angeles', data_label: '16 days' },
            { place: 'Vancouver', data_label: '15 days' },
            { place: 'Dubai', data_label: '18 days' },
            { place: 'Durban', data_label: '24 days' },
            { place: 'Rotterdam', data_label: '32 days' },
            { place: 'Santos', data_label: '38 days' },
          ],
          routes_start_at: 1,
          stagger: 0.3,
        },
      },
    },
    multi_route_globe: {
      summary: 'multi_route on the globe, vertical: Los Angeles to six cities across the Pacific and in Europe, by plane',
      value: {
        mode: 'multi_route',
        transport: 'plane',
        duration: 10,
        aspect_ratio: '9:16',
        projection: 'globe',
        title: { text: 'Nonstop from LAX' },
        multi_route: {
          origin: { place: 'Los Angeles' },
          routes: [
            { place: 'Honolulu', data_label: '6 h' },
            { place: 'Tokyo', data_label: '12 h' },
            { place: 'Sydney', data_label: '15 h' },
            { place: 'Auckland', data_label: '13 h' },
            { place: 'London', data_label: '11 h' },
            { place: 'Paris', data_label: '11 h' },
          ],
          routes_start_at: 1,
          stagger: 0.3,
        },
      },
    },
  },
});
