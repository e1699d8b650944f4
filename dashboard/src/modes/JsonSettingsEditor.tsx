import { modeTitle } from '../../../src/modules/rendering/contract';
import { Field, issueFor } from '../components/Field';
import type { ModeEditorProps } from './mode-section';

/** The section of a mode whose settings object (named after the mode) is edited as JSON, checked by the API. */
export function JsonSettingsEditor({ form, set, error, formError }: ModeEditorProps) {
  const mode = form.mode;
  return (
    <fieldset>
      <legend>{modeTitle(mode)}</legend>
      <Field
        label={`${mode} settings (JSON)`}
        hint={
          <>
            Every field is described in the <a href="/docs">API reference</a>.
          </>
        }
        name={mode}
        error={formError?.message ?? issueFor(error, mode)}
      >
        {(control) => (
          <textarea
            {...control}
            className="mono"
            rows={12}
            spellCheck={false}
            value={form.modeSettings}
            onChange={(e) => set('modeSettings', e.target.value)}
          />
        )}
      </Field>
    </fieldset>
  );
}
