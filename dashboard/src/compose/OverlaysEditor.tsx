import { TEXT_OVERLAY_POSITIONS, TEXT_OVERLAY_STYLES } from '@mapr/sdk';
import { Field, issueFor, SelectField } from '../components/Field';
import { emptyOverlay, type OverlayForm } from '../form/render-form';

/** Timed text over the video (up to 10): what, from when to when, where and how it looks. */
export function OverlaysEditor({
  overlays,
  onChange,
  error,
}: {
  overlays: OverlayForm[];
  onChange(next: OverlayForm[]): void;
  error: unknown;
}) {
  const update = (index: number, patch: Partial<OverlayForm>) => onChange(overlays.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  return (
    <div className="stack overlays">
      <span className="label">Text overlays</span>
      {overlays.map((overlay, index) => {
        const prefix = `text_overlays[${index}]`;
        return (
          <div key={overlay.key} className="overlay-row">
            <Field label="Text" className="grow" name={`${prefix}.text`} error={issueFor(error, `${prefix}.text`)}>
              {(control) => (
                <input {...control} maxLength={120} value={overlay.text} onChange={(e) => update(index, { text: e.target.value })} />
              )}
            </Field>
            <Field label="From (s)" name={`${prefix}.start`} error={issueFor(error, `${prefix}.start`)}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={0}
                  step={0.1}
                  value={overlay.start}
                  onChange={(e) => update(index, { start: e.target.value })}
                />
              )}
            </Field>
            <Field label="To (s)" name={`${prefix}.end`} error={issueFor(error, `${prefix}.end`)}>
              {(control) => (
                <input
                  {...control}
                  type="number"
                  min={0}
                  step={0.1}
                  value={overlay.end}
                  onChange={(e) => update(index, { end: e.target.value })}
                />
              )}
            </Field>
            <SelectField
              label="Where"
              value={overlay.position}
              options={TEXT_OVERLAY_POSITIONS}
              onChange={(position) => update(index, { position })}
            />
            <SelectField label="Look" value={overlay.style} options={TEXT_OVERLAY_STYLES} onChange={(style) => update(index, { style })} />
            <button type="button" className="button button-link" onClick={() => onChange(overlays.filter((_, i) => i !== index))}>
              Remove<span className="visually-hidden"> overlay {index + 1}</span>
            </button>
          </div>
        );
      })}
      <div>
        <button
          type="button"
          className="button button-secondary"
          disabled={overlays.length >= 10}
          onClick={() => onChange([...overlays, emptyOverlay()])}
        >
          Add a text overlay
        </button>
      </div>
    </div>
  );
}
