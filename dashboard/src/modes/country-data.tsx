/** country_data: a figure per country, as an animated choropleth. */
import { JsonSettingsEditor } from './JsonSettingsEditor';
import { defineModeSection, settingsText } from './mode-section';
import { regionLabel } from './words';

export const countryDataSection = defineModeSection({
  mode: 'country_data',
  shortLabel: 'Country data',
  startingSettings: settingsText({
    legend: { title: 'Population', unit: 'M' },
    values: [
      { country: 'India', value: 1429 },
      { country: 'China', value: 1426 },
      { country: 'United States', value: 340 },
      { country: 'Brazil', value: 216 },
    ],
  }),
  Editor: JsonSettingsEditor,
  routeSummary(request) {
    const count = request.country_data?.values.length ?? 0;
    return `${count} ${count === 1 ? 'country' : 'countries'} · ${regionLabel(request.country_data?.region)}`;
  },
});
