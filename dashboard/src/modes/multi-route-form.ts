/** multi_route's settings as its form edits them, and back (see `./settings-form.ts`). */
import { TRANSPORTS } from '@mapr/sdk';
import { LABEL_COLLISION_MODES, type LabelCollisionMode } from '../../../src/modules/contract';
import type { Transport } from '../api/types';
import {
  emptyPoint,
  type Json,
  listAt,
  objectAt,
  oneOf,
  pointFields,
  type PointForm,
  pointToForm,
  pointToSettings,
  sentChoice,
  sentNumber,
  sentText,
  text,
  withFields,
} from './settings-form';

export interface DestinationForm extends PointForm {
  dataLabel: string;
  /** `#rrggbb`, or '' for the palette's colour of this route. */
  color: string;
  /** '' = the request's transport. */
  transport: Transport | '';
}

export interface MultiRouteForm {
  origin: PointForm;
  routes: DestinationForm[];
  routesStartAt: string;
  routesDuration: string;
  stagger: string;
  showAllRoutesAtStart: boolean;
  animateLabels: boolean;
  labelCollision: LabelCollisionMode;
  startZoom: string;
  endZoom: string;
  source: Json;
}

/** The API's defaults for the choices the form shows as set (contract §13). */
export const MULTI_ROUTE_DEFAULTS = { showAllRoutesAtStart: true, animateLabels: true, labelCollision: 'auto-offset' } as const;

export function emptyDestination(place = ''): DestinationForm {
  return { ...emptyPoint(place), dataLabel: '', color: '', transport: '' };
}

function destinationToForm(value: unknown, field: string): DestinationForm {
  const point = pointToForm(value, field);
  return {
    ...point,
    dataLabel: text(point.source.data_label),
    color: text(point.source.color),
    transport: oneOf(TRANSPORTS, point.source.transport, ''),
  };
}

export function multiRouteToForm(settings: unknown): MultiRouteForm {
  const source = objectAt(settings, 'multi_route');
  const bool = (key: string, fallback: boolean) => (typeof source[key] === 'boolean' ? (source[key] as boolean) : fallback);
  return {
    origin: source.origin === undefined ? emptyPoint() : pointToForm(source.origin, 'multi_route.origin'),
    routes: listAt(source.routes, 'multi_route.routes').map((route, i) => destinationToForm(route, `multi_route.routes[${i}]`)),
    routesStartAt: text(source.routes_start_at),
    routesDuration: text(source.routes_duration),
    stagger: text(source.stagger),
    showAllRoutesAtStart: bool('show_all_routes_at_start', MULTI_ROUTE_DEFAULTS.showAllRoutesAtStart),
    animateLabels: bool('animate_labels', MULTI_ROUTE_DEFAULTS.animateLabels),
    labelCollision: oneOf(LABEL_COLLISION_MODES, source.label_collision, MULTI_ROUTE_DEFAULTS.labelCollision),
    startZoom: text(source.start_zoom),
    endZoom: text(source.end_zoom),
    source,
  };
}

export function multiRouteToSettings(form: MultiRouteForm): Json {
  const { source } = form;
  return withFields(source, {
    origin: pointToSettings(form.origin),
    routes: form.routes.map((route) =>
      withFields(route.source, {
        ...pointFields(route),
        data_label: sentText(route.dataLabel, route.source, 'data_label'),
        color: route.color.trim() || undefined,
        transport: route.transport || undefined,
      }),
    ),
    routes_start_at: sentNumber(form.routesStartAt),
    routes_duration: sentNumber(form.routesDuration),
    stagger: sentNumber(form.stagger),
    show_all_routes_at_start: sentChoice(
      form.showAllRoutesAtStart,
      MULTI_ROUTE_DEFAULTS.showAllRoutesAtStart,
      source,
      'show_all_routes_at_start',
    ),
    animate_labels: sentChoice(form.animateLabels, MULTI_ROUTE_DEFAULTS.animateLabels, source, 'animate_labels'),
    label_collision: sentChoice(form.labelCollision, MULTI_ROUTE_DEFAULTS.labelCollision, source, 'label_collision'),
    start_zoom: sentNumber(form.startZoom),
    end_zoom: sentNumber(form.endZoom),
  });
}
