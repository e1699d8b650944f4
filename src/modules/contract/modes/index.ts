/**
 * The registry of render modes: one definition per mode in RENDER_MODES, checked by the compiler.
 * Everything that differs by mode dispatches through it (the parse, the props, the DTOs' rules on
 * shared fields, the API reference's examples, the dashboard's names), and the types of the stored
 * request and of the composition's props are derived from it. `docs/architecture.md` ("Adding a render
 * mode") lists the steps.
 */
import type { CameraPreset } from '../camera';
import type { RenderMode } from '../render-modes';
import { countryDataMode } from './country-data';
import type { RenderBodyExample, RenderModeDefinition, SharedModeField } from './mode-definition';
import { multiRouteMode } from './multi-route';
import { regionFocusMode } from './region-focus';
import { routeAnimationMode } from './route-animation';

export const RENDER_MODE_DEFINITIONS = {
  route_animation: routeAnimationMode,
  multi_route: multiRouteMode,
  region_focus: regionFocusMode,
  country_data: countryDataMode,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each mode has its own settings types; the types below read them back
} as const satisfies { [M in RenderMode]: RenderModeDefinition<M, any, any, any> };

/**
 * Every mode's definition as read by a dispatch on a mode known only at run time (the parse, the props, the DTO
 * rules): its own types widened. Missing a mode, this and the registry above are what the compiler names.
 */
export type AnyRenderModeDefinition = RenderModeDefinition<RenderMode, unknown, unknown, unknown>;
const DEFINITIONS: Readonly<Record<RenderMode, AnyRenderModeDefinition>> = RENDER_MODE_DEFINITIONS;

/** The definition of a mode known only at run time. */
export function modeDefinition(mode: RenderMode): AnyRenderModeDefinition {
  return DEFINITIONS[mode];
}

type Definition<M extends RenderMode> = M extends keyof typeof RENDER_MODE_DEFINITIONS ? (typeof RENDER_MODE_DEFINITIONS)[M] : never;

/** A mode's settings object as sent (undefined: the mode has none). */
export type ModeInput<M extends RenderMode> = Definition<M> extends RenderModeDefinition<M, infer I, infer _S, infer _P> ? I : never;
/** A mode's settings as stored on the job, every default filled in. */
export type ModeSettings<M extends RenderMode> = Definition<M> extends RenderModeDefinition<M, infer _I, infer S, infer _P> ? S : never;
/** A mode's settings as the composition's props carry them. */
export type ModeSlot<M extends RenderMode> = Definition<M> extends RenderModeDefinition<M, infer _I, infer _S, infer P> ? P : never;

/** `{ [M]: V }`, or nothing for a mode without a settings object. */
export type NamedAfterMode<M extends RenderMode, V> = [V] extends [undefined] ? unknown : { [K in M]: V };

/** Each mode's settings object as the body may carry it (the DTOs implement this). */
export type ModeSettingsInputs = { [M in RenderMode as [ModeInput<M>] extends [undefined] ? never : M]?: ModeInput<M> };

/** The modes that take a shared field (`transport` is refused in region_focus and country_data, say). */
export function modesTaking(field: SharedModeField): RenderMode[] {
  return (Object.keys(DEFINITIONS) as RenderMode[]).filter((mode) => DEFINITIONS[mode].takes[field]);
}

/** The camera's tilt in a mode when the request sets none. */
export function defaultTilt(mode: RenderMode, preset: CameraPreset): number {
  return DEFINITIONS[mode].defaultTilt(preset);
}

/** What a person picking a mode reads. */
export function modeTitle(mode: RenderMode): string {
  return DEFINITIONS[mode].title;
}

/** Every mode's example bodies for the API reference, in the order of RENDER_MODES. */
export function renderBodyExamples(): Record<string, RenderBodyExample> {
  return Object.assign({}, ...Object.values(DEFINITIONS).map((definition) => definition.examples)) as Record<string, RenderBodyExample>;
}

export type {
  ModeParseInput,
  ParseContext,
  RenderBodyExample,
  RenderModeDefinition,
  SharedModeField,
  VideoDuration,
} from './mode-definition';
export * from './country-data';
export * from './multi-route';
export * from './region-focus';
export { routeAnimationMode } from './route-animation';
