/**
 * The request's shared fields that the composer shows only in the modes that take them, read from the contract's
 * registry of modes (`RENDER_MODE_DEFINITIONS[mode].takes`), which the API's validation follows too: a mode that
 * refuses a transport (region_focus) has no Transport field, and its body none; one without waypoints has no
 * story camera presets nor advanced camera fields (contract §19), which play on waypoints.
 */
import { RENDER_MODE_DEFINITIONS } from '../../../src/modules/contract';
import type { RenderMode } from '../api/types';

export type ShownField = 'transport' | 'hud' | 'waypoints';

export function modeTakes(mode: RenderMode, field: ShownField): boolean {
  return RENDER_MODE_DEFINITIONS[mode].takes[field];
}
