import { useCombobox } from '../components/combobox';
import { Field, issueFor } from '../components/Field';
import { BboxMap } from './BboxMap';
import { findCountry, searchCountries } from './countries';
import type { RegionForm } from './settings-form';

/**
 * A country field with suggestions (ARIA combobox: arrows move, Enter picks, Escape closes) from the countries the
 * map can draw, held in the page: no request per keystroke. Whatever is typed is sent; the service reads codes and
 * more spellings than the list has, and names a country it does not know on the field.
 */
export function CountrySearch({
  value,
  onChange,
  inputProps,
}: {
  value: string;
  onChange(value: string): void;
  inputProps: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean; 'aria-label'?: string };
}) {
  const combobox = useCombobox();
  const options = combobox.open ? searchCountries(value).filter((c) => c.name !== value) : [];

  const pick = (index: number) => {
    const country = options[index];
    if (!country) return;
    onChange(country.name);
    combobox.close();
  };

  return (
    <div className="combobox">
      <input
        {...inputProps}
        {...combobox.inputProps(options.length, onChange, pick)}
        placeholder="Country or code, e.g. Portugal or PT"
        value={value}
      />
      {options.length > 0 ? (
        <ul {...combobox.listProps}>
          {options.map((country, index) => (
            <li key={country.alpha3} {...combobox.optionProps(index, pick)} className={index === combobox.active ? 'active' : undefined}>
              <span>{country.name}</span>
              <span className="hint">
                {country.alpha2} · {country.alpha3}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** A labelled country field; its hint says which country a code stands for ("PT" → Portugal). */
export function CountryField({
  label,
  value,
  onChange,
  error,
  className,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  className?: string;
}) {
  const known = findCountry(value);
  return (
    <Field label={label} className={className} error={error} hint={known && known.name !== value.trim() ? known.name : undefined}>
      {(control) => <CountrySearch inputProps={control} value={value} onChange={onChange} />}
    </Field>
  );
}

const BBOX_SIDES = ['West', 'South', 'East', 'North'] as const;

/**
 * The region a mode frames: a country, a box [west, south, east, north] in degrees, or (where the mode allows it,
 * country_data) the whole world. `field` is its path as the API names it (`region_focus.region`).
 */
export function RegionFields({
  region,
  onChange,
  field,
  error,
  allowWorld,
}: {
  region: RegionForm;
  onChange(region: RegionForm): void;
  field: string;
  error: unknown;
  allowWorld: boolean;
}) {
  const message = issueFor(error, field);
  return (
    <div className="grid-fields">
      <Field label={allowWorld ? 'Map shows' : 'Region'}>
        {(control) => (
          <select {...control} value={region.kind} onChange={(e) => onChange({ ...region, kind: e.target.value as RegionForm['kind'] })}>
            {allowWorld ? <option value="world">The whole world</option> : null}
            <option value="country">A country</option>
            <option value="bbox">A box</option>
          </select>
        )}
      </Field>
      {region.kind === 'country' ? (
        <CountryField label="Country" value={region.country} error={message} onChange={(country) => onChange({ ...region, country })} />
      ) : null}
      {region.kind === 'bbox'
        ? BBOX_SIDES.map((side, i) => (
            <Field
              name={`${field}[${i}]`}
              key={side}
              label={`${side} (°)`}
              error={issueFor(error, `${field}[${i}]`) ?? (i === 0 ? message : undefined)}
            >
              {(control) => (
                <input
                  {...control}
                  inputMode="decimal"
                  value={region.bbox[i]}
                  onChange={(e) => {
                    const bbox = [...region.bbox] as RegionForm['bbox'];
                    bbox[i] = e.target.value;
                    onChange({ ...region, bbox });
                  }}
                />
              )}
            </Field>
          ))
        : null}
      {region.kind === 'bbox' ? (
        <BboxMap bbox={region.bbox} onDraw={(bbox) => onChange({ ...region, bbox: bbox.map(String) as RegionForm['bbox'] })} />
      ) : null}
    </div>
  );
}
