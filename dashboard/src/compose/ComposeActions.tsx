import { Link } from 'react-router';
import type { Usage } from '../api/types';
import type { Problem } from './plan-check';

/**
 * The form's buttons: preview (the form's submit), render, save as template; what a render costs; and, when the plan
 * would refuse the render, why and which plan lifts it (the preview still plays: it shows up to the largest plan).
 */
export function ComposeActions({
  previewing,
  hasPreview,
  submitting,
  blockedBy,
  usage,
  renderBlockers,
  plansHref,
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
  /** What the render would be refused for: the current preview's `render_refusals`, or the plan's limits. */
  renderBlockers: Problem[];
  /** Where plans and the way to change them are shown. */
  plansHref: string;
  onRender(): void;
  onSaveAsTemplate(): void;
}) {
  const blocked = blockedBy !== null;
  const blockersId = 'render-blockers';
  return (
    <div className="compose-actions">
      {/* Said here, where the disabled buttons are: the field that holds the reason may be out of view. */}
      {blockedBy ? (
        <p className="field-error compose-blocked" role="alert">
          Preview and Render wait for the settings: {blockedBy.message}
        </p>
      ) : null}
      {/* Not disabled while previewing: a disabled button drops the focus to the page, and the keyboard would start over. */}
      <button type="submit" className="button button-secondary" disabled={blocked} aria-disabled={previewing || undefined}>
        {previewing ? 'Preparing the preview…' : hasPreview ? 'Update preview' : 'Preview'}
      </button>
      <button
        type="button"
        className="button button-primary"
        onClick={onRender}
        disabled={submitting || blocked}
        aria-describedby={renderBlockers.length > 0 ? blockersId : undefined}
      >
        {submitting ? 'Submitting…' : 'Render video'}
      </button>
      <button type="button" className="button button-link" disabled={blocked} onClick={onSaveAsTemplate}>
        Save as template
      </button>
      {usage && renderBlockers.length === 0 ? (
        <span className="hint">Rendering uses 1 of your {usage.renders_remaining} remaining renders this month.</span>
      ) : null}
      {renderBlockers.length > 0 ? (
        <div className="notice notice-warning render-blockers" id={blockersId} role="status">
          <strong className="notice-title">Preview only: a render would be refused</strong>
          <ul className="notice-issues">
            {renderBlockers.map((problem, i) => (
              <li key={`${problem.field ?? ''}:${i}`}>
                {problem.message}
                {problem.liftedBy ? (
                  <>
                    {' '}
                    <Link to={plansHref}>See the {problem.liftedBy.name} plan</Link>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
