/**
 * `hud` of a render body, when it is an object (it may also be `false`): the overlay of distance and progress, written
 * once as a schema (ADR 0040). Its validation (the render DTO checks it through `SchemaField`), the type the parse
 * reads (`HudInput`) and the `HudDto` component of the OpenAPI document follow from it; the parse fills its defaults
 * (`DEFAULT_HUD`).
 */
import { z } from 'zod';
import { HUD_POSITIONS } from './render-request';

export const HUD_SCHEMA = z.strictObject({
  distance: z.boolean().optional().meta({ example: true, description: 'Show the distance travelled.' }),
  progress_bar: z.boolean().optional().meta({ example: true }),
  position: z.enum(HUD_POSITIONS).optional().meta({ example: 'bottom-left' }),
});

/** The HUD as a request sends it (every field optional). */
export type HudInput = z.input<typeof HUD_SCHEMA>;

/** The HUD as a job stores it: every field filled in. */
export type Hud = Required<HudInput>;

/** What a HUD leaves unset shows. */
export const DEFAULT_HUD: Readonly<Hud> = { distance: true, progress_bar: true, position: 'bottom-left' };
