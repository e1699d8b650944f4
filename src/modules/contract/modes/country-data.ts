/**
 * country_data (contract §13): an animated choropleth, one figure per country, filled all at once or
 * in order of value. Drawn by `remotion/modes/country-data/`.
 */
import { type CompositionRegion, cleanLabel, regionProps } from '../composition-parts';
import type { NormalizedRegion, ResolvedCountry } from '../render-request';
import { defineMode, type ModeParseInput } from './mode-definition';
import { isWorld, parseRegion, type RegionInput } from './regions';

export const CHOROPLETH_PALETTES = ['sequential', 'diverging'] as const;
export type ChoroplethPalette = (typeof CHOROPLETH_PALETTES)[number];

export const CHOROPLETH_REVEALS = ['all', 'ranked'] as const;
export type ChoroplethReveal = (typeof CHOROPLETH_REVEALS)[number];

export interface CountryDataInput {
  values: Array<{ country: string; value: number }>;
  legend?: { title?: string; unit?: string };
  palette?: ChoroplethPalette;
  reveal?: ChoroplethReveal;
  /** "world" (the default), a country or a bbox. */
  region?: RegionInput;
}

export interface NormalizedCountryValue extends ResolvedCountry {
  /** The country as the request named it ("PT", "Portugal"). */
  country: string;
  value: number;
}

export interface NormalizedCountryData {
  values: NormalizedCountryValue[];
  legend?: { title?: string; unit?: string };
  palette: ChoroplethPalette;
  reveal: ChoroplethReveal;
  /** `world`, or the region the camera frames. */
  region: NormalizedRegion | 'world';
}

export interface CompositionCountryData {
  values: Array<{ iso_numeric: string; name: string; value: number }>;
  legend: { title: string | null; unit: string | null };
  palette: ChoroplethPalette;
  reveal: ChoroplethReveal;
  /** null = the whole world. */
  region: CompositionRegion | null;
}

function parseCountryData({ settings, ctx }: ModeParseInput<CountryDataInput>): NormalizedCountryData {
  const field = 'country_data';
  const firstIndexOf = new Map<string, number>();
  const values: NormalizedCountryValue[] = [];
  settings.values.forEach((entry, i) => {
    const at = `${field}.values[${i}].country`;
    const country = ctx.country(entry.country, at, 'leave it out');
    if (!country) return;
    const first = firstIndexOf.get(country.iso_numeric);
    if (first !== undefined) {
      ctx.issue(
        at,
        'duplicate_country',
        `"${entry.country}" is ${country.name}, already given at ${field}.values[${first}]; each country takes one value.`,
      );
      return;
    }
    firstIndexOf.set(country.iso_numeric, i);
    values.push({
      country: entry.country,
      value: entry.value,
      iso_numeric: country.iso_numeric,
      iso_alpha3: country.iso_alpha3,
      name: country.name,
    });
  });
  const region = settings.region === undefined || isWorld(settings.region) ? 'world' : parseRegion(settings.region, ctx, `${field}.region`);
  return {
    values,
    ...(settings.legend
      ? {
          legend: {
            ...(settings.legend.title !== undefined ? { title: settings.legend.title } : {}),
            ...(settings.legend.unit !== undefined ? { unit: settings.legend.unit } : {}),
          },
        }
      : {}),
    palette: settings.palette ?? 'sequential',
    reveal: settings.reveal ?? 'ranked',
    region,
  };
}

/** The 45 most populous countries (ISO alpha-3, millions of people, UN estimates for 2023, rounded). */
// prettier-ignore
const POPULATION_MILLIONS_2023: Array<[string, number]> = [
  ['IND', 1429], ['CHN', 1410], ['USA', 340], ['IDN', 277], ['PAK', 240], ['NGA', 224], ['BRA', 216], ['BGD', 173],
  ['RUS', 144], ['MEX', 128], ['ETH', 127], ['JPN', 124], ['PHL', 117], ['EGY', 113], ['COD', 102], ['VNM', 99],
  ['IRN', 89], ['TUR', 85], ['DEU', 84], ['THA', 72], ['GBR', 68], ['TZA', 67], ['FRA', 65], ['ZAF', 60],
  ['ITA', 59], ['KEN', 55], ['MMR', 54], ['COL', 52], ['KOR', 52], ['UGA', 49], ['SDN', 48], ['ESP', 48],
  ['DZA', 46], ['ARG', 46], ['IRQ', 45], ['AFG', 42], ['POL', 41], ['CAN', 39], ['MAR', 38], ['SAU', 37],
  ['UKR', 37], ['AGO', 37], ['UZB', 35], ['PER', 34], ['MYS', 34],
];

export const countryDataMode = defineMode<'country_data', CountryDataInput, NormalizedCountryData, CompositionCountryData>({
  mode: 'country_data',
  title: 'A figure per country (choropleth)',
  takes: { waypoints: false, transport: false, route: false, route_style: false, hud: false },
  defaultTilt: () => 0,
  rendersInPage: true,
  revealsLongRoutesOnGlobe: false,
  parseSettings: parseCountryData,
  settingsToProps: (settings) => ({
    values: settings.values.map((v) => ({ iso_numeric: v.iso_numeric, name: v.name, value: v.value })),
    legend: { title: cleanLabel(settings.legend?.title), unit: cleanLabel(settings.legend?.unit) },
    palette: settings.palette,
    reveal: settings.reveal,
    region: settings.region === 'world' ? null : regionProps(settings.region),
  }),
  examples: {
    country_data: {
      summary: 'country_data: population of the 45 most populous countries (millions, 2023), filled in order of size',
      value: {
        mode: 'country_data',
        duration: 10,
        style: 'dark',
        title: { text: 'Where the world lives' },
        country_data: {
          values: POPULATION_MILLIONS_2023.map(([country, value]) => ({ country, value })),
          legend: { title: 'Population', unit: 'M' },
          palette: 'sequential',
          reveal: 'ranked',
        },
      },
    },
  },
});
