import { TRANSPORTS } from '@mapr/sdk';
import { Field, issueFor, SelectField } from '../components/Field';
import { TRANSPORT_LABELS } from './labels';
import { PlaceSearch } from './PlaceSearch';
import { emptyWaypoint, pickPlace, type WaypointForm } from './render-form';

/** The ordered stops of a route: a place or coordinates each, and the transport of the leg that leaves it. */
export function WaypointsEditor({
  waypoints,
  onChange,
  error,
}: {
  waypoints: WaypointForm[];
  onChange(next: WaypointForm[]): void;
  error: unknown;
}) {
  const update = (index: number, patch: Partial<WaypointForm>) => onChange(waypoints.map((w, i) => (i === index ? { ...w, ...patch } : w)));
  const move = (index: number, by: number) => {
    const next = [...waypoints];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };

  return (
    <fieldset>
      <legend>Waypoints</legend>
      <ol className="waypoints">
        {waypoints.map((waypoint, index) => {
          const prefix = `waypoints[${index}]`;
          const usesCoordinates = !waypoint.place && !waypoint.picked && (waypoint.lat !== '' || waypoint.lng !== '');
          const last = index === waypoints.length - 1;
          return (
            <li key={waypoint.key} className="waypoint">
              <div className="waypoint-head">
                <strong>{index === 0 ? 'Start' : last ? 'End' : `Stop ${index}`}</strong>
                <div className="row">
                  <button type="button" className="button button-link" disabled={index === 0} onClick={() => move(index, -1)}>
                    Up<span className="visually-hidden"> (waypoint {index + 1})</span>
                  </button>
                  <button type="button" className="button button-link" disabled={last} onClick={() => move(index, 1)}>
                    Down<span className="visually-hidden"> (waypoint {index + 1})</span>
                  </button>
                  <button
                    type="button"
                    className="button button-link"
                    disabled={waypoints.length <= 2}
                    onClick={() => onChange(waypoints.filter((_, i) => i !== index))}
                  >
                    Remove<span className="visually-hidden"> waypoint {index + 1}</span>
                  </button>
                </div>
              </div>
              <div className="waypoint-fields">
                {usesCoordinates ? (
                  <>
                    <Field label="Latitude" name={`${prefix}.lat`} error={issueFor(error, `${prefix}.lat`)}>
                      {(control) => (
                        <input
                          {...control}
                          inputMode="decimal"
                          value={waypoint.lat}
                          onChange={(e) => update(index, { lat: e.target.value })}
                        />
                      )}
                    </Field>
                    <Field label="Longitude" name={`${prefix}.lng`} error={issueFor(error, `${prefix}.lng`)}>
                      {(control) => (
                        <input
                          {...control}
                          inputMode="decimal"
                          value={waypoint.lng}
                          onChange={(e) => update(index, { lng: e.target.value })}
                        />
                      )}
                    </Field>
                  </>
                ) : (
                  <Field
                    label="Place"
                    className="grow"
                    name={`${prefix}.place`}
                    error={issueFor(error, `${prefix}.place`) ?? issueFor(error, prefix)}
                  >
                    {(control) => (
                      <PlaceSearch
                        inputProps={control}
                        value={waypoint.picked?.displayName ?? waypoint.place}
                        // Typing again drops the pick: the name typed is the service's to resolve, unless a suggestion is picked.
                        onChange={(place) =>
                          update(index, {
                            place,
                            picked: null,
                            lat: '',
                            lng: '',
                            ...(waypoint.picked && waypoint.label === waypoint.picked.name ? { label: '' } : {}),
                          })
                        }
                        onPick={(place) => onChange(waypoints.map((w, i) => (i === index ? pickPlace(w, place) : w)))}
                      />
                    )}
                  </Field>
                )}
                <Field
                  label="Label"
                  hint="Optional text beside the marker."
                  name={`${prefix}.label`}
                  error={issueFor(error, `${prefix}.label`)}
                >
                  {(control) => (
                    <input {...control} maxLength={60} value={waypoint.label} onChange={(e) => update(index, { label: e.target.value })} />
                  )}
                </Field>
                {!last ? (
                  <SelectField
                    label="Then by"
                    name={`${prefix}.transport`}
                    error={issueFor(error, `${prefix}.transport`)}
                    value={waypoint.transport}
                    options={[
                      { value: '', label: 'Default transport' },
                      ...TRANSPORTS.map((t) => ({ value: t, label: TRANSPORT_LABELS[t] })),
                    ]}
                    onChange={(transport) => update(index, { transport })}
                  />
                ) : null}
              </div>
              <button
                type="button"
                className="button button-link"
                onClick={() =>
                  update(
                    index,
                    usesCoordinates
                      ? { lat: '', lng: '' }
                      : { place: '', picked: null, lat: waypoint.lat || '0', lng: waypoint.lng || '0' },
                  )
                }
              >
                {usesCoordinates ? 'Use a place name instead' : 'Use coordinates instead'}
              </button>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button-secondary"
        disabled={waypoints.length >= 25}
        onClick={() => onChange([...waypoints, emptyWaypoint()])}
      >
        Add a waypoint
      </button>
    </fieldset>
  );
}
