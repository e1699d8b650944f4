import { type ReactNode, useId, useRef } from 'react';

/**
 * A destructive action behind a confirmation: the button opens a native modal dialog (focus is
 * trapped inside and starts on the safe choice; Escape backs out; focus returns to the button).
 */
export function ConfirmStep({
  label,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  pending = false,
  pendingLabel,
  small = false,
}: {
  label: string;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
  pendingLabel?: string;
  small?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const size = small ? ' button-small' : '';
  return (
    <>
      <button type="button" className={`button button-danger${size}`} disabled={pending} onClick={() => dialog.current?.showModal()}>
        {pending ? (pendingLabel ?? `${label}…`) : label}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className="confirm-dialog">
        <h2 id={titleId}>{title}</h2>
        {children ? <div className="confirm-body">{children}</div> : null}
        <form method="dialog" className="row confirm-actions">
          <button type="submit" value="cancel" className="button button-secondary" autoFocus>
            {cancelLabel}
          </button>
          <button
            type="button"
            className="button button-danger-solid"
            onClick={() => {
              dialog.current?.close();
              onConfirm();
            }}
          >
            {confirmLabel}
          </button>
        </form>
      </dialog>
    </>
  );
}
