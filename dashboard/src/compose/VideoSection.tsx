import { ASPECT_RATIOS, RESOLUTIONS, TRANSPORTS, UNITS } from '@mapr/sdk';
import type { Limits } from '../api/types';
import { Field, issueFor, SelectField } from '../components/Field';
import { MODE_SECTIONS } from '../modes';
import type { FormSectionProps } from './form-section';
import { aspectRatioLabel, TRANSPORT_LABELS, UNIT_LABELS } from './labels';

/** The video itself: transport (in the modes that take one), duration, frame, units; the plan's limits shown beside them. */
export function VideoSection({ form, set, error, limits }: FormSectionProps & { limits: Limits | undefined }) {
  return (
    <fieldset>
      <legend>Video</legend>
      <div className="grid-fields">
        {MODE_SECTIONS[form.mode].shows.transport ? (
          <SelectField
            label="Transport"
            hint="For every leg that does not choose its own."
            error={issueFor(error, 'transport')}
            value={form.transport}
            options={TRANSPORTS.map((t) => ({ value: t, label: TRANSPORT_LABELS[t] }))}
            onChange={(transport) => set('transport', transport)}
          />
        ) : null}
        <Field
          label="Duration (seconds)"
          hint={limits ? `Up to ${limits.max_duration_seconds} s on your plan.` : undefined}
          error={issueFor(error, 'duration')}
        >
          {(control) => (
            <input {...control} type="number" min={3} step={1} value={form.duration} onChange={(e) => set('duration', e.target.value)} />
          )}
        </Field>
        <SelectField
          label="Aspect ratio"
          error={issueFor(error, 'aspect_ratio')}
          value={form.aspectRatio}
          options={ASPECT_RATIOS.map((r) => ({ value: r, label: aspectRatioLabel(r) }))}
          onChange={(ratio) => set('aspectRatio', ratio)}
        />
        <SelectField
          label="Resolution"
          error={issueFor(error, 'resolution')}
          value={form.resolution}
          options={RESOLUTIONS.map((r) => {
            const offPlan = limits ? !limits.resolutions.includes(r) : false;
            return { value: r, label: offPlan ? `${r} (not on your plan)` : r, disabled: offPlan };
          })}
          onChange={(resolution) => set('resolution', resolution)}
        />
        <SelectField
          label="Units"
          error={issueFor(error, 'units')}
          value={form.units}
          options={UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
          onChange={(units) => set('units', units)}
        />
      </div>
    </fieldset>
  );
}
