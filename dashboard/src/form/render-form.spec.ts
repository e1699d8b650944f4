import { describe, expect, it } from '@jest/globals';
import { CAMERA_PRESETS, PROJECTIONS } from '@mapr/sdk';
import {
  CAMERA_PRESET_DESCRIPTIONS,
  CAMERA_SCHEMA,
  PROJECTION_DESCRIPTIONS,
  TERRAIN_DESCRIPTION,
  TERRAIN_NUMBER_BOUNDS,
} from '../../../src/modules/contract';
import { PROJECTION_LABELS, terrainExaggerationLabel } from './labels';
import {
  CAMERA_FORM_FIELDS,
  emptyWaypoint,
  fromRequestBody,
  initialForm,
  isStoryPreset,
  pickPlace,
  type RenderForm,
  startFocusOptions,
  TERRAIN_EXAGGERATION_STEP,
  templateSettings,
  toRequestBody,
} from './render-form';

/** A route_animation form from Lisbon (labelled "Home") over an unlabelled Madrid to Rome. */
function routeForm(changes: Partial<RenderForm> = {}): RenderForm {
  const waypoints = [{ ...emptyWaypoint('Lisbon'), label: 'Home' }, emptyWaypoint('Madrid'), emptyWaypoint('Rome')];
  return { ...initialForm(), waypoints, ...changes };
}

describe('the render body of the camera fields (contract §19)', () => {
  it('sends a story preset, strong intensity and every advanced field as numbers and values', () => {
    const body = toRequestBody(
      routeForm({
        cameraPreset: 'chokepoint_tension',
        cameraIntensity: 'strong',
        cameraMode: 'static',
        cameraWaypointZoom: '6',
        cameraEase: 'expo-in-out',
        cameraStartFocus: '@Home',
        cameraFocusHold: '1.5',
        cameraOpeningBoost: '1.2',
        cameraPunchIn: '2.2',
      }),
    );
    expect(body.camera).toEqual({
      preset: 'chokepoint_tension',
      intensity: 'strong',
      mode: 'static',
      waypoint_zoom: 6,
      ease: 'expo-in-out',
      start_focus_waypoint: 'Home',
      focus_hold_seconds: 1.5,
      opening_zoom_boost: 1.2,
      chokepoint_punch_in: 2.2,
    });
  });

  it('leaves out the fields left empty', () => {
    expect(toRequestBody(routeForm()).camera).toBeUndefined();
    expect(toRequestBody(routeForm({ cameraPunchIn: '1.8', cameraFocusHold: ' ' })).camera).toEqual({ chokepoint_punch_in: 1.8 });
  });

  it('sends text typed in a number field as it is, for the API to name', () => {
    expect(toRequestBody(routeForm({ cameraWaypointZoom: 'close' })).camera).toEqual({ waypoint_zoom: 'close' });
  });

  it('names the opening waypoint by its label, or by its 0-based index when it has none', () => {
    const form = routeForm();
    expect(startFocusOptions(form.waypoints).map(({ key, value }) => ({ key, value }))).toEqual([
      { key: '@Home', value: 'Home' },
      { key: '#1', value: 1 },
      { key: '#2', value: 2 },
    ]);
    expect(toRequestBody({ ...form, cameraStartFocus: '#1' }).camera).toEqual({ start_focus_waypoint: 1 });
    // A job's stored request names it by index: once that waypoint has a label, the label is sent.
    expect(toRequestBody({ ...form, cameraStartFocus: '#0' }).camera).toEqual({ start_focus_waypoint: 'Home' });
    // A label that looks like a number stays a label.
    const numbered = { ...form, waypoints: [{ ...form.waypoints[0], label: '7' }, ...form.waypoints.slice(1)] };
    expect(toRequestBody({ ...numbered, cameraStartFocus: '@7' }).camera).toEqual({ start_focus_waypoint: '7' });
  });

  it('sends no story preset nor advanced field in a mode without waypoints', () => {
    const body = toRequestBody({
      ...initialForm(),
      mode: 'region_focus',
      modeSettings: '{"region":"Portugal"}',
      cameraPreset: 'tension_build',
      cameraIntensity: 'strong',
      cameraEase: 'linear',
      cameraPunchIn: '2',
    });
    expect(body.camera).toEqual({ intensity: 'strong' });
    expect(toRequestBody({ ...initialForm(), mode: 'region_focus', cameraPreset: 'overview' }).camera).toEqual({ preset: 'overview' });
  });
});

