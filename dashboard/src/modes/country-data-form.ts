/** country_data's settings as its form edits them, and back (see `./settings-form.ts`). */
import { CHOROPLETH_PALETTES, CHOROPLETH_REVEALS, type ChoroplethPalette, type ChoroplethReveal } from '../../../src/modules/contract';
import { newKey } from '../form/render-form';
import type { CountryValue } from './country-values';
import { parseFigure } from './country-values';
import {
  type Json,
  listAt,
  objectAt,
  oneOf,
  type RegionForm,
  regionToForm,
  regionToSettings,
  sentChoice,
  sentText,
  text,
  withFields,
} from './settings-form';

export interface CountryValueForm {
  key: string;
  country: string;
  /** As typed: "3.5", "3,5" and "1 429" are read as numbers (`parseFigure`). */
  value: string;
  source: Json;
}

export interface CountryDataForm {
  values: CountryValueForm[];
  legendTitle: string;
  legendUnit: string;
  palette: ChoroplethPalette;
  reveal: ChoroplethReveal;
  /** What the camera frames: the world (the default), a country or a box. */
  region: RegionForm;
  source: Json;
}

/** The API's defaults (contract §13). */
export const COUNTRY_DATA_DEFAULTS = { palette: 'sequential', reveal: 'ranked' } as const;

export function countryValueRow(row?: CountryValue): CountryValueForm {
  return { key: newKey(), country: row?.country ?? '', value: row ? String(row.value) : '', source: {} };
}

export function countryDataToForm(settings: unknown): CountryDataForm {
  const source = objectAt(settings, 'country_data');
  const legend = objectAt(source.legend, 'country_data.legend');
  return {
    values: listAt(source.values, 'country_data.values').map((entry, i) => {
      // A job's stored request adds what the service resolved the country to: not part of a request.
      const { iso_numeric: _numeric, iso_alpha3: _alpha3, name: _name, ...row } = objectAt(entry, `country_data.values[${i}]`);
      return { key: newKey(), country: text(row.country), value: text(row.value), source: row };
    }),
    legendTitle: text(legend.title),
    legendUnit: text(legend.unit),
    palette: oneOf(CHOROPLETH_PALETTES, source.palette, COUNTRY_DATA_DEFAULTS.palette),
    reveal: oneOf(CHOROPLETH_REVEALS, source.reveal, COUNTRY_DATA_DEFAULTS.reveal),
    region: regionToForm(source.region, 'country_data.region'),
    source,
  };
}

/** A value cell as sent: a number when it reads as one, else the text for the API to refuse on its row. */
function sentValue(value: string): number | string {
  const figure = parseFigure(value);
  return 'value' in figure ? figure.value : value.trim();
}

export function countryDataToSettings(form: CountryDataForm): Json {
  const { source } = form;
  const legendSource = objectAt(source.legend, 'country_data.legend');
  const legend = withFields(legendSource, {
    title: sentText(form.legendTitle, legendSource, 'title'),
    unit: sentText(form.legendUnit, legendSource, 'unit'),
  });
  return withFields(source, {
    values: form.values.map((row) => withFields(row.source, { country: row.country.trim(), value: sentValue(row.value) })),
    legend: Object.keys(legend).length || Object.hasOwn(source, 'legend') ? legend : undefined,
    palette: sentChoice(form.palette, COUNTRY_DATA_DEFAULTS.palette, source, 'palette'),
    reveal: sentChoice(form.reveal, COUNTRY_DATA_DEFAULTS.reveal, source, 'reveal'),
    region: regionToSettings(form.region, source, 'region'),
  });
}

/**
 * The table after a paste: rows whose country is already there (by the same spelling) take the pasted value, the
 * others are added; empty rows make way.
 */
export function mergeCountryValues(rows: readonly CountryValueForm[], pasted: readonly CountryValue[]): CountryValueForm[] {
  const next = rows.filter((row) => row.country.trim() !== '' || row.value.trim() !== '');
  for (const entry of pasted) {
    const same = next.findIndex((row) => row.country.trim().toLowerCase() === entry.country.toLowerCase());
    if (same >= 0) next[same] = { ...next[same]!, value: String(entry.value) };
    else next.push(countryValueRow(entry));
  }
  return next;
}
