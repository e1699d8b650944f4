import { Field } from '../components/Field';

/** A `#rrggbb` colour, typed or picked; empty for the default the hint names. */
export function ColorField({
  label,
  value,
  onChange,
  error,
  emptyMeans,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  /** What an empty field gives ("the palette's colour"). */
  emptyMeans: string;
}) {
  return (
    <Field label={label} hint={value ? undefined : `Empty: ${emptyMeans}.`} error={error}>
      {(control) => (
        <div className="color-field">
          <input {...control} placeholder="#rrggbb" maxLength={7} value={value} onChange={(e) => onChange(e.target.value)} />
          <input
            type="color"
            aria-label={`${label}: pick`}
            value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#888888'}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
    </Field>
  );
}
