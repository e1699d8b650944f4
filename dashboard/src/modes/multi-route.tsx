/** multi_route: routes fanning out from one origin. */
import { TRANSPORTS } from '@mapr/sdk';
import { LABEL_COLLISION_MODES, type LabelCollisionMode, MAX_MULTI_ROUTE_DESTINATIONS } from '../../../src/modules/contract';
import { Field, issueFor, SelectField } from '../components/Field';
import { TRANSPORT_LABELS } from '../form/labels';
import { ColorField } from './ColorField';
import { defineModeSection, type ModeEditorProps, settingsText } from './mode-section';
import { ModeSettingsEditor } from './ModeSettingsEditor';
import { emptyDestination, type MultiRouteForm, multiRouteToForm, multiRouteToSettings } from './multi-route-form';
import { PointFields, RowButtons } from './PointFields';
import { moved } from './settings-form';
import { pointLabel } from './words';

const codec = { toForm: multiRouteToForm, toSettings: multiRouteToSettings };

const LABEL_COLLISION_LABELS: Record<LabelCollisionMode, string> = {
  'auto-offset': 'Move labels apart',
  none: 'Leave labels where they are',
};

/** A seconds or zoom field of the timing, as typed. */
function NumberField({
  label,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange(value: string): void;
  error: string | undefined;
}) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <input {...control} inputMode="decimal" value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}

function MultiRouteFields({ state, update, error }: { state: MultiRouteForm; update(next: MultiRouteForm): void; error: unknown }) {
  const change = (patch: Partial<MultiRouteForm>) => update({ ...state, ...patch });
  const changeRoute = (index: number, patch: Partial<MultiRouteForm['routes'][number]>) =>
    change({ routes: state.routes.map((route, i) => (i === index ? { ...route, ...patch } : route)) });
  const at = (field: string) => issueFor(error, `multi_route.${field}`);

  return (
    <>
      <h3 className="mode-subheading">From</h3>
      <div className="waypoint">
        <PointFields
          point={state.origin}
          placeLabel="Origin"
          field="multi_route.origin"
          error={error}
          onChange={(patch) => change({ origin: { ...state.origin, ...patch } })}
        />
      </div>

      <h3 className="mode-subheading">To</h3>
      {at('routes') ? <p className="field-error">{at('routes')}</p> : null}
      <ol className="waypoints">
        {state.routes.map((route, index) => {
          const field = `multi_route.routes[${index}]`;
          return (
            <li key={route.key} className="waypoint">
              <div className="waypoint-head">
                <strong>Destination {index + 1}</strong>
                <RowButtons
                  index={index}
                  count={state.routes.length}
                  what={`destination ${index + 1}`}
                  minimum={1}
                  onMove={(by) => change({ routes: moved(state.routes, index, by) })}
                  onRemove={() => change({ routes: state.routes.filter((_, i) => i !== index) })}
                />
              </div>
              <PointFields point={route} field={field} error={error} onChange={(patch) => changeRoute(index, patch)}>
                <Field
                  name={`${field}.data_label`}
                  label="Data label"
                  hint="Under the label: 6 days, $2.5M."
                  error={issueFor(error, `${field}.data_label`)}
                >
                  {(control) => (
                    <input
                      {...control}
                      maxLength={30}
                      value={route.dataLabel}
                      onChange={(e) => changeRoute(index, { dataLabel: e.target.value })}
                    />
                  )}
                </Field>
                <SelectField
                  label="By"
                  error={issueFor(error, `${field}.transport`)}
                  value={route.transport}
                  options={[
                    { value: '', label: 'Default transport' },
                    ...TRANSPORTS.map((t) => ({ value: t, label: TRANSPORT_LABELS[t] })),
                  ]}
                  onChange={(transport) => changeRoute(index, { transport })}
                />
                <ColorField
                  label="Colour"
                  value={route.color}
                  emptyMeans="the palette's"
                  error={issueFor(error, `${field}.color`)}
                  onChange={(color) => changeRoute(index, { color })}
                />
              </PointFields>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button-secondary"
        disabled={state.routes.length >= MAX_MULTI_ROUTE_DESTINATIONS}
        onClick={() => change({ routes: [...state.routes, emptyDestination()] })}
      >
        Add a destination
      </button>

      <h3 className="mode-subheading">Timing</h3>
      <div className="grid-fields">
        <NumberField
          label="Routes start at (s)"
          hint="Empty: at once."
          value={state.routesStartAt}
          error={at('routes_start_at')}
          onChange={(routesStartAt) => change({ routesStartAt })}
        />
        <NumberField
          label="Routes take (s)"
          hint="Empty: the rest of the video, less a short hold at the end."
          value={state.routesDuration}
          error={at('routes_duration')}
          onChange={(routesDuration) => change({ routesDuration })}
        />
        <NumberField
          label="Stagger (s)"
          hint="Between the starts of two routes. Empty: all together."
          value={state.stagger}
          error={at('stagger')}
          onChange={(stagger) => change({ stagger })}
        />
        <NumberField
          label="Opening zoom"
          hint="1 is the whole world. Empty: the camera's choice."
          value={state.startZoom}
          error={at('start_zoom')}
          onChange={(startZoom) => change({ startZoom })}
        />
        <NumberField
          label="Closing zoom"
          hint="Empty: the camera's choice."
          value={state.endZoom}
          error={at('end_zoom')}
          onChange={(endZoom) => change({ endZoom })}
        />
        <SelectField
          label="Labels that overlap"
          error={at('label_collision')}
          value={state.labelCollision}
          options={LABEL_COLLISION_MODES.map((mode) => ({ value: mode, label: LABEL_COLLISION_LABELS[mode] }))}
          onChange={(labelCollision) => change({ labelCollision })}
        />
      </div>
      <div className="mode-checks">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={state.showAllRoutesAtStart}
            onChange={(e) => change({ showAllRoutesAtStart: e.target.checked })}
          />{' '}
          Show every route faintly from the start
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={state.animateLabels} onChange={(e) => change({ animateLabels: e.target.checked })} /> Labels
          appear as their route arrives
        </label>
      </div>
    </>
  );
}

function MultiRouteEditor(props: ModeEditorProps) {
  return (
    <ModeSettingsEditor {...props} legend={multiRouteSection.title} codec={codec}>
      {(state, update, error) => <MultiRouteFields state={state} update={update} error={error} />}
    </ModeSettingsEditor>
  );
}

export const multiRouteSection = defineModeSection({
  mode: 'multi_route',
  shortLabel: 'Multi-route',
  startingSettings: settingsText({
    origin: { place: 'Shanghai' },
    routes: [
      { place: 'Singapore', data_label: '6 days' },
      { place: 'Rotterdam', data_label: '32 days' },
      { place: 'Los Angeles', data_label: '16 days' },
    ],
  }),
  emptyPreview: 'Choose the origin and its destinations, then press Preview: the video plays here, free.',
  Editor: MultiRouteEditor,
  routeSummary(request) {
    const { origin, routes } = request.multi_route ?? { origin: undefined, routes: [] };
    return `${pointLabel(origin)} → ${routes.length === 1 ? pointLabel(routes[0]) : `${routes.length} destinations`}`;
  },
});
