/** How a render job reads in lists and headings: its title, its route in words, its mode. */
import type { NormalizedPoint, NormalizedRegion, NormalizedRenderRequest } from '../../src/modules/rendering/contract';
import type { Render, RenderStatus } from './api/types';

export const ACTIVE_STATUSES: readonly RenderStatus[] = ['queued', 'processing'];

export function isActive(job: Pick<Render, 'status'>): boolean {
  return ACTIVE_STATUSES.includes(job.status);
}

const MODE_LABELS: Record<string, string> = {
  route_animation: 'Route',
  multi_route: 'Multi-route',
  region_focus: 'Region focus',
  country_data: 'Country data',
};

/** The stored request, read leniently: older jobs may lack fields added since. */
function requestOf(job: Pick<Render, 'request'>): Partial<NormalizedRenderRequest> {
  return job.request as Partial<NormalizedRenderRequest>;
}

export function modeLabel(job: Pick<Render, 'request'>): string {
  const mode = requestOf(job).mode ?? 'route_animation';
  return MODE_LABELS[mode] ?? mode;
}

function pointLabel(point: Partial<NormalizedPoint> | undefined): string {
  if (!point) return '?';
  if (point.label) return point.label;
  if (point.place) return point.place;
  if (typeof point.lat === 'number' && typeof point.lng === 'number') return `${point.lat.toFixed(2)}, ${point.lng.toFixed(2)}`;
  return '?';
}

function regionLabel(region: NormalizedRegion | 'world' | undefined): string {
  if (!region || region === 'world') return 'the world';
  if (region.kind === 'country') return region.name;
  return `box ${region.bbox.map((n) => n.toFixed(1)).join(', ')}`;
}

/** "Lisbon → Madrid", "Rotterdam → 4 destinations", "Portugal", "12 countries". */
export function routeSummary(job: Pick<Render, 'request'>): string {
  const request = requestOf(job);
  switch (request.mode) {
    case 'multi_route': {
      const { origin, routes } = request.multi_route ?? { origin: undefined, routes: [] };
      return `${pointLabel(origin)} → ${routes.length === 1 ? pointLabel(routes[0]) : `${routes.length} destinations`}`;
    }
    case 'region_focus':
      return request.region_focus?.label ?? regionLabel(request.region_focus?.region);
    case 'country_data': {
      const count = request.country_data?.values.length ?? 0;
      return `${count} ${count === 1 ? 'country' : 'countries'} · ${regionLabel(request.country_data?.region)}`;
    }
    default: {
      const waypoints = request.waypoints ?? [];
      if (waypoints.length === 0) return 'No route';
      const via = waypoints.length > 2 ? ` (${waypoints.length - 2} via)` : '';
      return `${pointLabel(waypoints[0])} → ${pointLabel(waypoints[waypoints.length - 1])}${via}`;
    }
  }
}

/** The title the user gave, or else the route in words. */
export function jobTitle(job: Pick<Render, 'request'>): string {
  return requestOf(job).title?.text || routeSummary(job);
}

export function hasTitle(job: Pick<Render, 'request'>): boolean {
  return Boolean(requestOf(job).title?.text);
}

export function requestedDuration(job: Pick<Render, 'request'>): number | undefined {
  return requestOf(job).duration;
}

export function requestedResolution(job: Pick<Render, 'request'>): string | undefined {
  const request = requestOf(job);
  return request.resolution ? `${request.resolution}${request.aspect_ratio ? ` ${request.aspect_ratio}` : ''}` : undefined;
}

export function webhookUrlOf(job: Pick<Render, 'request'>): string | undefined {
  return requestOf(job).webhook_url;
}
