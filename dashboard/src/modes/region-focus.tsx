/** region_focus: the camera flies in to a country or region. */
import { JsonSettingsEditor } from './JsonSettingsEditor';
import { defineModeSection, settingsText } from './mode-section';
import { regionLabel } from './words';

export const regionFocusSection = defineModeSection({
  mode: 'region_focus',
  shortLabel: 'Region focus',
  startingSettings: settingsText({ region: 'Portugal', from: 'continent', markers: [{ place: 'Lisbon' }, { place: 'Porto' }] }),
  Editor: JsonSettingsEditor,
  routeSummary(request) {
    return request.region_focus?.label ?? regionLabel(request.region_focus?.region);
  },
});
