import { HUD_POSITIONS } from '@mapr/sdk';
import { TITLE_MAX_LENGTHS } from '../../../src/modules/contract';
import { Field, issueFor, SelectField } from '../components/Field';
import { MODE_SECTIONS } from '../modes';
import type { FormSectionProps } from '../form/form-section';
import { OverlaysEditor } from './OverlaysEditor';

/** Text on the video: the title card, the HUD (in the modes that take one) and timed text overlays. */
export function TextSection({ form, set, error }: FormSectionProps) {
  return (
    <fieldset>
      <legend>Text</legend>
      <div className="grid-fields">
        <Field label="Title" hint="An intro card; optional." name="title.text" error={issueFor(error, 'title.text')}>
          {(control) => (
            <input
              {...control}
              maxLength={TITLE_MAX_LENGTHS.text}
              value={form.titleText}
              onChange={(e) => set('titleText', e.target.value)}
            />
          )}
        </Field>
        <Field label="Subtitle" name="title.subtitle" error={issueFor(error, 'title.subtitle')}>
          {(control) => (
            <input
              {...control}
              maxLength={TITLE_MAX_LENGTHS.subtitle}
              value={form.titleSubtitle}
              onChange={(e) => set('titleSubtitle', e.target.value)}
            />
          )}
        </Field>
      </div>
      {MODE_SECTIONS[form.mode].shows.hud ? <HudOptions form={form} set={set} /> : null}
      <OverlaysEditor overlays={form.overlays} onChange={(o) => set('overlays', o)} error={error} />
    </fieldset>
  );
}

/** The HUD: distance travelled and a progress bar, in a corner. */
function HudOptions({ form, set }: Pick<FormSectionProps, 'form' | 'set'>) {
  return (
    <div className="stack hud-options">
      <label className="checkbox">
        <input type="checkbox" checked={form.hud} onChange={(e) => set('hud', e.target.checked)} /> Show a HUD (distance and progress)
      </label>
      {form.hud ? (
        <div className="grid-fields">
          <label className="checkbox">
            <input type="checkbox" checked={form.hudDistance} onChange={(e) => set('hudDistance', e.target.checked)} /> Distance travelled
          </label>
          <label className="checkbox">
            <input type="checkbox" checked={form.hudProgressBar} onChange={(e) => set('hudProgressBar', e.target.checked)} /> Progress bar
          </label>
          <SelectField
            label="HUD position"
            value={form.hudPosition}
            options={HUD_POSITIONS}
            onChange={(position) => set('hudPosition', position)}
          />
        </div>
      ) : null}
    </div>
  );
}
