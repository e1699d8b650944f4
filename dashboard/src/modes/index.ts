/**
 * The dashboard's registry of render modes: one section per mode of the API (`RenderMode`, the SDK's type generated
 * from the API's document), each in its own file. A mode the API adds fails the type check here until it has one;
 * adding it is one new file (`./<mode>.tsx`, with `defineModeSection`) and one line below.
 */
import type { RenderMode } from '../api/types';
import { countryDataSection } from './country-data';
import type { ModeSection } from './mode-section';
import { multiRouteSection } from './multi-route';
import { regionFocusSection } from './region-focus';
import { routeAnimationSection } from './route-animation';

export const MODE_SECTIONS: { readonly [M in RenderMode]: ModeSection<M> } = {
  route_animation: routeAnimationSection,
  multi_route: multiRouteSection,
  region_focus: regionFocusSection,
  country_data: countryDataSection,
};

/** The section of a mode the dashboard knows; undefined for a mode it does not (a job stored by a newer service). */
export function modeSectionOf(mode: string): ModeSection<RenderMode> | undefined {
  return Object.hasOwn(MODE_SECTIONS, mode) ? MODE_SECTIONS[mode as RenderMode] : undefined;
}

export type { ModeEditorProps, ModeSection } from './mode-section';
