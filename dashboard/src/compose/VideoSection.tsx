import { ASPECT_RATIOS, RESOLUTIONS, TRANSPORTS, UNITS } from '@mapr/sdk';
import type { Account } from '../api/types';
import { Field, issueFor, SelectField } from '../components/Field';
import { MODE_SECTIONS } from '../modes';
import type { FormSectionProps } from '../form/form-section';
import { planName, planWithResolution, previewMaxDuration } from './plan-check';
import { aspectRatioLabel, TRANSPORT_LABELS, UNIT_LABELS } from '../form/labels';

/**
 * The video itself: transport (in the modes that take one), duration, frame, units; the plan's limits shown beside them.
 * Durations and resolutions past the plan stay open, up to the largest plan's: they preview, and the render explains.
 */
export function VideoSection({ form, set, error, account }: FormSectionProps & { account: Account | undefined }) {
  const limits = account?.limits;
  const longest = account ? previewMaxDuration(account) : undefined;
  return (
    <fieldset>
      <legend>Video</legend>
      <div className="grid-fields">
        {MODE_SECTIONS[form.mode].shows.transport ? (
          <SelectField
            label="Transport"
            hint="For every leg that does not choose its own."
            name="transport"
            error={issueFor(error, 'transport')}
            value={form.transport}
            options={TRANSPORTS.map((t) => ({ value: t, label: TRANSPORT_LABELS[t] }))}
            onChange={(transport) => set('transport', transport)}
          />
        ) : null}
        <Field
          label="Duration (seconds)"
          hint={
            account && limits
              ? `Up to ${limits.max_duration_seconds} s on your ${planName(account)} plan` +
                (longest && longest > limits.max_duration_seconds ? `; previews play up to ${longest} s.` : '.')
              : undefined
          }
          name="duration"
          error={issueFor(error, 'duration')}
        >
          {(control) => (
            <input
              {...control}
              type="number"
              min={3}
              max={longest}
              step={1}
              value={form.duration}
              onChange={(e) => set('duration', e.target.value)}
            />
          )}
        </Field>
        <SelectField
          label="Aspect ratio"
          name="aspect_ratio"
          error={issueFor(error, 'aspect_ratio')}
          value={form.aspectRatio}
          options={ASPECT_RATIOS.map((r) => ({ value: r, label: aspectRatioLabel(r) }))}
          onChange={(ratio) => set('aspectRatio', ratio)}
        />
        <SelectField
          label="Resolution"
          name="resolution"
          error={issueFor(error, 'resolution')}
          value={form.resolution}
          hint={
            account && limits && limits.resolutions.length < RESOLUTIONS.length ? 'Others preview; the render needs their plan.' : undefined
          }
          options={RESOLUTIONS.map((r) => {
            if (!account || !limits || limits.resolutions.includes(r)) return r;
            const plan = planWithResolution(account, r);
            return { value: r, label: plan ? `${r} · ${plan.name} plan` : `${r} · not on your plan` };
          })}
          onChange={(resolution) => set('resolution', resolution)}
        />
        <SelectField
          label="Units"
          name="units"
          error={issueFor(error, 'units')}
          value={form.units}
          options={UNITS.map((u) => ({ value: u, label: UNIT_LABELS[u] }))}
          onChange={(units) => set('units', units)}
        />
      </div>
    </fieldset>
  );
}
