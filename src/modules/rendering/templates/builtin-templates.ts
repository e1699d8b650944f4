import type { TemplateSettings } from './render-template.entity';

export interface BuiltinTemplate {
  id: string;
  name: string;
  description: string;
  settings: TemplateSettings;
}

/** When the starter templates were last changed: their `created_at` and `updated_at`. */
export const BUILTIN_TEMPLATES_UPDATED_AT = new Date('2026-12-01T00:00:00.000Z');

/**
 * The starter templates every account can use and none can change (`builtin: true`). Each is a
 * look, never a route: no waypoints, and no duration or resolution, so every tier can use it as
 * it is (the duration defaults to the tier's, the resolution to 720p). Their ids are shorter
 * than any saved template's (24 random characters), so the two never collide.
 */
export const BUILTIN_TEMPLATES: readonly BuiltinTemplate[] = [
  {
    id: 'tpl_darkShipping',
    name: 'Dark shipping',
    description:
      'Night-blue sea, a glowing teal sea route and a slow cinematic camera, with distance and progress. ' +
      'Made for shipping lanes and port-to-port voyages: give the ports as waypoints.',
    settings: {
      style: 'maritime-dark',
      transport: 'ship',
      route: { mode: 'sea' },
      route_style: { line: 'glow', width: 5 },
      camera: { preset: 'cinematic' },
      hud: { distance: true, progress_bar: true, position: 'bottom-left' },
    },
  },
  {
    id: 'tpl_verticalTravel',
    name: 'Vertical travel clip',
    description:
      'A 9:16 clip for stories and reels: a coral flight path on the standard map, the camera travelling with the plane, ' +
      'and the distance counter up top, clear of the title card. Add a title to open it.',
    settings: {
      aspect_ratio: '9:16',
      transport: 'plane',
      style: 'standard',
      route_style: { color: '#ff5a36', line: 'solid', width: 6 },
      camera: { preset: 'auto' },
      hud: { distance: true, progress_bar: false, position: 'top-left' },
    },
  },
  {
    id: 'tpl_minimalFlight',
    name: 'Minimal flight',
    description: 'Paper-white land, a thin dashed flight path and the whole route in view from start to end. No HUD.',
    settings: {
      style: 'minimal',
      transport: 'plane',
      route_style: { line: 'dashed', width: 3 },
      camera: { preset: 'overview' },
      hud: false,
    },
  },
];

const BY_ID = new Map(BUILTIN_TEMPLATES.map((template) => [template.id, template]));

export function builtinTemplate(id: string): BuiltinTemplate | undefined {
  return BY_ID.get(id);
}
