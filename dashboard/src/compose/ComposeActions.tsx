import type { Usage } from '../api/types';
import { ErrorNotice } from '../components/ErrorNotice';

/** The form's buttons: preview (the form's submit), render, save as template; what a render costs; why one was refused. */
export function ComposeActions({
  previewing,
  hasPreview,
  submitting,
  blockedBy,
  usage,
  submitError,
  onRender,
  onSaveAsTemplate,
}: {
  previewing: boolean;
  /** A preview has been shown: the button updates it. */
  hasPreview: boolean;
  submitting: boolean;
  /** Why the form cannot be sent as it stands (mode settings edited as JSON that is not JSON), or null. */
  blockedBy: Error | null;
  /** The month's usage, once read. */
  usage: Usage | undefined;
  submitError: unknown;
  onRender(): void;
  onSaveAsTemplate(): void;
}) {
  const blocked = blockedBy !== null;
  return (
    <>
      <div className="compose-actions">
        {/* Said here, where the disabled buttons are: the field that holds the reason may be out of view. */}
        {blockedBy ? (
          <p className="field-error compose-blocked" role="alert">
            Preview and Render wait for the settings: {blockedBy.message}
          </p>
        ) : null}
        <button type="submit" className="button button-secondary" disabled={previewing || blocked}>
          {previewing ? 'Preparing the preview…' : hasPreview ? 'Update preview' : 'Preview'}
        </button>
        <button type="button" className="button button-primary" onClick={onRender} disabled={submitting || blocked}>
          {submitting ? 'Submitting…' : 'Render video'}
        </button>
        <button type="button" className="button button-link" disabled={blocked} onClick={onSaveAsTemplate}>
          Save as template
        </button>
        {usage ? <span className="hint">Rendering uses 1 of your {usage.renders_remaining} remaining renders this month.</span> : null}
      </div>
      {submitError ? <ErrorNotice error={submitError} title="The render was not accepted" /> : null}
    </>
  );
}
