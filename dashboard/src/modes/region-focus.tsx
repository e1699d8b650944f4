/** region_focus: the camera flies in to a country or region. */
import { REGION_FOCUS_STARTS, type RegionFocusStart } from '../../../src/modules/contract';
import { Field, issueFor, SelectField } from '../components/Field';
import { ColorField } from './ColorField';
import { RegionFields } from './CountrySearch';
import { defineModeSection, type ModeEditorProps, settingsText } from './mode-section';
import { ModeSettingsEditor } from './ModeSettingsEditor';
import { PointFields, RowButtons } from './PointFields';
import { type RegionFocusForm, regionFocusToForm, regionFocusToSettings } from './region-focus-form';
import { emptyPoint, moved } from './settings-form';
import { regionLabel } from './words';

const codec = { toForm: regionFocusToForm, toSettings: regionFocusToSettings };

const START_LABELS: Record<RegionFocusStart, string> = {
  world: 'The whole world',
  continent: 'Its continent',
};

/** Markers of one video (the API's limit). */
const MAX_MARKERS = 25;

function RegionFocusFields({ state, update, error }: { state: RegionFocusForm; update(next: RegionFocusForm): void; error: unknown }) {
  const change = (patch: Partial<RegionFocusForm>) => update({ ...state, ...patch });
  const changeMarker = (index: number, patch: Partial<RegionFocusForm['markers'][number]>) =>
    change({ markers: state.markers.map((marker, i) => (i === index ? { ...marker, ...patch } : marker)) });
  const at = (field: string) => issueFor(error, `region_focus.${field}`);

  return (
    <>
      <RegionFields
        region={state.region}
        onChange={(region) => change({ region })}
        field="region_focus.region"
        error={error}
        allowWorld={false}
      />
      <div className="grid-fields mode-gap">
        <SelectField
          label="The camera starts on"
          error={at('from')}
          value={state.from}
          options={REGION_FOCUS_STARTS.map((from) => ({ value: from, label: START_LABELS[from] }))}
          onChange={(from) => change({ from })}
        />
        <Field
          label="Label"
          hint={state.region.kind === 'country' ? "On the region. Empty: the country's name." : 'On the region. Empty: none.'}
          error={at('label')}
        >
          {(control) => <input {...control} maxLength={60} value={state.label} onChange={(e) => change({ label: e.target.value })} />}
        </Field>
        <ColorField
          label="Highlight colour"
          value={state.highlightColor}
          emptyMeans="the map style's"
          error={at('highlight_color')}
          onChange={(highlightColor) => change({ highlightColor })}
        />
      </div>

      <h3 className="mode-subheading">Markers</h3>
      {at('markers') ? <p className="field-error">{at('markers')}</p> : null}
      {state.markers.length === 0 ? <p className="hint">No markers: the region alone.</p> : null}
      <ol className="waypoints">
        {state.markers.map((marker, index) => (
          <li key={marker.key} className="waypoint">
            <div className="waypoint-head">
              <strong>Marker {index + 1}</strong>
              <RowButtons
                index={index}
                count={state.markers.length}
                what={`marker ${index + 1}`}
                minimum={0}
                onMove={(by) => change({ markers: moved(state.markers, index, by) })}
                onRemove={() => change({ markers: state.markers.filter((_, i) => i !== index) })}
              />
            </div>
            <PointFields
              point={marker}
              field={`region_focus.markers[${index}]`}
              error={error}
              onChange={(patch) => changeMarker(index, patch)}
            />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button-secondary"
        disabled={state.markers.length >= MAX_MARKERS}
        onClick={() => change({ markers: [...state.markers, emptyPoint()] })}
      >
        Add a marker
      </button>
    </>
  );
}

function RegionFocusEditor(props: ModeEditorProps) {
  return (
    <ModeSettingsEditor {...props} legend={regionFocusSection.title} codec={codec}>
      {(state, update, error) => <RegionFocusFields state={state} update={update} error={error} />}
    </ModeSettingsEditor>
  );
}

export const regionFocusSection = defineModeSection({
  mode: 'region_focus',
  shortLabel: 'Region focus',
  startingSettings: settingsText({ region: 'Portugal', from: 'continent', markers: [{ place: 'Lisbon' }, { place: 'Porto' }] }),
  emptyPreview: 'Choose a country or a box, then press Preview: the video plays here, free.',
  Editor: RegionFocusEditor,
  routeSummary(request) {
    return request.region_focus?.label ?? regionLabel(request.region_focus?.region);
  },
});
