/**
 * What a render mode is (contract §13), in one object per mode (`./<mode>.ts`), gathered by the
 * registry in `./index.ts`: which shared request fields it takes, its settings object (named after
 * the mode) from the body to the job's stored request to the composition's props, the camera's
 * default tilt, and the request bodies that show it in the API reference.
 */
import type { CompositionLeg } from '../composition-parts';
import type { CameraPreset } from '../camera';
import type { NormalizedPoint, ResolvedCountry, Transport } from '../render-request';
import type { PointInput } from '../inputs';
import type { RenderMode } from '../render-modes';

/** Fields of the request shared by the modes that a mode may refuse (issue code `not_allowed_in_mode`). */
export type SharedModeField = 'waypoints' | 'transport' | 'route' | 'route_style' | 'hud';

/** The video's length as the checks see it: requested, or the tier's default. */
export interface VideoDuration {
  seconds: number;
  /** True when the request gave none (messages then say it is the default). */
  defaulted: boolean;
}

/**
 * The lookups and the issue list of one request's parse (the server gives it the offline gazetteer
 * and country list). A name a lookup cannot resolve records its issue there; a request with any issue
 * is refused whole, so what the parse built meanwhile is never stored or drawn.
 */
export interface ParseContext {
  /** Records an issue at `field` (the context adds the request's prefix, e.g. `jobs[2].`). */
  issue(field: string, code: string, message: string): void;
  /**
   * The point's coordinates (from `place` when none are given; the label defaults to the place's name). An unknown
   * place answers a stand-in at NaN, so that lists keep their order (route i is leg i); the issue refuses the request.
   */
  point(point: PointInput, field: string): NormalizedPoint;
  /**
   * A country by ISO 3166-1 alpha-2 or alpha-3 code or English name that the map can draw; null (and the issue
   * recorded) when it is unknown or has no outline of its own, where `instead` says what to do.
   */
  country(query: string, field: string, instead: string): ResolvedCountry | null;
  readonly duration: VideoDuration;
  /** "the end of the video (12 s, the default duration on this tier)", for messages about times. */
  readonly videoEnd: string;
}

/** What a mode's parse reads besides its own settings object. */
export interface ModeParseInput<Input> {
  /** The body's settings object named after the mode (validated in shape by its DTO). */
  settings: Input;
  /** The request's default transport and route colour (multi_route's routes take them when they set none). */
  transport: Transport;
  routeColor: string | undefined;
  ctx: ParseContext;
}

/** A request body for the API reference (Swagger UI pre-fills it), accepted as shown on every tier. */
export interface RenderBodyExample {
  summary: string;
  value: Record<string, unknown>;
}

/**
 * One render mode. `Input` is its settings object as sent, `Settings` as stored on the job (every
 * default filled in), `Slot` as the composition's props carry it; all three `undefined` for a mode
 * without a settings object (route_animation: its waypoints are shared fields).
 */
export interface RenderModeDefinition<M extends RenderMode, Input, Settings, Slot> {
  readonly mode: M;
  /** What a person picking a mode reads ("Many routes from one origin"). */
  readonly title: string;
  /** The shared fields this mode takes; the others are refused when sent. */
  readonly takes: Readonly<Record<SharedModeField, boolean>>;
  /** The camera's tilt when the request sets none (the props always carry a tilt: a video tilts when it is above 0). */
  defaultTilt(preset: CameraPreset): number;
  /**
   * Whether the in-page renderer (`remotion/in-page`, ADR 0015) can draw this mode's videos whose camera never
   * tilts; the others, and every tilted video, are rendered with screenshots.
   */
  readonly rendersInPage: boolean;
  /**
   * Whether `auto` opens a long route of this mode on the globe (contract §19: `global_corridor_reveal` on a route over
   * 3,000 km): a mode whose video is one route travelled; not one whose story is its regions or its several routes.
   */
  readonly revealsLongRoutesOnGlobe: boolean;
  /** The settings object's checks that need more than its shape (places, countries, times) and its defaults, in one pass. */
  parseSettings(input: ModeParseInput<Input>): Settings;
  /** The settings as the composition draws them; `legs` are the routed plan's (multi_route: one per destination). */
  settingsToProps(settings: Settings, legs: readonly CompositionLeg[]): Slot;
  /** Bodies of this mode for the API reference, keyed by example name. */
  readonly examples: Readonly<Record<string, RenderBodyExample>>;
}

/** Keeps the type arguments of a mode's definition (the registry derives the request and props types from them). */
export function defineMode<M extends RenderMode, Input, Settings, Slot>(
  definition: RenderModeDefinition<M, Input, Settings, Slot>,
): RenderModeDefinition<M, Input, Settings, Slot> {
  return definition;
}
