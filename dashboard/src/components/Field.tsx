import { type ReactNode, useId } from 'react';
import { MaprError } from '@mapr/sdk';

/** The API's validation message for one field (`waypoints[1].place`, `duration`), if it named that field. */
export function issueFor(error: unknown, field: string): string | undefined {
  if (!(error instanceof MaprError)) return undefined;
  return error.issues.find((issue) => issue.field === field)?.message;
}

/**
 * A labelled form control with its hint and the API's message for it. `children` receives the
 * ids to wire (`id`, `aria-describedby`, `aria-invalid`).
 */
export function Field({
  label,
  hint,
  error,
  children,
  className,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
}) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-describedby': described, 'aria-invalid': error ? true : undefined })}
      {hint ? (
        <p className="hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export interface SelectOption<T extends string> {
  value: T;
  /** What the person reads; the value itself when omitted. */
  label?: string;
  disabled?: boolean;
}

/** A labelled `<select>` over a fixed list of values (a bare value is its own label). */
export function SelectField<T extends string>({
  label,
  hint,
  error,
  className,
  value,
  options,
  onChange,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  value: T;
  options: readonly (T | SelectOption<T>)[];
  onChange(value: T): void;
}) {
  return (
    <Field label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value as T)}>
          {options.map((entry) => {
            const option: SelectOption<T> = typeof entry === 'string' ? { value: entry } : entry;
            return (
              <option key={option.value} value={option.value} disabled={option.disabled}>
                {option.label ?? option.value}
              </option>
            );
          })}
        </select>
      )}
    </Field>
  );
}
