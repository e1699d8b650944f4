/** How a render job reads in lists and headings: its title, its route in words (by its mode's section), its mode. */
import { DEFAULT_RENDER_MODE, type NormalizedRenderRequest, RENDER_MODE_DEFINITIONS } from '../../src/modules/contract';
import type { Render, RenderStatus } from './api/types';
import { MODE_SECTIONS, modeSectionOf } from './modes';

export const ACTIVE_STATUSES: readonly RenderStatus[] = ['queued', 'processing'];

export function isActive(job: Pick<Render, 'status'>): boolean {
  return ACTIVE_STATUSES.includes(job.status);
}

/** The stored request, read leniently: older jobs may lack fields added since. */
function requestOf(job: Pick<Render, 'request'>): Partial<NormalizedRenderRequest> {
  return job.request as Partial<NormalizedRenderRequest>;
}

export function modeLabel(job: Pick<Render, 'request'>): string {
  const mode = requestOf(job).mode ?? DEFAULT_RENDER_MODE;
  return modeSectionOf(mode)?.shortLabel ?? mode;
}

/** "Lisbon → Madrid", "Rotterdam → 4 destinations", "Portugal", "12 countries"; a mode this dashboard does not know reads as a route. */
export function routeSummary(job: Pick<Render, 'request'>): string {
  const request = requestOf(job);
  return (modeSectionOf(request.mode ?? DEFAULT_RENDER_MODE) ?? MODE_SECTIONS.route_animation).routeSummary(request);
}

/**
 * Whether the job's video follows routed lines (route_animation, multi_route), so that its page has a route to draw:
 * the modes that take routing options (the contract's `takes.route`); region_focus and country_data have none, and
 * drawing their empty route once broke the page. A mode this dashboard does not know may have one.
 */
export function hasRoute(job: Pick<Render, 'request'>): boolean {
  const mode = requestOf(job).mode ?? DEFAULT_RENDER_MODE;
  return modeSectionOf(mode) ? RENDER_MODE_DEFINITIONS[mode].takes.route : true;
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
