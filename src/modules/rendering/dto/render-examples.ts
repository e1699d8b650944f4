/**
 * Request bodies shown (and pre-filled) in Swagger UI. Each is accepted as shown on every tier,
 * Free included: 720p, at most 10 s, places the gazetteer knows, no template and no webhook.
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
