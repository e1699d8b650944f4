/**
 * `route_style` of a render body: the look of the route line, written once as a schema (ADR 0040). Its validation (the
 * render DTO checks it through `SchemaField`), the type the parse reads and a job stores (`RouteStyleInput`) and the
 * `RouteStyleDto` component of the OpenAPI document follow from it.
 */
import { z } from 'zod';
import { ROUTE_LINE_KINDS } from './render-request';

export const ROUTE_STYLE_SCHEMA = z.strictObject({
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'color must be #rrggbb' })
    .optional()
    .meta({ example: '#ff5a36', description: 'Route colour, `#rrggbb`.' }),
  width: z.number().min(1).max(20).optional().meta({ example: 6, description: 'Line width in pixels at 1080p (scaled for other sizes).' }),
  opacity: z.number().min(0).max(1).optional().meta({ example: 0.9 }),
  line: z.enum(ROUTE_LINE_KINDS).optional().meta({ example: 'solid' }),
});

/** The route's look as a request sends it, and as a job stores it (every field optional: the composition's defaults). */
export type RouteStyleInput = z.input<typeof ROUTE_STYLE_SCHEMA>;
