/**
 * What the dashboard knows of one render mode, in one file per mode (`./<mode>.tsx`) gathered by the registry in
 * `./index.ts`: the composer's section for the mode's own settings, what the form starts from when a person picks
 * the mode, which shared fields the composer shows, and how a job of the mode reads in lists and headings.
 */
import type { ComponentType } from 'react';
import { RENDER_MODE_DEFINITIONS, type NormalizedRequestOf } from '../../../src/modules/contract';
import type { RenderMode } from '../api/types';
import type { FormSectionProps } from '../form/form-section';
import { modeTakes, type ShownField } from '../form/shared-fields';

/** What the composer hands the section of the selected mode: what every section of its form gets, and more. */
export interface ModeEditorProps extends FormSectionProps {
  /** Why the form cannot be sent as it stands (mode settings edited as JSON that is not JSON), or null. */
  formError: Error | null;
}

/** A job's stored request of the mode, read leniently: jobs stored before a field existed lack it. */
export type StoredRequestOf<M extends RenderMode> = Partial<NormalizedRequestOf<M>>;

export interface ModeSection<M extends RenderMode> {
  readonly mode: M;
  /** The mode in the composer's picker and as its section's heading: the contract's title ("Many routes from one origin"). */
  readonly title: string;
  /** The mode in job lists and headings ("Multi-route"). */
  readonly shortLabel: string;
  /** The shared fields the composer shows in this mode: those the contract says the mode takes. */
  readonly shows: Readonly<Record<ShownField, boolean>>;
  /** The form's `modeSettings` when a person switches to the mode: its settings object to start from, as JSON text ('' when it has none). */
  readonly startingSettings: string;
  /** What the preview panel says before the first preview: what to fill in, in this mode's words. */
  readonly emptyPreview: string;
  /** The composer's section for the mode's own settings. */
  readonly Editor: ComponentType<ModeEditorProps>;
  /** A job's route in words: "Lisbon → Madrid", "Rotterdam → 4 destinations", "Portugal", "12 countries · the world". */
  routeSummary(request: StoredRequestOf<M>): string;
}

/** A mode's section, its title and shown fields taken from the contract's registry of modes. */
export function defineModeSection<M extends RenderMode>(section: Omit<ModeSection<M>, 'title' | 'shows'>): ModeSection<M> {
  return {
    ...section,
    title: RENDER_MODE_DEFINITIONS[section.mode].title,
    shows: {
      transport: modeTakes(section.mode, 'transport'),
      hud: modeTakes(section.mode, 'hud'),
      waypoints: modeTakes(section.mode, 'waypoints'),
    },
  };
}

/** A settings object to start from, as the form's JSON text. */
export function settingsText(settings: object): string {
  return JSON.stringify(settings, null, 2);
}
