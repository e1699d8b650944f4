import { CAMERA_EASES, CAMERA_INTENSITIES, CAMERA_MODES, CAMERA_PRESETS } from '@mapr/sdk';
import { useState } from 'react';
import { CAMERA_NUMBER_BOUNDS, CAMERA_PRESET_DESCRIPTIONS, DEFAULT_CAMERA_EASE, type NumberBounds } from '../../../src/modules/contract';
import type { CameraPreset } from '../api/types';
import { Field, issueFor, SelectField } from '../components/Field';
import { MODE_SECTIONS } from '../modes';
import type { FormSectionProps } from '../form/form-section';
import { CAMERA_MODE_LABELS } from '../form/labels';
import { DEFAULT_CAMERA_MODE, isStoryPreset, type RenderForm, startFocusOptions } from '../form/render-form';

const TILT = CAMERA_NUMBER_BOUNDS.tilt;

/** The form fields of the "Advanced camera" fold, and the request fields they stand for. */
const ADVANCED_FIELDS = {
  cameraMode: 'mode',
  cameraWaypointZoom: 'waypoint_zoom',
  cameraEase: 'ease',
  cameraStartFocus: 'start_focus_waypoint',
  cameraFocusHold: 'focus_hold_seconds',
  cameraOpeningBoost: 'opening_zoom_boost',
  cameraPunchIn: 'chokepoint_punch_in',
} as const satisfies Partial<Record<keyof RenderForm, string>>;
type AdvancedField = keyof typeof ADVANCED_FIELDS;
type NumberField = Exclude<AdvancedField, 'cameraMode' | 'cameraEase' | 'cameraStartFocus'>;

/**
 * How the camera moves: its preset (a story preset with its one line from the contract), intensity and tilt, and
 * under "Advanced camera" the custom fields of contract §19, within the contract's limits. Modes without waypoints
 * get the four base presets only: the stories and the advanced fields play on waypoints.
 */
export function CameraSection({ form, set, error }: FormSectionProps) {
  const routeCamera = MODE_SECTIONS[form.mode].shows.waypoints;
  const presets = CAMERA_PRESETS.filter((preset) => !isStoryPreset(preset));
  const stories = routeCamera ? CAMERA_PRESETS.filter(isStoryPreset) : [];
  const description = form.cameraPreset ? CAMERA_PRESET_DESCRIPTIONS[form.cameraPreset] : undefined;
  const issue = (field: string) => issueFor(error, `camera.${field}`);
  return (
    <fieldset>
      <legend>Camera</legend>
      <div className="grid-fields">
        <Field label="Movement" hint={description} name="camera.preset" error={issue('preset')} className="camera-movement">
          {(control) => (
            <select {...control} value={form.cameraPreset} onChange={(e) => set('cameraPreset', e.target.value as CameraPreset | '')}>
              <option value="">Chosen for the route</option>
              {presets.map((preset) => (
                <option key={preset} value={preset}>
                  {preset}
                </option>
              ))}
              {stories.length ? (
                <optgroup label="Stories">
                  {stories.map((preset) => (
                    <option key={preset} value={preset}>
                      {preset}
                    </option>
                  ))}
                </optgroup>
              ) : null}
            </select>
          )}
        </Field>
        <SelectField
          label="Intensity"
          name="camera.intensity"
          error={issue('intensity')}
          value={form.cameraIntensity}
          options={CAMERA_INTENSITIES}
          onChange={(intensity) => set('cameraIntensity', intensity)}
        />
        <Field label="Tilt (degrees)" hint={`${TILT.min} to ${TILT.max}.`} name="camera.tilt" error={issue('tilt')}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={TILT.min}
              max={TILT.max}
              value={form.cameraTilt}
              onChange={(e) => set('cameraTilt', e.target.value)}
            />
          )}
        </Field>
      </div>
      {routeCamera ? <AdvancedCamera form={form} set={set} error={error} /> : null}
    </fieldset>
  );
}