/** A form of each mode, with settings the service would take. */
const formsOfEveryMode: RenderForm[] = [
  routeForm(),
  { ...initialForm(), mode: 'multi_route', modeSettings: '{"origin":{"place":"Los Angeles"},"routes":[{"place":"Tokyo"}]}' },
  { ...initialForm(), mode: 'region_focus', modeSettings: '{"region":"Portugal"}' },
  { ...initialForm(), mode: 'country_data', modeSettings: '{"values":[{"country":"PT","value":10.3}]}' },
];

describe('the projection (contract §20)', () => {
  it('offers auto, flat and globe, each with its label and one line, and starts on auto', () => {
    expect(PROJECTIONS).toEqual(['auto', 'flat', 'globe']);
    for (const projection of PROJECTIONS) {
      expect(PROJECTION_LABELS[projection]).toBeTruthy();
      expect(PROJECTION_DESCRIPTIONS[projection]).toBeTruthy();
    }
    expect(initialForm().projection).toBe('auto');
  });

  it('sends the projection chosen in every mode, and none for auto (the service’s default)', () => {
    for (const form of formsOfEveryMode) {
      expect([form.mode, toRequestBody({ ...form, projection: 'globe' }).projection]).toEqual([form.mode, 'globe']);
      expect([form.mode, toRequestBody({ ...form, projection: 'flat' }).projection]).toEqual([form.mode, 'flat']);
      expect([form.mode, 'projection' in toRequestBody(form)]).toEqual([form.mode, false]);
    }
  });

  it('keeps the projection of a saved template or a job, and reads an unknown one as the form had it', () => {
    const settings = templateSettings(toRequestBody({ ...formsOfEveryMode[2], projection: 'globe' }));
    expect(settings.projection).toBe('globe');
    const again = fromRequestBody(JSON.parse(JSON.stringify(settings)) as Record<string, unknown>, initialForm());
    expect(again).toMatchObject({ mode: 'region_focus', projection: 'globe' });
    expect(toRequestBody(again).projection).toBe('globe');
    // A job's stored request names the default: it shows as auto and is not sent again.
    const stored = fromRequestBody({ waypoints: [{ place: 'Lisbon' }, { place: 'Madrid' }], projection: 'auto' }, initialForm());
    expect(stored.projection).toBe('auto');
    expect('projection' in toRequestBody(stored)).toBe(false);
    expect(fromRequestBody({ projection: 'cube' }, { ...initialForm(), projection: 'flat' }).projection).toBe('flat');
  });
});

