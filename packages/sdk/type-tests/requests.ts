/**
 * Compile-time tests of the generated types, checked by `npm run typecheck` (the SDK's tsconfig includes
 * this folder): what a user writes first must type-check, and common mistakes must not. Each
 * `@ts-expect-error` fails the typecheck if the line below it stops being an error.
 */
import {
  type Mapr,
  type CreateBatchRequest,
  type CreateRenderRequest,
  type CreateTemplateRequest,
  type Render,
  type Terrain,
  PROJECTIONS,
  RENDER_MODES,
  RESOLUTIONS,
  TRANSPORTS,
} from '../src';

// The smallest render: every field with a default (mode, transport, resolution, fps, style…) is optional.
export const minimal: CreateRenderRequest = { waypoints: [{ place: 'Lisbon' }, { lat: 40.7128, lng: -74.006 }], duration: 10 };

export const full: CreateRenderRequest = {
  waypoints: [
    { place: 'Lisbon', label: 'Home' },
    { lat: 40.7128, lng: -74.006, transport: 'ship' },
  ],
  transport: 'plane',
  duration: 12,
  resolution: '1080p',
  aspect_ratio: '9:16',
  style: 'standard',
  projection: 'globe',
  terrain: { enabled: true, exaggeration: 1.5 },
  camera: { preset: 'global_corridor_reveal' },
  webhook_url: 'https://example.com/hooks/mapr',
};

export const batch: CreateBatchRequest = { jobs: [minimal, { ...minimal, duration: 5 }] };
export const template: CreateTemplateRequest = { name: 'Shipping', settings: { transport: 'ship' } };
export const globeTemplate: CreateTemplateRequest = { name: 'Globe', settings: { projection: 'globe', transport: 'plane' } };
export const reliefTemplate: CreateTemplateRequest = { name: 'Relief', settings: { terrain: { enabled: true, exaggeration: 2 } } };
// Every field of the terrain is optional: the service fills in enabled false and exaggeration 1.
export const steeper: Terrain = { exaggeration: 2.5 };
export const relief: CreateRenderRequest = { ...minimal, terrain: { enabled: true } };

// @ts-expect-error an unknown transport
export const rocket: CreateRenderRequest = { ...minimal, transport: 'rocket' };
// @ts-expect-error an unknown resolution
export const eightK: CreateRenderRequest = { ...minimal, resolution: '8k' };
// @ts-expect-error duration is a number of seconds, not a string
export const durationText: CreateRenderRequest = { ...minimal, duration: '10' };
// @ts-expect-error an unknown projection
export const sphere: CreateRenderRequest = { ...minimal, projection: 'sphere' };
// @ts-expect-error terrain is an object, not a switch
export const terrainSwitch: CreateRenderRequest = { ...minimal, terrain: true };
// @ts-expect-error exaggeration is a number, not a string
export const exaggerationText: Terrain = { enabled: true, exaggeration: '2' };
// @ts-expect-error a key the terrain does not have
export const terrainTypo: Terrain = { enabled: true, exageration: 2 };
// @ts-expect-error a misspelt field
export const typo: CreateRenderRequest = { wayponts: [], duration: 10 };

export async function readsAreTyped(mapr: Mapr): Promise<string | undefined> {
  const render: Render = await mapr.renders.get('job_x');
  const status: 'queued' | 'processing' | 'complete' | 'failed' | 'cancelled' = render.status;
  void status;
  // @ts-expect-error progress is a number
  const progress: string = render.progress;
  void progress;
  return render.video_url;
}

// The lists of allowed values (RENDER_MODES, TRANSPORTS, …) are typed as their fields' unions, so a value read from
// one fits the request, and a value of another list does not.
export function fromLists(index: number): CreateRenderRequest {
  return {
    ...minimal,
    mode: RENDER_MODES[index],
    transport: TRANSPORTS[index],
    resolution: RESOLUTIONS[index],
    projection: PROJECTIONS[index],
  };
}
// @ts-expect-error a resolution is no transport
export const crossedLists: CreateRenderRequest = { ...minimal, transport: RESOLUTIONS[0] };
// @ts-expect-error a projection is no camera preset (auto is both, flat and globe are not)
export const projectionAsPreset: CreateRenderRequest = { ...minimal, camera: { preset: PROJECTIONS[0] } };