/** The custom camera fields, folded away until opened (open from the start when a template or a job sets one). */
function AdvancedCamera({ form, set, error }: FormSectionProps) {
  const fields = Object.keys(ADVANCED_FIELDS) as AdvancedField[];
  const [open, setOpen] = useState(() => fields.some((field) => form[field] !== ''));
  const issue = (field: AdvancedField) => issueFor(error, `camera.${ADVANCED_FIELDS[field]}`);
  // The API's message for a field in the fold opens it.
  const invalid = fields.some((field) => issue(field) !== undefined);
  const focusOptions = startFocusOptions(form.waypoints);
  // A waypoint chosen by position shows as the option of that waypoint; a label no waypoint has any more stays shown.
  const chosen = form.cameraStartFocus.startsWith('#') ? focusOptions[Number(form.cameraStartFocus.slice(1))] : undefined;
  const focusValue = chosen?.key ?? form.cameraStartFocus;
  const orphan = focusValue && !focusOptions.some((option) => option.key === focusValue) ? focusValue : '';

  // Each input's bounds are the camera schema's; its hint says them (`hint` turns them into words).
  const number = (field: NumberField, label: string, hint: (bounds: NumberBounds) => string, step: number) => {
    const bounds = CAMERA_NUMBER_BOUNDS[ADVANCED_FIELDS[field]];
    return (
      <Field label={label} hint={hint(bounds)} name={`camera.${ADVANCED_FIELDS[field]}`} error={issue(field)}>
        {(control) => (
          <input
            {...control}
            type="number"
            min={bounds.min}
            max={bounds.max}
            step={step}
            value={form[field]}
            onChange={(e) => set(field, e.target.value)}
          />
        )}
      </Field>
    );
  };
  return (
    <details className="camera-advanced" open={open || invalid} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Advanced camera</summary>
      <div className="grid-fields">
        <SelectField<RenderForm['cameraMode']>
          label="Camera mode"
          name={`camera.${ADVANCED_FIELDS['cameraMode']}`}
          error={issue('cameraMode')}
          value={form.cameraMode}
          options={CAMERA_MODES.map((mode) => ({
            value: mode === DEFAULT_CAMERA_MODE ? '' : mode,
            label: `${CAMERA_MODE_LABELS[mode]}${mode === DEFAULT_CAMERA_MODE ? ' (default)' : ''}`,
          }))}
          onChange={(mode) => set('cameraMode', mode)}
        />
        <SelectField
          label="Ease"
          hint="The curve of every camera move."
          name={`camera.${ADVANCED_FIELDS['cameraEase']}`}
          error={issue('cameraEase')}
          value={form.cameraEase}
          options={CAMERA_EASES.map((ease) =>
            ease === DEFAULT_CAMERA_EASE ? { value: '' as const, label: `${ease} (default)` } : { value: ease },
          )}
          onChange={(ease) => set('cameraEase', ease)}
        />
        <Field label="Opening shot looks at" name={`camera.${ADVANCED_FIELDS['cameraStartFocus']}`} error={issue('cameraStartFocus')}>
          {(control) => (
            <select {...control} value={focusValue} onChange={(e) => set('cameraStartFocus', e.target.value)}>
              <option value="">The whole route</option>
              {focusOptions.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.label}
                </option>
              ))}
              {orphan ? <option value={orphan}>{orphan.slice(1)}</option> : null}
            </select>
          )}
        </Field>
        {number('cameraFocusHold', 'Opening hold (seconds)', ({ min, max }) => `${min} to ${max}.`, 0.5)}
        {number('cameraOpeningBoost', 'Opening zoom boost', ({ min, max }) => `×${min} to ×${max}.`, 0.1)}
        {number('cameraPunchIn', 'Chokepoint punch-in', ({ min, max }) => `×${min} to ×${max}; the story's own when empty.`, 0.1)}
        {number('cameraWaypointZoom', 'Waypoint zoom', ({ min, max }) => `${min} (whole world) to ${max}.`, 1)}
      </div>
    </details>
  );
}