describe('the terrain relief (contract §21)', () => {
  it('starts off, at the service’s exaggeration, on a slider from 0 to 3 in half steps that shows its value', () => {
    expect(initialForm()).toMatchObject({ terrainEnabled: false, terrainExaggeration: 1, terrainChanged: false });
    const { min, max } = TERRAIN_NUMBER_BOUNDS.exaggeration;
    expect([min, max, TERRAIN_EXAGGERATION_STEP]).toEqual([0, 3, 0.5]);
    expect([0, 1, 1.5, 3].map(terrainExaggerationLabel)).toEqual(['0× (flat)', '1× (as it is)', '1.5×', '3×']);
    expect(TERRAIN_DESCRIPTION).toMatch(/relief/);
  });

  it('sends no terrain while it is off and untouched, in every mode', () => {
    for (const form of formsOfEveryMode) expect([form.mode, 'terrain' in toRequestBody(form)]).toEqual([form.mode, false]);
  });

  it('sends the relief with its exaggeration once it is on, in every mode, the service’s 1 included', () => {
    for (const form of formsOfEveryMode) {
      const on = { ...form, terrainEnabled: true, terrainChanged: true };
      expect([form.mode, toRequestBody(on).terrain]).toEqual([form.mode, { enabled: true, exaggeration: 1 }]);
      expect([form.mode, toRequestBody({ ...on, terrainExaggeration: 2.5 }).terrain]).toEqual([
        form.mode,
        { enabled: true, exaggeration: 2.5 },
      ]);
      expect([form.mode, toRequestBody({ ...on, terrainExaggeration: 0 }).terrain]).toEqual([
        form.mode,
        { enabled: true, exaggeration: 0 },
      ]);
    }
  });

  it('sends enabled: false once the person turned it off again, so that a template’s relief is turned off', () => {
    const template = fromRequestBody({ terrain: { enabled: true, exaggeration: 2 } }, routeForm({ templateId: 'tpl_relief' }));
    expect(template).toMatchObject({ terrainEnabled: true, terrainExaggeration: 2, terrainChanged: true });
    expect(toRequestBody(template).terrain).toEqual({ enabled: true, exaggeration: 2 });
    expect(toRequestBody({ ...template, terrainEnabled: false }).terrain).toEqual({ enabled: false });
    expect(toRequestBody(routeForm({ terrainChanged: true })).terrain).toEqual({ enabled: false });
  });

  it('keeps the terrain of a saved template or a job, and shows a stored default as off without sending it', () => {
    const settings = templateSettings(toRequestBody({ ...formsOfEveryMode[3], terrainEnabled: true, terrainExaggeration: 1.5 }));
    expect(settings.terrain).toEqual({ enabled: true, exaggeration: 1.5 });
    const again = fromRequestBody(JSON.parse(JSON.stringify(settings)) as Record<string, unknown>, initialForm());
    expect(again).toMatchObject({ mode: 'country_data', terrainEnabled: true, terrainExaggeration: 1.5 });
    expect(toRequestBody(again).terrain).toEqual({ enabled: true, exaggeration: 1.5 });
    // A job's stored request names the defaults: they show as off and are not sent again.
    const stored = fromRequestBody(
      { waypoints: [{ place: 'Lisbon' }, { place: 'Madrid' }], terrain: { enabled: false, exaggeration: 1 } },
      initialForm(),
    );
    expect(stored).toMatchObject({ terrainEnabled: false, terrainExaggeration: 1, terrainChanged: false });
    expect('terrain' in toRequestBody(stored)).toBe(false);
    // A template that sets only the exaggeration keeps the form's switch; what it cannot hold is left as the form had it.
    expect(fromRequestBody({ terrain: { exaggeration: 3 } }, initialForm())).toMatchObject({
      terrainEnabled: false,
      terrainExaggeration: 3,
    });
    const base = { ...initialForm(), terrainEnabled: true, terrainExaggeration: 2 };
    expect(fromRequestBody({ terrain: { enabled: 'yes', exaggeration: 7 } }, base)).toMatchObject({
      terrainEnabled: true,
      terrainExaggeration: 2,
    });
    expect(fromRequestBody({ terrain: true }, base)).toMatchObject({ terrainEnabled: true, terrainExaggeration: 2 });
  });
});

describe('the story presets', () => {
  it('include global_corridor_reveal, with its one line, sent as the camera preset of a route', () => {
    expect(CAMERA_PRESETS).toContain('global_corridor_reveal');
    expect(isStoryPreset('global_corridor_reveal')).toBe(true);
    expect(CAMERA_PRESET_DESCRIPTIONS.global_corridor_reveal).toMatch(/globe/);
    expect(toRequestBody(routeForm({ cameraPreset: 'global_corridor_reveal' })).camera).toEqual({ preset: 'global_corridor_reveal' });
  });
});

