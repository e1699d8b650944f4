import { describe, expect, it } from '@jest/globals';
import { RENDER_MODE_DEFINITIONS } from '../../../src/modules/contract';
import { countryDataToForm, countryDataToSettings, countryValueRow, mergeCountryValues } from './country-data-form';
import { emptyDestination, multiRouteToForm, multiRouteToSettings } from './multi-route-form';
import { regionFocusToForm, regionFocusToSettings } from './region-focus-form';
import { emptyPoint, moved, SettingsShapeError } from './settings-form';

/** A form without its React keys, to compare two forms of the same settings. */
function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([k, v]) => (k === 'key' ? [] : [[k, withoutKeys(v)]])));
}

const codecs = {
  multi_route: { toForm: multiRouteToForm, toSettings: multiRouteToSettings },
  region_focus: { toForm: regionFocusToForm, toSettings: regionFocusToSettings },
  country_data: { toForm: countryDataToForm, toSettings: countryDataToSettings },
} as const;

describe('each mode’s form and its settings (JSON → form → JSON)', () => {
  for (const [mode, codec] of Object.entries(codecs)) {
    const examples = Object.values(RENDER_MODE_DEFINITIONS[mode as keyof typeof codecs].examples);
    it(`gives back every API reference example of ${mode} unchanged`, () => {
      expect(examples.length).toBeGreaterThan(0);
      for (const example of examples) {
        const settings = (example.value as Record<string, unknown>)[mode];
        expect(codec.toSettings(codec.toForm(settings) as never)).toEqual(settings);
      }
    });

    it(`keeps fields ${mode}'s form does not show, at every level`, () => {
      const settings = (examples[0]!.value as Record<string, unknown>)[mode] as Record<string, unknown>;
      const withUnknown = { ...settings, from_a_newer_api: { nested: [1, 2] } };
      expect(codec.toSettings(codec.toForm(withUnknown) as never)).toEqual(withUnknown);
    });
  }

  it('keeps every multi_route field the form shows, and a route’s label_offset it does not', () => {
    const settings = {
      origin: { lat: 31.2, lng: 121.5, label: 'Shanghai port' },
      routes: [
        { place: 'Singapore', data_label: '6 days', color: '#ffb000', transport: 'ship', label_offset: { x: 10, y: -5 } },
        { place: 'Rotterdam', label: '' },
      ],
      show_all_routes_at_start: false,
      animate_labels: true,
      routes_start_at: 1,
      routes_duration: 6.5,
      stagger: 0.3,
      label_collision: 'none',
      start_zoom: 2,
      end_zoom: 3,
    };
    expect(multiRouteToSettings(multiRouteToForm(settings))).toEqual(settings);
  });

  it('keeps region_focus with a box, and country_data framing a country', () => {
    const region = { region: [170, -50, -170, -30], label: '', highlight_color: '#2e8b57', from: 'continent', markers: [] };
    expect(regionFocusToSettings(regionFocusToForm(region))).toEqual(region);
    const data = { values: [{ country: 'PT', value: 10.3 }], region: 'Portugal', legend: {} };
    expect(countryDataToSettings(countryDataToForm(data))).toEqual(data);
    expect(countryDataToSettings(countryDataToForm({ values: [], region: 'World' }))).toEqual({ values: [], region: 'World' });
  });

  it('refuses settings it cannot show (a list that is not one), so they stay in the JSON view', () => {
    expect(() => multiRouteToForm({ origin: { place: 'Lisbon' }, routes: 'Madrid' })).toThrow(SettingsShapeError);
    expect(() => multiRouteToForm([])).toThrow('multi_route is not an object.');
    expect(() => regionFocusToForm({ region: { west: 1 } })).toThrow(SettingsShapeError);
    expect(() => countryDataToForm({ values: [{ country: 'PT', value: 1 }, 'ES'] })).toThrow('country_data.values[1] is not an object.');
  });
});

