import type { NormalizedRenderRequest } from '../../contract';

/** A job's stored request as the job record shows it (`request`): every default filled in, places resolved. */
export const EXAMPLE_NORMALIZED_REQUEST = {
  mode: 'route_animation',
  waypoints: [
    { lat: 38.7223, lng: -9.1393, label: 'Lisbon', place: 'Lisbon', transport: 'plane', dwell: 0, emphasis: 'standard' },
    { lat: 40.7128, lng: -74.006, label: 'New York', place: 'New York', transport: 'plane', dwell: 0, emphasis: 'standard' },
  ],
  transport: 'plane',
  route: { avoid: [] },
  duration: 10,
  resolution: '720p',
  aspect_ratio: '16:9',
  fps: 30,
  style: 'standard',
  projection: 'auto',
  terrain: { enabled: false, exaggeration: 1 },
  route_style: {},
  camera: { preset: 'auto', intensity: 'balanced', mode: 'follow', ease: 'cubic-in-out' },
  hud: false,
  units: 'km',
  text_overlays: [],
} satisfies NormalizedRenderRequest;
