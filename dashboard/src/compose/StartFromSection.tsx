import { RENDER_MODES } from '@mapr/sdk';
import type { TemplateSummary } from '../api/types';
import { ErrorNotice } from '../components/ErrorNotice';
import { Field, issueFor } from '../components/Field';
import { MODE_SECTIONS } from '../modes';
import type { FormSectionProps } from '../form/form-section';
import type { RenderForm } from '../form/render-form';

/** Where a render starts: a template's settings, and what the video shows (the mode, named by its section). */
export function StartFromSection({
  form,
  set,
  error,
  templates,
  onPickTemplate,
  templateError,
}: FormSectionProps & {
  templates: TemplateSummary[] | undefined;
  /** Loads a template's settings into the form. */
  onPickTemplate(id: string): void;
  /** Why the template could not be loaded. */
  templateError: unknown;
}) {
  return (
    <fieldset>
      <legend>Start from</legend>
      <div className="grid-fields start-from-fields">
        <Field label="Template" hint="Its settings fill the form; your changes win.">
          {(control) => (
            <select
              {...control}
              value={form.templateId}
              onChange={(e) => (e.target.value ? onPickTemplate(e.target.value) : set('templateId', ''))}
            >
              <option value="">No template</option>
              {(templates ?? []).map((t) => (
                <option key={t.id} value={t.id}>
                  {t.name}
                  {t.builtin ? ' (built-in)' : ''}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="What the video shows" name="mode" error={issueFor(error, 'mode')}>
          {(control) => (
            <select
              {...control}
              value={form.mode}
              onChange={(e) => {
                const mode = e.target.value as RenderForm['mode'];
                set('mode', mode);
                set('modeSettings', MODE_SECTIONS[mode].startingSettings);
              }}
            >
              {RENDER_MODES.map((m) => (
                <option key={m} value={m}>
                  {MODE_SECTIONS[m].title}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      <ErrorNotice error={templateError} />
    </fieldset>
  );
}
