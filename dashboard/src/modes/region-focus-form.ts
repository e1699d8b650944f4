/** region_focus's settings as its form edits them, and back (see `./settings-form.ts`). */
import { REGION_FOCUS_STARTS, type RegionFocusStart } from '../../../src/modules/contract';
import {
  type Json,
  listAt,
  objectAt,
  oneOf,
  type PointForm,
  pointToForm,
  pointToSettings,
  type RegionForm,
  regionToForm,
  regionToSettings,
  sentChoice,
  sentText,
  text,
  withFields,
} from './settings-form';

export interface RegionFocusForm {
  /** A country or a box: region_focus has no "world". */
  region: RegionForm;
  label: string;
  /** `#rrggbb`, or '' for the style's colour. */
  highlightColor: string;
  from: RegionFocusStart;
  markers: PointForm[];
  source: Json;
}

/** Where the camera starts when the settings do not say (contract §13). */
export const DEFAULT_REGION_FOCUS_START: RegionFocusStart = 'world';

export function regionFocusToForm(settings: unknown): RegionFocusForm {
  const source = objectAt(settings, 'region_focus');
  const region = regionToForm(source.region, 'region_focus.region');
  // region_focus has no "world" (the API refuses it, and the default): shown as a country, the API's message lands on the field.
  if (region.kind === 'world') {
    region.kind = 'country';
    region.country = text(source.region);
  }
  return {
    region,
    label: text(source.label),
    highlightColor: text(source.highlight_color),
    from: oneOf(REGION_FOCUS_STARTS, source.from, DEFAULT_REGION_FOCUS_START),
    markers: listAt(source.markers, 'region_focus.markers').map((m, i) => pointToForm(m, `region_focus.markers[${i}]`)),
    source,
  };
}

export function regionFocusToSettings(form: RegionFocusForm): Json {
  const { source } = form;
  return withFields(source, {
    region: regionToSettings(form.region, source, 'region'),
    label: sentText(form.label, source, 'label'),
    highlight_color: form.highlightColor.trim() || undefined,
    from: sentChoice(form.from, DEFAULT_REGION_FOCUS_START, source, 'from'),
    // An empty list is the default: left out unless the settings named it.
    markers: form.markers.length || Object.hasOwn(source, 'markers') ? form.markers.map(pointToSettings) : undefined,
  });
}
