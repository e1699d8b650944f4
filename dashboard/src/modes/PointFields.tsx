import type { ReactNode } from 'react';
import { Field, issueFor } from '../components/Field';
import { PlaceSearch } from '../form/PlaceSearch';
import type { PointForm } from './settings-form';

/**
 * A point of a mode's settings (an origin, a destination, a marker): a place found by name, or coordinates, and the
 * label beside its marker. `field` is the point's path as the API names it (`multi_route.routes[1]`), for its
 * messages to show on the fields they are about.
 */
export function PointFields<P extends PointForm>({
  point,
  onChange,
  field,
  error,
  placeLabel = 'Place',
  children,
}: {
  point: P;
  onChange(patch: Partial<P>): void;
  field: string;
  error: unknown;
  placeLabel?: string;
  /** More fields of the point, after its label. */
  children?: ReactNode;
}) {
  const usesCoordinates = !point.place && (point.lat !== '' || point.lng !== '');
  return (
    <>
      <div className="waypoint-fields">
        {usesCoordinates ? (
          <>
            <Field name={`${field}.lat`} label="Latitude" error={issueFor(error, `${field}.lat`)}>
              {(control) => (
                <input
                  {...control}
                  inputMode="decimal"
                  value={point.lat}
                  onChange={(e) => onChange({ lat: e.target.value } as Partial<P>)}
                />
              )}
            </Field>
            <Field name={`${field}.lng`} label="Longitude" error={issueFor(error, `${field}.lng`)}>
              {(control) => (
                <input
                  {...control}
                  inputMode="decimal"
                  value={point.lng}
                  onChange={(e) => onChange({ lng: e.target.value } as Partial<P>)}
                />
              )}
            </Field>
          </>
        ) : (
          <Field name={`${field}.place`} label={placeLabel} error={issueFor(error, `${field}.place`) ?? issueFor(error, field)}>
            {(control) => (
              <PlaceSearch
                inputProps={control}
                value={point.place}
                onChange={(place) => onChange({ place } as Partial<P>)}
                onPick={(place, { isDefaultForName }) =>
                  // The bare name resolves to the largest place of that name; any other one is sent by its coordinates
                  // (its name becoming the label unless one was typed), so the render gets the place picked.
                  onChange(
                    (isDefaultForName
                      ? { place: place.name, lat: '', lng: '' }
                      : { place: '', lat: String(place.lat), lng: String(place.lng), label: point.label || place.name }) as Partial<P>,
                  )
                }
              />
            )}
          </Field>
        )}
        <Field name={`${field}.label`} label="Label" hint="Empty: the place's name." error={issueFor(error, `${field}.label`)}>
          {(control) => (
            <input {...control} maxLength={60} value={point.label} onChange={(e) => onChange({ label: e.target.value } as Partial<P>)} />
          )}
        </Field>
        {children}
      </div>
      <button
        type="button"
        className="button button-link"
        onClick={() => onChange((usesCoordinates ? { lat: '', lng: '' } : { place: '', lat: '0', lng: '0' }) as Partial<P>)}
      >
        {usesCoordinates ? 'Use a place name instead' : 'Use coordinates instead'}
      </button>
    </>
  );
}

/** Up, Down and Remove for one row of a list, each named for a screen reader by the row it acts on. */
export function RowButtons({
  index,
  count,
  what,
  minimum,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  /** "destination 2" */
  what: string;
  /** Rows the list keeps at least. */
  minimum: number;
  onMove(by: number): void;
  onRemove(): void;
}) {
  return (
    <div className="row">
      <button type="button" className="button button-link" disabled={index === 0} onClick={() => onMove(-1)}>
        Up<span className="visually-hidden"> ({what})</span>
      </button>
      <button type="button" className="button button-link" disabled={index === count - 1} onClick={() => onMove(1)}>
        Down<span className="visually-hidden"> ({what})</span>
      </button>
      <button type="button" className="button button-link" disabled={count <= minimum} onClick={onRemove}>
        Remove<span className="visually-hidden"> {what}</span>
      </button>
    </div>
  );
}