describe('a template or a job in the form', () => {
  it('round-trips the camera fields through a saved template', () => {
    const form = routeForm({
      cameraPreset: 'canal_bottleneck',
      cameraIntensity: 'strong',
      cameraMode: 'static',
      cameraWaypointZoom: '8',
      cameraEase: 'sine-in-out',
      cameraStartFocus: '#2',
      cameraFocusHold: '2',
      cameraOpeningBoost: '1.5',
      cameraPunchIn: '2.4',
    });
    const settings = templateSettings(toRequestBody(form));
    const again = fromRequestBody(JSON.parse(JSON.stringify(settings)) as Record<string, unknown>, initialForm());
    expect(toRequestBody(again).camera).toEqual(settings.camera);
    expect(again).toMatchObject({
      cameraPreset: 'canal_bottleneck',
      cameraIntensity: 'strong',
      cameraMode: 'static',
      cameraWaypointZoom: '8',
      cameraEase: 'sine-in-out',
      cameraStartFocus: '#2',
      cameraFocusHold: '2',
      cameraOpeningBoost: '1.5',
      cameraPunchIn: '2.4',
    });
  });

  it('sends and reads back every camera field of the schema the composer offers', () => {
    const waypoints = [{ place: 'Lisbon' }, { place: 'Madrid' }, { place: 'Rome' }];
    for (const [field, formField] of Object.entries(CAMERA_FORM_FIELDS)) {
      if (formField === null) continue;
      // A value other than the field's default (a default is shown as the empty choice, and not sent again).
      const schema = CAMERA_SCHEMA.shape[field as keyof typeof CAMERA_FORM_FIELDS];
      const inner = schema.unwrap();
      const options = inner.def.type === 'enum' ? (inner as { options: readonly string[] }).options : undefined;
      const value = options ? options.at(-1) : field === 'start_focus_waypoint' ? 1 : schema.meta()?.example;
      const form = fromRequestBody({ waypoints, camera: { [field]: value } }, initialForm());
      expect([field, form[formField]]).not.toEqual([field, initialForm()[formField]]);
      expect([field, toRequestBody(form).camera]).toEqual([field, { [field]: value }]);
    }
  });

  it("reads a job's defaults (mode follow, the default ease) as fields left empty, so they are not sent again", () => {
    const stored = {
      waypoints: [
        { place: 'Lisbon', lat: 38.7, lng: -9.1 },
        { place: 'Madrid', lat: 40.4, lng: -3.7 },
      ],
      duration: 8,
      camera: { preset: 'auto', intensity: 'balanced', mode: 'follow', ease: 'cubic-in-out' },
    };
    const form = fromRequestBody(stored, initialForm());
    expect(form).toMatchObject({ cameraMode: '', cameraEase: '', cameraStartFocus: '' });
    expect(toRequestBody(form).camera).toEqual({ preset: 'auto' });
  });
});

describe('a place picked from the suggestions', () => {
  const place = (name: string, admin1: string, lat: number, lng: number) => ({
    name,
    admin1,
    country: 'US',
    country_name: 'United States',
    display_name: `${name}, ${admin1}, United States`,
    lat,
    lng,
    population: 2845,
  });
  const ohio = place('Lisbon', 'Ohio', 39.86089, -83.6352);

  it('is sent as its coordinates and its name as the label, and shown as it reads', () => {
    const picked = pickPlace(emptyWaypoint('Lisb'), ohio);
    expect(picked).toMatchObject({ place: '', picked: { displayName: 'Lisbon, Ohio, United States', name: 'Lisbon' } });
    const body = toRequestBody({ ...initialForm(), waypoints: [picked, emptyWaypoint('Madrid')] });
    expect(body.waypoints).toEqual([{ lat: 39.86089, lng: -83.6352, label: 'Lisbon' }, { place: 'Madrid' }]);
    expect(startFocusOptions([{ ...picked, label: '' }])[0]!.label).toBe('Waypoint 1 (Lisbon, Ohio, United States)');
  });

  it('keeps a label the person wrote, and replaces the one an earlier pick gave', () => {
    const own = pickPlace({ ...emptyWaypoint('Lisb'), label: 'Grandma' }, ohio);
    expect(own.label).toBe('Grandma');
    const repicked = pickPlace(pickPlace(emptyWaypoint('Lisb'), ohio), place('Portland', 'Maine', 43.66, -70.26));
    expect(repicked).toMatchObject({ label: 'Portland', lat: '43.66', lng: '-70.26' });
  });
});
