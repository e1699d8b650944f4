import { PROJECTIONS } from '@mapr/sdk';
import { useId } from 'react';
import { DEFAULT_PROJECTION, PROJECTION_DESCRIPTIONS, TERRAIN_DESCRIPTION, TERRAIN_NUMBER_BOUNDS } from '../../../src/modules/contract';
import type { Style } from '../api/types';
import { ErrorNotice } from '../components/ErrorNotice';
import { issueFor } from '../components/Field';
import type { FormSectionProps } from '../form/form-section';
import { PROJECTION_LABELS, terrainExaggerationLabel } from '../form/labels';
import { type RenderForm, TERRAIN_EXAGGERATION_STEP } from '../form/render-form';

/** The exaggeration's bounds: the terrain schema's. */
const EXAGGERATION = TERRAIN_NUMBER_BOUNDS.exaggeration;

/**
 * The map style, picked from the service's styles by their preview images, the projection it is drawn in
 * (contract §20: the flat map, the globe, or auto), each with its one line from the contract, and the relief under
 * its land (contract §21: a switch, and the exaggeration while it is on). Every mode takes all three.
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
  const terrainHint = useId();
  const exaggerationId = useId();
  const terrainIssue = issueFor(error, 'terrain') ?? issueFor(error, 'terrain.enabled');
  const exaggerationIssue = issueFor(error, 'terrain.exaggeration');
  // What the person sets here is sent even when it is off again: it may turn a template's relief off.
  const setTerrain = <K extends 'terrainEnabled' | 'terrainExaggeration'>(key: K, value: RenderForm[K]) => {
    set(key, value);
    set('terrainChanged', true);
  };
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

      <div className="terrain-choice">
        <label className="checkbox">
          <input
            type="checkbox"
            role="switch"
            aria-describedby={terrainHint}
            checked={form.terrainEnabled}
            onChange={(event) => setTerrain('terrainEnabled', event.target.checked)}
          />{' '}
          Terrain relief
        </label>
        <p className="hint" id={terrainHint}>
          {TERRAIN_DESCRIPTION}
        </p>
        {terrainIssue ? <p className="field-error">{terrainIssue}</p> : null}
        {form.terrainEnabled ? (
          <div className={`terrain-exaggeration${exaggerationIssue ? ' field-invalid' : ''}`}>
            <label htmlFor={exaggerationId}>Exaggeration</label>
            <input
              id={exaggerationId}
              type="range"
              min={EXAGGERATION.min}
              max={EXAGGERATION.max}
              step={TERRAIN_EXAGGERATION_STEP}
              value={form.terrainExaggeration}
              aria-valuetext={terrainExaggerationLabel(form.terrainExaggeration)}
              onChange={(event) => setTerrain('terrainExaggeration', Number(event.target.value))}
            />
            <output htmlFor={exaggerationId}>{terrainExaggerationLabel(form.terrainExaggeration)}</output>
            {exaggerationIssue ? <p className="field-error">{exaggerationIssue}</p> : null}
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
