import type { Style } from '../api/types';
import { ErrorNotice } from '../components/ErrorNotice';
import { issueFor } from '../components/Field';
import type { FormSectionProps } from './form-section';

/** The map style, picked from the service's styles by their preview images. */
export function MapStyleSection({
  form,
  set,
  error,
  styles,
  stylesError,
}: FormSectionProps & { styles: Style[] | undefined; stylesError: unknown }) {
  const styleIssue = issueFor(error, 'style');
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
    </fieldset>
  );
}
