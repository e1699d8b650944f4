import { type ReactNode, useEffect, useState } from 'react';
import { Field, issueFor } from '../components/Field';
import type { ModeEditorProps } from './mode-section';
import { type Json, SettingsShapeError } from './settings-form';
import { settingsText } from './mode-section';
import './modes.css';

/** A mode's settings object and the form that edits it: pure conversions both ways (`./<mode>-form.ts`). */
export interface SettingsCodec<F> {
  toForm(settings: unknown): F;
  toSettings(form: F): Json;
}

/**
 * What the form shows for the settings' JSON text: its state, and the text it stands for (`json`: what the body will
 * send; a job's stored settings become a request's again), or why there is none (text that is not JSON, a shape the
 * form cannot show). `source` is the text it was read from.
 */
interface Shown<F> {
  source: string;
  json: string;
  state: F;
}

function formFor<F>(codec: SettingsCodec<F>, source: string): Shown<F> | { problem: string } {
  let settings: unknown;
  try {
    settings = JSON.parse(source.trim() || '{}');
  } catch (error) {
    return { problem: `The JSON does not parse: ${(error as Error).message}` };
  }
  try {
    const state = codec.toForm(settings);
    return { source, json: settingsText(codec.toSettings(state)), state };
  } catch (error) {
    if (error instanceof SettingsShapeError) return { problem: `The form cannot show these settings: ${error.message}` };
    throw error;
  }
}

/**
 * A mode's section: its form, or (Advanced) its settings object as JSON. The composer keeps the settings as JSON
 * text (`form.modeSettings`, what the body sends); the form's own state lives here, so that what a person is typing
 * ("1." on the way to "1.5") stays as typed, and is read again from the text only when the text changed elsewhere
 * (the JSON view, a template, a job rendered again). Fields the form does not show stay in the text.
 */
export function ModeSettingsEditor<F>({
  form,
  set,
  error,
  formError,
  legend,
  codec,
  children,
}: ModeEditorProps & {
  legend: string;
  codec: SettingsCodec<F>;
  /** The form: its state, how to change it, and the API's latest error while it is about these very settings. */
  children(state: F, update: (next: F) => void, error: unknown): ReactNode;
}) {
  const mode = form.mode;
  const [shown, setShown] = useState<Shown<F> | null>(() => {
    const derived = formFor(codec, form.modeSettings);
    return 'state' in derived ? derived : null;
  });
  const [asJson, setAsJson] = useState(shown === null);
  const [switchProblem, setSwitchProblem] = useState<string | null>(null);

  // The text changed elsewhere: the form shows it afresh, or gives way to the JSON view when it cannot.
  if (!asJson && shown?.json !== form.modeSettings && shown?.source !== form.modeSettings) {
    const derived = formFor(codec, form.modeSettings);
    if ('state' in derived) {
      setShown(derived);
    } else {
      setAsJson(true);
      setSwitchProblem(derived.problem);
    }
  }

  // The body sends what the form shows: text read from elsewhere is written back as the form stands for it.
  const canonical = !asJson && shown ? shown.json : null;
  useEffect(() => {
    if (canonical !== null && canonical !== form.modeSettings) set('modeSettings', canonical);
  }, [canonical, form.modeSettings, set]);

  const update = (next: F) => {
    const json = settingsText(codec.toSettings(next));
    setShown({ source: json, json, state: next });
    set('modeSettings', json);
  };

  const toggle = (json: boolean) => {
    if (json) {
      setSwitchProblem(null);
      setAsJson(true);
      return;
    }
    const derived = formFor(codec, form.modeSettings);
    if ('problem' in derived) {
      setSwitchProblem(derived.problem);
      return;
    }
    setSwitchProblem(null);
    setShown(derived);
    setAsJson(false);
  };

  // The API's messages name fields by position (`routes[2].place`): once the settings change (a row moved or
  // removed, the field corrected), they may be about another row, so they show only while the settings are those sent.
  const [errorSeen, setErrorSeen] = useState({ error, json: form.modeSettings });
  if (errorSeen.error !== error) setErrorSeen({ error, json: form.modeSettings });
  const currentError = errorSeen.error === error && errorSeen.json !== form.modeSettings ? null : error;
  const sectionIssue = issueFor(currentError, mode);
  return (
    <fieldset className="mode-settings">
      <legend>{legend}</legend>
      <label className="checkbox mode-json-toggle">
        <input type="checkbox" checked={asJson} onChange={(e) => toggle(e.target.checked)} /> Advanced: edit as JSON
      </label>
      {switchProblem ? (
        <p className="field-error" role="alert">
          {switchProblem} Correct the JSON to go back to the form.
        </p>
      ) : null}
      {asJson || !shown ? (
        <Field
          label={`${mode} settings (JSON)`}
          name={mode}
          hint={
            <>
              Every field is described in the <a href="/docs">API reference</a>.
            </>
          }
          error={formError?.message ?? sectionIssue}
        >
          {(control) => (
            <textarea
              {...control}
              className="mono"
              rows={14}
              spellCheck={false}
              value={form.modeSettings}
              onChange={(e) => set('modeSettings', e.target.value)}
            />
          )}
        </Field>
      ) : (
        <>
          {sectionIssue ? <p className="field-error">{sectionIssue}</p> : null}
          {children(shown.state, update, currentError)}
        </>
      )}
    </fieldset>
  );
}
