import { type ReactNode, useId } from 'react';
import { MaprError } from '@mapr/sdk';

/** A page's own refusal before it sends anything, naming fields as the API does (`duration`), so fields show it alike. */
export class FieldIssues extends Error {
  constructor(
    message: string,
    readonly issues: { field: string; message: string }[],
  ) {
    super(message);
    this.name = 'FieldIssues';
  }
}

/** The message for one field (`waypoints[1].place`, `duration`), if the API's error or the page's own check named it. */
export function issueFor(error: unknown, field: string): string | undefined {
  if (!(error instanceof MaprError) && !(error instanceof FieldIssues)) return undefined;
  return error.issues.find((issue) => issue.field === field)?.message;
}

/**
 * The element id of the control for an API field name (`duration`, `waypoints[1].place`): what an error summary links
 * to. Ids from names are unique as long as a page names each field once.
 */
export function fieldDomId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]+/g, '-').replace(/-+$/, '')}`;
}

/**
 * A labelled form control with its hint and the API's message for it. `children` receives the
 * ids to wire (`id`, `aria-describedby`, `aria-invalid`). With `name` (the API's name of the field)
 * the control's id is `fieldDomId(name)`, so an error summary can link to it.
 */
export function Field({
  label,
  hint,
  error,
  children,
  className,
  name,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  name?: string;
  children: (control: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean }) => ReactNode;
}) {
  const generated = useId();
  const id = name ? fieldDomId(name) : generated;
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
  name,
  value,
  options,
  onChange,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  className?: string;
  name?: string;
  value: T;
  options: readonly (T | SelectOption<T>)[];
  onChange(value: T): void;
}) {
  return (
    <Field label={label} hint={hint} error={error} className={className} name={name}>
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

/** The account's current password (a login, or confirming it is you), labelled, with its hint and message. */
export function CurrentPasswordField({
  label,
  hint,
  error,
  value,
  onChange,
}: {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          type="password"
          autoComplete="current-password"
          required
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
