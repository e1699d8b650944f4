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

/**
 * Request bodies shown (and pre-filled) in Swagger UI: one per render mode, and one with text
 * overlays. Each is accepted as shown on every tier, Free included: 720p, at most 10 s, places
 * and countries the offline lists know, no template and no webhook (a unit spec checks this).
 */
export const RENDER_BODY_EXAMPLES = {
  first_render: {
    summary: 'Lisbon → New York by plane, then by ship to Rotterdam (the README walkthrough)',
    value: {
      waypoints: [{ place: 'Lisbon' }, { place: 'New York', transport: 'ship' }, { place: 'Rotterdam' }],
      transport: 'plane',
      duration: 10,
      style: 'standard',
      hud: { distance: true },
      title: { text: 'Lisbon to Rotterdam', subtitle: 'the long way round' },
    },
  },
  coordinates: {
    summary: 'Coordinates and labels, a cinematic camera and a dashed route',
    value: {
      waypoints: [
        { lat: 38.7223, lng: -9.1393, label: 'Lisbon' },
        { lat: 48.8566, lng: 2.3522, label: 'Paris', dwell: 1 },
        { lat: 52.52, lng: 13.405, label: 'Berlin' },
      ],
      transport: 'plane',
      duration: 8,
      aspect_ratio: '9:16',
      camera: { preset: 'cinematic', tilt: 30 },
      route_style: { color: '#ff5a36', line: 'dashed' },
      units: 'km',
    },
  },
  text_overlays: {
    summary: 'Text overlays and camera details: captions over a three-city trip, a hold and a close-up on Paris',
    value: {
      waypoints: [
        { place: 'Lisbon', label: 'Lisbon' },
        { place: 'Paris', label: 'Paris', camera_zoom_override: 6, camera_hold_seconds: 1 },
        { place: 'Berlin', label: 'Berlin' },
      ],
      transport: 'train',
      duration: 10,
      camera: { preset: 'follow', intensity: 'soft' },
      text_overlays: [
        { text: 'Three capitals in one week', start: 0.3, end: 2.8, position: 'top', style: 'headline' },
        { text: 'Friday: Lisbon → Paris', start: 2.5, end: 5.5, position: 'bottom-left', style: 'lower-third' },
        { text: 'Sunday: on to Berlin', start: 6, end: 9.5, position: 'bottom-left', style: 'lower-third' },
      ],
    },
  },
  multi_route: {
    summary: 'multi_route: Shanghai’s container lanes to eight ports by ship, with transit times',
    value: {
      mode: 'multi_route',
      transport: 'ship',
      duration: 10,
      style: 'maritime-dark',
      title: { text: 'Shanghai’s container lanes', subtitle: 'typical transit times' },
      multi_route: {
        origin: { place: 'Shanghai' },
        routes: [
          { place: 'Singapore', data_label: '6 days' },
          { place: 'Sydney', data_label: '14 days' },
          { place: 'Los Angeles', data_label: '16 days' },
          { place: 'Vancouver', data_label: '15 days' },
          { place: 'Dubai', data_label: '18 days' },
          { place: 'Durban', data_label: '24 days' },
          { place: 'Rotterdam', data_label: '32 days' },
          { place: 'Santos', data_label: '38 days' },
        ],
        routes_start_at: 1,
        stagger: 0.3,
      },
    },
  },
  region_focus: {
    summary: 'region_focus: fly in to Portugal and mark four cities',
    value: {
      mode: 'region_focus',
      duration: 8,
      style: 'standard',
      region_focus: {
        region: 'Portugal',
        highlight_color: '#2e8b57',
        from: 'world',
        markers: [{ place: 'Lisbon' }, { place: 'Porto' }, { place: 'Coimbra' }, { place: 'Faro' }],
      },
      text_overlays: [{ text: 'Four cities, one coastline', start: 4, end: 7.5, position: 'bottom', style: 'caption' }],
    },
  },
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
};

export const BATCH_BODY_EXAMPLES = {
  two_jobs: {
    summary: 'Two renders in one batch',
    value: {
      jobs: [
        { waypoints: [{ place: 'Lisbon' }, { place: 'Madrid' }], transport: 'plane', duration: 6 },
        { waypoints: [{ place: 'Rotterdam' }, { place: 'Hamburg' }], transport: 'ship', duration: 6 },
      ],
    },
  },
};
