import { CAMERA_INTENSITIES, CAMERA_PRESETS } from '@mapr/sdk';
import { MAX_CAMERA_TILT_DEGREES } from '../../../src/modules/rendering/contract';
import { Field, issueFor, SelectField } from '../components/Field';
import type { FormSectionProps } from './form-section';

/** How the camera moves: its preset (or the one chosen for the route), intensity and tilt. */
export function CameraSection({ form, set, error }: FormSectionProps) {
  return (
    <fieldset>
      <legend>Camera</legend>
      <div className="grid-fields">
        <SelectField
          label="Movement"
          error={issueFor(error, 'camera.preset')}
          value={form.cameraPreset}
          options={[{ value: '', label: 'Chosen for the route' }, ...CAMERA_PRESETS]}
          onChange={(preset) => set('cameraPreset', preset)}
        />
        <SelectField
          label="Intensity"
          error={issueFor(error, 'camera.intensity')}
          value={form.cameraIntensity}
          options={CAMERA_INTENSITIES}
          onChange={(intensity) => set('cameraIntensity', intensity)}
        />
        <Field label="Tilt (degrees)" hint={`0 to ${MAX_CAMERA_TILT_DEGREES}.`} error={issueFor(error, 'camera.tilt')}>
          {(control) => (
            <input
              {...control}
              type="number"
              min={0}
              max={MAX_CAMERA_TILT_DEGREES}
              value={form.cameraTilt}
              onChange={(e) => set('cameraTilt', e.target.value)}
            />
          )}
        </Field>
      </div>
    </fieldset>
  );
}
