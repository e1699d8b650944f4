import { PROJECTIONS } from '@mapr/sdk';
import { useId } from 'react';
import { DEFAULT_PROJECTION, PROJECTION_DESCRIPTIONS } from '../../../src/modules/rendering/contract';
import type { Style } from '../api/types';
import { ErrorNotice } from '../components/ErrorNotice';
import { issueFor } from '../components/Field';
import type { FormSectionProps } from './form-section';
import { PROJECTION_LABELS } from './labels';

/**
 * The map style, picked from the service's styles by their preview images, and the projection it is drawn in
 * (contract §20: the flat map, the globe, or auto), each with its one line from the contract. Every mode takes both.
 */
export function MapStyleSection({
  form,
  set,
  error,
  styles,
  stylesError,
}: FormSectionProps & { styles: Style[] | undefined; stylesError: unknown }) {
  const styleIssue = issueFor(error, 'style');
  const projectionIssue = issueFor(error, 'projection');
  const projectionHeading = useId();
  return (
    <fieldset>
      <legend>Map style</legend>
      <div className="style-picker" role="radiogroup" aria-label="Map style">
        {(styles ?? []).map((style) => (
          <label key={style.id} className={form.style === style.id ? 'style-option selected' : 'style-option'}>
            <input type="radio" name="style" value={style.id} checked={form.style === style.id} onChange={() => set('style', style.id)} />
            {style.preview_url ? (
              <img src={style.preview_url} alt="" loading="lazy" width={160} height={90} />
            ) : (
              <span className="style-swatch" />
            )}
            <span className="style-name">{style.name}</span>
          </label>
        ))}
      </div>
      <ErrorNotice error={stylesError} />
      {styleIssue ? <p className="field-error">{styleIssue}</p> : null}

      <div className="projection-choice">
        <p className="label" id={projectionHeading}>
          Projection
        </p>
        <div className="radio-cards" role="radiogroup" aria-labelledby={projectionHeading}>
          {PROJECTIONS.map((projection) => (
            <label key={projection} className="radio-card">
              <input
                type="radio"
                name="projection"
                value={projection}
                checked={form.projection === projection}
                onChange={() => set('projection', projection)}
              />
              <span>
                <strong>
                  {PROJECTION_LABELS[projection]}
                  {projection === DEFAULT_PROJECTION ? ' (default)' : ''}
                </strong>
                <span className="hint">{PROJECTION_DESCRIPTIONS[projection]}</span>
              </span>
            </label>
          ))}
        </div>
        {projectionIssue ? <p className="field-error">{projectionIssue}</p> : null}
      </div>
    </fieldset>
  );
}
