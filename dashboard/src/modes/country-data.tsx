/** country_data: a figure per country, as an animated choropleth. */
import { useId, useState } from 'react';
import { CHOROPLETH_PALETTES, CHOROPLETH_REVEALS, type ChoroplethPalette, type ChoroplethReveal } from '../../../src/modules/contract';
import { Field, issueFor, SelectField } from '../components/Field';
import { type CountryDataForm, countryDataToForm, countryDataToSettings, countryValueRow, mergeCountryValues } from './country-data-form';
import { parseCountryValues, parseFigure, type PastedValues } from './country-values';
import { CountrySearch, RegionFields } from './CountrySearch';
import { defineModeSection, type ModeEditorProps, settingsText } from './mode-section';
import { ModeSettingsEditor } from './ModeSettingsEditor';
import { regionLabel } from './words';

const codec = { toForm: countryDataToForm, toSettings: countryDataToSettings };

const PALETTE_LABELS: Record<ChoroplethPalette, string> = {
  sequential: 'Low → high',
  diverging: 'Two-sided',
};

const REVEAL_LABELS: Record<ChoroplethReveal, string> = {
  ranked: 'One by one, in order of value',
  all: 'All together',
};

/** Rows of one video (the API's limit). */
const MAX_VALUES = 250;

/** The paste box: lines of "country, value" read into the table, and the lines it could not read, by number. */
function PasteValues({ onRows }: { onRows(pasted: PastedValues, replace: boolean): void }) {
  const [pasteText, setPasteText] = useState('');
  const [result, setResult] = useState<PastedValues | null>(null);
  const id = useId();

  const read = (replace: boolean) => {
    const pasted = parseCountryValues(pasteText);
    setResult(pasted);
    if (pasted.rows.length) onRows(pasted, replace);
    // The lines read are in the table now; the ones to correct stay in the box.
    setPasteText(pasted.problems.map((p) => p.text).join('\n'));
  };

  return (
    <details className="paste-values">
      <summary>Paste from a spreadsheet or CSV</summary>
      <label htmlFor={id}>
        One country and its value per line, separated by a tab (as a spreadsheet copies them), a comma or a semicolon. A header line is
        skipped.
      </label>
      <textarea
        id={id}
        className="mono"
        rows={6}
        spellCheck={false}
        placeholder={'Country\tValue\nPortugal\t10.3\nSpain\t48'}
        value={pasteText}
        onChange={(e) => setPasteText(e.target.value)}
      />
      <div className="row">
        <button type="button" className="button button-secondary" disabled={!pasteText.trim()} onClick={() => read(false)}>
          Add to the table
        </button>
        <button type="button" className="button button-link" disabled={!pasteText.trim()} onClick={() => read(true)}>
          Replace the table
        </button>
      </div>
      {result ? (
        <div role="status" className="paste-result">
          <p className="hint">
            {result.rows.length === 1 ? '1 row read' : `${result.rows.length} rows read`}
            {result.header ? ` (header “${result.header.join(', ')}” skipped)` : ''}.
          </p>
          {result.problems.length ? (
            <>
              <p className="field-error">
                {result.problems.length === 1 ? 'A line' : `${result.problems.length} lines`} could not be read (left in the box to
                correct):
              </p>
              <ul className="paste-problems">
                {result.problems.map((problem) => (
                  <li key={problem.line}>
                    Line {problem.line}: {problem.reason}.
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </details>
  );
}

function CountryDataFields({ state, update, error }: { state: CountryDataForm; update(next: CountryDataForm): void; error: unknown }) {
  const change = (patch: Partial<CountryDataForm>) => update({ ...state, ...patch });
  const changeRow = (index: number, patch: Partial<CountryDataForm['values'][number]>) =>
    change({ values: state.values.map((row, i) => (i === index ? { ...row, ...patch } : row)) });
  const at = (field: string) => issueFor(error, `country_data.${field}`);

  return (
    <>
      <h3 className="mode-subheading">Figures</h3>
      {at('values') ? <p className="field-error">{at('values')}</p> : null}
      <div className="value-table" role="group" aria-label="Countries and their values">
        <div className="value-row value-head" aria-hidden="true">
          <span>Country</span>
          <span>Value</span>
          <span />
        </div>
        {state.values.map((row, index) => {
          const field = `country_data.values[${index}]`;
          const figure = row.value.trim() ? parseFigure(row.value) : null;
          const countryError = issueFor(error, `${field}.country`) ?? issueFor(error, field);
          const valueError = issueFor(error, `${field}.value`) ?? (figure && 'problem' in figure ? figure.problem : undefined);
          const errorId = `value-row-${row.key}`;
          return (
            <div key={row.key} className={`value-row${countryError || valueError ? ' field-invalid' : ''}`}>
              <CountrySearch
                value={row.country}
                onChange={(country) => changeRow(index, { country })}
                inputProps={{
                  id: `${errorId}-country`,
                  'aria-invalid': countryError ? true : undefined,
                  'aria-describedby': countryError ? `${errorId}-country-error` : undefined,
                  'aria-label': `Country ${index + 1}`,
                }}
              />
              <input
                aria-label={`Value ${index + 1}`}
                inputMode="decimal"
                value={row.value}
                aria-invalid={valueError ? true : undefined}
                aria-describedby={valueError ? `${errorId}-value-error` : undefined}
                onChange={(e) => changeRow(index, { value: e.target.value })}
              />
              <button
                type="button"
                className="button button-link"
                disabled={state.values.length <= 1}
                onClick={() => change({ values: state.values.filter((_, i) => i !== index) })}
              >
                Remove<span className="visually-hidden"> row {index + 1}</span>
              </button>
              {countryError ? (
                <p className="field-error value-row-error" id={`${errorId}-country-error`}>
                  {countryError}
                </p>
              ) : null}
              {valueError ? (
                <p className="field-error value-row-error" id={`${errorId}-value-error`}>
                  {valueError}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <button
        type="button"
        className="button button-secondary"
        disabled={state.values.length >= MAX_VALUES}
        onClick={() => change({ values: [...state.values, countryValueRow()] })}
      >
        Add a country
      </button>
      <PasteValues
        onRows={(pasted, replace) =>
          change({ values: replace ? pasted.rows.map((r) => countryValueRow(r)) : mergeCountryValues(state.values, pasted.rows) })
        }
      />

      <h3 className="mode-subheading">Legend and colours</h3>
      <div className="grid-fields">
        <Field label="Legend title" hint="Empty: no legend." error={at('legend.title')}>
          {(control) => (
            <input {...control} maxLength={40} value={state.legendTitle} onChange={(e) => change({ legendTitle: e.target.value })} />
          )}
        </Field>
        <Field label="Unit" hint="After the legend's figures: M, %, $." error={at('legend.unit')}>
          {(control) => (
            <input {...control} maxLength={12} value={state.legendUnit} onChange={(e) => change({ legendUnit: e.target.value })} />
          )}
        </Field>
        <SelectField
          label="Palette"
          hint="Two-sided suits figures above and below a middle, such as growth."
          error={at('palette')}
          value={state.palette}
          options={CHOROPLETH_PALETTES.map((palette) => ({ value: palette, label: PALETTE_LABELS[palette] }))}
          onChange={(palette) => change({ palette })}
        />
        <SelectField
          label="Countries fill"
          error={at('reveal')}
          value={state.reveal}
          options={CHOROPLETH_REVEALS.map((reveal) => ({ value: reveal, label: REVEAL_LABELS[reveal] }))}
          onChange={(reveal) => change({ reveal })}
        />
      </div>
      <h3 className="mode-subheading">Map</h3>
      <RegionFields region={state.region} onChange={(region) => change({ region })} field="country_data.region" error={error} allowWorld />
    </>
  );
}

function CountryDataEditor(props: ModeEditorProps) {
  return (
    <ModeSettingsEditor {...props} legend={countryDataSection.title} codec={codec}>
      {(state, update, error) => <CountryDataFields state={state} update={update} error={error} />}
    </ModeSettingsEditor>
  );
}

export const countryDataSection = defineModeSection({
  mode: 'country_data',
  shortLabel: 'Country data',
  startingSettings: settingsText({
    legend: { title: 'Population', unit: 'M' },
    values: [
      { country: 'India', value: 1429 },
      { country: 'China', value: 1426 },
      { country: 'United States', value: 340 },
      { country: 'Brazil', value: 216 },
    ],
  }),
  emptyPreview: 'Give a value for each country, then press Preview: the video plays here, free.',
  Editor: CountryDataEditor,
  routeSummary(request) {
    const count = request.country_data?.values.length ?? 0;
    return `${count} ${count === 1 ? 'country' : 'countries'} · ${regionLabel(request.country_data?.region)}`;
  },
});