describe('each mode’s form as settings (form → JSON → form)', () => {
  it('multi_route: a place or coordinates per point, numbers as numbers, text as typed, empty fields left out', () => {
    const form = multiRouteToForm({ origin: { place: 'Lisbon' }, routes: [] });
    form.routes = [
      { ...emptyDestination('Madrid'), dataLabel: ' 1 h ', transport: 'car' },
      { ...emptyDestination(), lat: '48.85', lng: '2.35', label: 'Paris', color: '#123abc' },
      emptyDestination(),
    ];
    form.routesStartAt = '1';
    form.stagger = 'soon';
    form.animateLabels = false;
    const settings = multiRouteToSettings(form);
    expect(settings).toEqual({
      origin: { place: 'Lisbon' },
      routes: [{ place: 'Madrid', data_label: '1 h', transport: 'car' }, { lat: 48.85, lng: 2.35, label: 'Paris', color: '#123abc' }, {}],
      routes_start_at: 1,
      stagger: 'soon',
      animate_labels: false,
    });
    const again = multiRouteToForm(JSON.parse(JSON.stringify(settings)));
    expect(withoutKeys({ ...again, source: {} })).toEqual(
      withoutKeys({ ...form, source: {}, origin: { ...form.origin, source: { place: 'Lisbon' } }, routes: again.routes }),
    );
    expect(again.routes.map((r) => [r.place, r.lat, r.lng, r.label, r.dataLabel, r.color, r.transport])).toEqual([
      ['Madrid', '', '', '', '1 h', '', 'car'],
      ['', '48.85', '2.35', 'Paris', '', '#123abc', ''],
      ['', '', '', '', '', '', ''],
    ]);
  });

  it('region_focus: a country by name, the start, markers; no markers and the default start are left out', () => {
    const form = regionFocusToForm({});
    form.region.country = 'Portugal';
    expect(regionFocusToSettings(form)).toEqual({ region: 'Portugal' });
    form.from = 'continent';
    form.markers = [emptyPoint('Lisbon'), { ...emptyPoint(), lat: '41.15', lng: '-8.61', label: 'Porto' }];
    const settings = regionFocusToSettings(form);
    expect(settings).toEqual({
      region: 'Portugal',
      from: 'continent',
      markers: [{ place: 'Lisbon' }, { lat: 41.15, lng: -8.61, label: 'Porto' }],
    });
    expect(regionFocusToSettings(regionFocusToForm(settings))).toEqual(settings);
    // "world" is refused by the API in region_focus: shown as the country typed, for its message to land on the field.
    expect(regionFocusToForm({ region: 'world' }).region).toMatchObject({ kind: 'country', country: 'world' });
  });

  it('country_data: rows with decimal commas read as numbers, a figure in doubt sent as typed for the API to name', () => {
    const form = countryDataToForm({ values: [] });
    form.values = [
      { ...countryValueRow(), country: ' Germany ', value: '3,5' },
      { ...countryValueRow(), country: 'France', value: '1,429' },
    ];
    form.legendTitle = 'GDP growth';
    form.palette = 'diverging';
    const settings = countryDataToSettings(form);
    expect(settings).toEqual({
      values: [
        { country: 'Germany', value: 3.5 },
        { country: 'France', value: '1,429' },
      ],
      legend: { title: 'GDP growth' },
      palette: 'diverging',
    });
    const again = countryDataToForm(settings);
    expect([again.legendTitle, again.legendUnit, again.palette, again.reveal, again.region.kind]).toEqual([
      'GDP growth',
      '',
      'diverging',
      'ranked',
      'world',
    ]);
    expect(again.values.map((r) => [r.country, r.value])).toEqual([
      ['Germany', '3.5'],
      ['France', '1,429'],
    ]);
  });

  it('a paste updates rows of the same country, adds the others and drops empty rows', () => {
    const rows = [{ ...countryValueRow(), country: 'Portugal', value: '1' }, countryValueRow()];
    const merged = mergeCountryValues(rows, [
      { country: 'portugal', value: 2 },
      { country: 'Spain', value: 3 },
    ]);
    expect(merged.map((r) => [r.country, r.value])).toEqual([
      ['Portugal', '2'],
      ['Spain', '3'],
    ]);
  });

  it('moves a row up and down, and not past either end', () => {
    expect(moved(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });
});

describe('a job’s stored settings, rendered again', () => {
  it('reads the regions and countries the service resolved back as a request gives them', () => {
    expect(
      regionFocusToSettings(
        regionFocusToForm({
          region: { kind: 'country', iso_numeric: '620', iso_alpha3: 'PRT', name: 'Portugal' },
          label: 'Portugal',
          from: 'world',
          markers: [{ place: 'Lisbon', lat: 38.72, lng: -9.14 }],
        }),
      ),
    ).toEqual({ region: 'Portugal', label: 'Portugal', from: 'world', markers: [{ place: 'Lisbon' }] });
    expect(regionFocusToSettings(regionFocusToForm({ region: { kind: 'bbox', bbox: [170, -50, 190, -30] } }))).toEqual({
      region: [170, -50, -170, -30],
    });
    expect(
      countryDataToSettings(
        countryDataToForm({
          values: [{ country: 'PT', value: 10.3, iso_numeric: '620', iso_alpha3: 'PRT', name: 'Portugal' }],
          palette: 'sequential',
          reveal: 'ranked',
          region: 'world',
        }),
      ),
    ).toEqual({ values: [{ country: 'PT', value: 10.3 }], palette: 'sequential', reveal: 'ranked', region: 'world' });
  });
});
