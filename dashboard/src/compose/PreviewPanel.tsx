import { useEffect, useRef } from 'react';
import type { RenderPreview } from '../api/types';
import { PreviewPlayer } from './PreviewPlayer';

/** A preview as shown: the body it was made from (as JSON) and what the API answered. */
export interface ShownPreview {
  json: string;
  result: RenderPreview;
}

/**
 * The places the service found for names typed without picking a suggestion ("Atlantis → Atlantis, Western Cape,
 * South Africa"), so that a person sees which one it took and can pick another in the place field.
 */
function ResolvedPlaces({ places }: { places: RenderPreview['resolved_places'] }) {
  if (places.length === 0) return null;
  return (
    <div className="resolved-places">
      <p className="hint">Places found by name (not the one you meant? Type it again and pick it from the suggestions):</p>
      <ul>
        {places.map((place) => (
          <li key={place.field}>
            <span className="resolved-query">{place.query}</span> → <strong>{place.display_name}</strong>
            {place.waypoint_index === null ? <span className="hint"> ({place.field})</span> : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The preview beside the form (under it in one column): the video playing in the page, the places it found by name,
 * a note when the form has changed since, or that there is none (why is listed at the top of the form).
 */
export function PreviewPanel({
  preview,
  pending,
  refused,
  stale,
  emptyMessage,
  onUpdate,
}: {
  preview: ShownPreview | undefined;
  pending: boolean;
  /** The latest preview was refused (the form's error summary says why). */
  refused: boolean;
  /** The form changed since this preview. */
  stale: boolean;
  /** Before the first preview: what to fill in, in the mode's words. */
  emptyMessage: string;
  onUpdate(): void;
}) {
  // In one column (phones, tablets) the preview sits under the form: bring it into view when it arrives.
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (preview && window.matchMedia('(max-width: 1099px)').matches)
      section.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [preview]);

  return (
    <section ref={section} className="compose-preview card" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      {refused ? <p className="hint">No preview: what stopped it is listed at the top of the form.</p> : null}
      {preview ? (
        <>
          {stale ? (
            <p className="notice notice-info" role="status">
              The form changed since this preview.{' '}
              <button type="button" className="button button-link" onClick={onUpdate}>
                Update it
              </button>
            </p>
          ) : null}
          <PreviewPlayer key={preview.json} preview={preview.result} />
          <ResolvedPlaces places={preview.result.resolved_places} />
        </>
      ) : (
        <p className="empty">{pending ? 'Routing and preparing the frames…' : emptyMessage}</p>
      )}
    </section>
  );
}
