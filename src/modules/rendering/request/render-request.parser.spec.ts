import { ArgumentMetadata } from '@nestjs/common';
import { createValidationPipe } from '../../../common/http/validation';
import { PlaceSuggestionBudget, planRoute, RoadRouter, RoutingError } from '../../routing';
import {
  buildCompositionProps,
  type CompositionCountryData,
  type CompositionMultiRoute,
  type CompositionRegionFocus,
  defaultRoutesDuration,
  type NormalizedCountryData,
  type NormalizedMultiRoute,
  type NormalizedRegionFocus,
  type NormalizedRenderRequest,
  type RenderMode,
  type RoutePlan,
  type SharedCompositionProps,
  type SharedNormalizedRequest,
  STORY_CAMERA_PRESETS,
} from '../../contract';
import { CreateRenderDto } from '../dto/create-render.dto';
import { RENDER_BODY_EXAMPLES } from '../dto/render-examples';
import { estimateRenderSeconds, parseRenderBody } from './render-request.parser';

const metadata: ArgumentMetadata = { type: 'body', metatype: CreateRenderDto };
/** A body as the API sees it after the validation pipe (which must accept it). */
const dtoOf = (body: object): Promise<CreateRenderDto> => createValidationPipe().transform(body, metadata) as Promise<CreateRenderDto>;

const free = { tier: 'free', maxDurationSeconds: 10 };
const studio = { tier: 'studio', maxDurationSeconds: 45 };
const issuesOf = async (body: object, tier = studio, prefix = '') =>
  parseRenderBody(await dtoOf(body), { tier, sandbox: false, prefix }).issues;

/** A stored request or props of any mode, each mode's settings readable (absent when it is another mode). */
type AnyModeRequest = SharedNormalizedRequest & {
  mode?: RenderMode;
  multi_route?: NormalizedMultiRoute;
  region_focus?: NormalizedRegionFocus;
  country_data?: NormalizedCountryData;
};
type AnyModeProps = SharedCompositionProps & {
  mode: RenderMode;
  multi_route?: CompositionMultiRoute;
  region_focus?: CompositionRegionFocus;
  country_data?: CompositionCountryData;
};
/** The request a body stores (the body must be accepted). */
const normalized = async (body: object, maxDurationSeconds = 45): Promise<AnyModeRequest> => {
  const { request, issues } = parseRenderBody(await dtoOf(body), { tier: { tier: 'test', maxDurationSeconds }, sandbox: false });
  expect(issues).toEqual([]);
  return request;
};
const propsOf = (request: AnyModeRequest, plan: RoutePlan): AnyModeProps =>
  buildCompositionProps(request as NormalizedRenderRequest, plan, { sandbox: false });

const SHANGHAI = { place: 'Shanghai' };

describe('parseRenderBody: places and countries of the modes', () => {
  it('looks up the places of multi_route and region_focus like waypoints, with suggestions', async () => {
    const multi = await issuesOf({
      mode: 'multi_route',
      multi_route: {
        origin: { place: 'Shanghaii' },
        routes: [{ place: 'Rotterdam' }, { place: 'Santoss' }, { place: 'Xqzvw', lat: 1, lng: 2 }],
      },
    });
    expect(multi.map((issue) => [issue.field, issue.code])).toEqual([
      ['multi_route.origin.place', 'unknown_place'],
      ['multi_route.routes[1].place', 'unknown_place'],
    ]);
    expect(multi[0].message).toMatch(/^Unknown place "Shanghaii"\. Did you mean: Shanghai \(CN\)/);
    const focus = await issuesOf({
      mode: 'region_focus',
      region_focus: { region: 'PT', markers: [{ place: 'Porto' }, { place: 'Lisbn' }] },
    });
    expect(focus).toEqual([
      { field: 'region_focus.markers[1].place', code: 'unknown_place', message: expect.stringMatching(/Did you mean: Lisbon \(PT\)/) },
    ]);
  });

  it('lists close matches for the first three unknown places of a request only, the bodies of a batch sharing them', async () => {
    const misspelt = ['Lisbn', 'Rotterdm', 'Sao Paolo', 'Kopenhagen', 'Amsterdm'];
    const body = await dtoOf({ waypoints: misspelt.map((place) => ({ place })) });
    const suggestions = new PlaceSuggestionBudget();
    const jobs = [0, 1].map((i) => parseRenderBody(body, { tier: studio, sandbox: false, prefix: `jobs[${i}].`, suggestions }).issues);
    const messages = jobs.flat().map((issue) => issue.message);
    expect(messages).toHaveLength(10);
    expect(messages.slice(0, 3)).toEqual([
      expect.stringMatching(/^Unknown place "Lisbn"\. Did you mean: Lisbon \(PT\)/),
      expect.stringMatching(/^Unknown place "Rotterdm"\. Did you mean: Rotterdam \(NL\)/),
      expect.stringMatching(/^Unknown place "Sao Paolo"\. Did you mean: São Paulo \(BR\)/),
    ]);
    expect(messages.slice(3)).toEqual(
      [...misspelt.slice(3), ...misspelt].map(
        (place) =>
          `Unknown place "${place}". Give lat and lng instead (close matches are listed for the first 3 unknown places of a request only).`,
      ),
    );
    // Each body parsed alone (a request of its own) has its own three.
    expect(
      (await issuesOf({ waypoints: misspelt.map((place) => ({ place })) })).filter((i) => i.message.includes('Did you mean')),
    ).toHaveLength(3);
  });

  it('names each unknown country in its own issue, with suggestions', async () => {
    const issues = await issuesOf({
      mode: 'country_data',
      country_data: {
        values: [
          { country: 'Portugall', value: 1 },
          { country: 'ES', value: 2 },
          { country: 'Qqqqqqq', value: 3 },
        ],
      },
    });
    expect(issues).toEqual([
      { field: 'country_data.values[0].country', code: 'unknown_country', message: 'Unknown country "Portugall". Did you mean: Portugal?' },
      {
        field: 'country_data.values[2].country',
        code: 'unknown_country',
        message: 'Unknown country "Qqqqqqq". Give an ISO 3166-1 alpha-2 or alpha-3 code ("PT", "PRT") or the English name.',
      },
    ]);
    expect(await issuesOf({ mode: 'region_focus', region_focus: { region: 'Germny' } })).toEqual([
      { field: 'region_focus.region', code: 'unknown_country', message: 'Unknown country "Germny". Did you mean: Germany?' },
    ]);
    expect(await issuesOf({ mode: 'country_data', country_data: { values: [{ country: 'PT', value: 1 }], region: 'Spian' } })).toEqual([
      { field: 'country_data.region', code: 'unknown_country', message: 'Unknown country "Spian". Did you mean: Spain?' },
    ]);
  });

  it('refuses a country the world map has no outline for, saying what to do instead', async () => {
    const [focus] = await issuesOf({ mode: 'region_focus', region_focus: { region: 'Tuvalu' } });
    expect(focus).toMatchObject({ field: 'region_focus.region', code: 'country_not_on_map' });
    expect(focus.message).toMatch(
      /^Tuvalu has no outline of its own on the world map .*; give a bbox \[west, south, east, north\] around it instead\.$/,
    );
    const [value] = await issuesOf({ mode: 'country_data', country_data: { values: [{ country: 'GF', value: 1 }] } });
    expect(value).toMatchObject({ field: 'country_data.values[0].country', code: 'country_not_on_map' });
    expect(value.message).toMatch(/^French Guiana has no outline .*; leave it out\.$/);
  });

  it('refuses the same country twice in the values, however it is written', async () => {
    const issues = await issuesOf({
      mode: 'country_data',
      country_data: {
        values: [
          { country: 'PT', value: 1 },
          { country: 'ES', value: 2 },
          { country: 'portuguese republic', value: 3 },
        ],
      },
    });
    expect(issues).toEqual([
      {
        field: 'country_data.values[2].country',
        code: 'duplicate_country',
        message: '"portuguese republic" is Portugal, already given at country_data.values[0]; each country takes one value.',
      },
    ]);
  });

  it('takes "world" as country_data\'s region but not as the region to focus on', async () => {
    expect(await issuesOf({ mode: 'country_data', country_data: { values: [{ country: 'PT', value: 1 }], region: 'World' } })).toEqual([]);
    expect(await issuesOf({ mode: 'region_focus', region_focus: { region: 'world' } })).toEqual([
      {
        field: 'region_focus.region',
        code: 'invalid_region',
        message: 'region_focus.region must be a country or a bbox; "world" is only for country_data.region.',
      },
    ]);
  });

  it('addresses the issues of a batch job with its prefix', async () => {
    const issues = await issuesOf({ mode: 'region_focus', region_focus: { region: 'Atlantis' } }, studio, 'jobs[3].');
    expect(issues.map((issue) => issue.field)).toEqual(['jobs[3].region_focus.region']);
  });
});

describe('parseRenderBody: times within the duration', () => {
  it('keeps text overlays within the video, naming the default duration when none was given', async () => {
    const overlays = [
      { text: 'a', start: 0, end: 10 },
      { text: 'b', start: 9, end: 10.5 },
    ];
    expect(await issuesOf({ waypoints: [SHANGHAI, { place: 'Tokyo' }], text_overlays: overlays }, free)).toEqual([
      {
        field: 'text_overlays[1].end',
        code: 'exceeds_duration',
        message: 'end (10.5 s) must not be later than the end of the video (10 s, the default duration on this tier).',
      },
    ]);
    expect(await issuesOf({ waypoints: [SHANGHAI, { place: 'Tokyo' }], duration: 12, text_overlays: overlays })).toEqual([]);
    expect(await issuesOf({ waypoints: [SHANGHAI, { place: 'Tokyo' }], duration: 8, text_overlays: overlays })).toHaveLength(2);
  });

  it("keeps multi_route's routes within the video", async () => {
    const body = (settings: object, duration = 12) => ({
      mode: 'multi_route',
      duration,
      multi_route: { origin: SHANGHAI, routes: [{ place: 'Busan' }, { place: 'Manila' }, { place: 'Singapore' }], ...settings },
    });
    expect(await issuesOf(body({ routes_start_at: 11.5 }))).toEqual([]);
    expect(await issuesOf(body({ routes_start_at: 11.6 }))).toEqual([
      {
        field: 'multi_route.routes_start_at',
        code: 'exceeds_duration',
        message: 'routes_start_at (11.6 s) must leave the routes at least 0.5 s to draw before the end of the video (12 s).',
      },
    ]);
    expect(await issuesOf(body({ routes_start_at: 2, routes_duration: 10 }))).toEqual([]);
    expect(await issuesOf(body({ routes_start_at: 2, routes_duration: 10.5 }))).toEqual([
      {
        field: 'multi_route.routes_duration',
        code: 'exceeds_duration',
        message: 'routes_start_at + routes_duration (2 s + 10.5 s) must not be later than the end of the video (12 s).',
      },
    ]);
    expect(await issuesOf(body({ routes_duration: 0.4 }))).toEqual([
      {
        field: 'multi_route.routes_duration',
        code: 'not_enough_time',
        message: 'routes_duration (0.4 s) must give the routes at least 0.5 s to draw.',
      },
    ]);
  });

  it('keeps a stagger that leaves the last route time to draw', async () => {
    const body = (settings: object) => ({
      mode: 'multi_route',
      duration: 12,
      multi_route: { origin: SHANGHAI, routes: Array.from({ length: 11 }, () => ({ place: 'Busan' })), ...settings },
    });
    // By default the routes have 12 - 1.5 = 10.5 s: 10 gaps of 1 s leave the last route 0.5 s.
    expect(await issuesOf(body({ stagger: 1 }))).toEqual([]);
    expect(await issuesOf(body({ stagger: 1.01 }))).toEqual([
      {
        field: 'multi_route.stagger',
        code: 'not_enough_time',
        message:
          "A stagger of 1.01 s between 11 routes takes 10.1 s of the routes' 10.5 s (the rest of the video after routes_start_at, less the closing hold), " +
          'leaving the last route 0.4 s to draw; each route needs at least 0.5 s.',
      },
    ]);
    expect((await issuesOf(body({ stagger: 0.5, routes_duration: 5 })))[0].message).toMatch(
      /^A stagger of 0\.5 s between 11 routes takes 5 s of routes_duration \(5 s\)/,
    );
  });

  it("keeps the waypoints' pauses (dwell + camera hold) within half the video", async () => {
    const body = (hold: number) => ({
      duration: 10,
      waypoints: [
        { place: 'Lisbon', dwell: 2 },
        { place: 'Madrid', camera_hold_seconds: hold },
        { place: 'Paris', dwell: 1 },
      ],
    });
    expect(await issuesOf(body(2))).toEqual([]);
    expect(await issuesOf(body(2.5))).toEqual([
      {
        field: 'waypoints',
        code: 'not_enough_time',
        message:
          "The waypoints' dwell and camera_hold_seconds add up to 5.5 s, more than half of the video (5 s of 10 s): the route needs the rest to travel.",
      },
    ]);
  });
});

describe('defaultRoutesDuration', () => {
  it('is the rest of the video after the start, less a closing hold of 15% of the video (at most 1.5 s)', () => {
    expect(defaultRoutesDuration(12, 0)).toBe(10.5);
    expect(defaultRoutesDuration(45, 5)).toBe(38.5);
    expect(defaultRoutesDuration(6, 1)).toBe(4.1);
    // The hold is dropped when it would leave the routes under 0.5 s.
    expect(defaultRoutesDuration(10, 9)).toBe(1);
  });
});

describe('parseRenderBody: the stored request', () => {
  it('fills the new defaults of a route_animation', async () => {
    const request = await normalized({
      waypoints: [
        { place: 'Lisbon', camera_zoom_override: 9 },
        { lat: 48.85, lng: 2.35 },
      ],
      duration: 8,
    });
    expect(request).toMatchObject({ mode: 'route_animation', camera: { preset: 'auto', intensity: 'balanced' }, text_overlays: [] });
    expect(request.waypoints).toEqual([
      {
        lat: 38.71667,
        lng: -9.13333,
        label: 'Lisbon',
        place: 'Lisbon',
        transport: 'plane',
        dwell: 0,
        emphasis: 'standard',
        camera_zoom_override: 9,
        camera_hold_seconds: 0,
      },
      { lat: 48.85, lng: 2.35, transport: 'plane', dwell: 0, emphasis: 'standard', camera_hold_seconds: 0 },
    ]);
    expect(request).not.toHaveProperty('multi_route');
  });

  it("fills the overlays' position and style", async () => {
    const request = await normalized({
      waypoints: [{ place: 'Lisbon' }, { place: 'Paris' }],
      text_overlays: [
        { text: 'Hello', start: 0, end: 2 },
        { text: 'Bye', start: 2, end: 4, position: 'top', style: 'headline' },
      ],
    });
    expect(request.text_overlays).toEqual([
      { text: 'Hello', start: 0, end: 2, position: 'bottom', style: 'caption' },
      { text: 'Bye', start: 2, end: 4, position: 'top', style: 'headline' },
    ]);
  });

  it('makes multi_route explicit: places resolved, labels and transports defaulted, the timeline filled', async () => {
    const request = await normalized(
      {
        mode: 'multi_route',
        transport: 'ship',
        route_style: { color: '#3366ff' },
        multi_route: {
          origin: SHANGHAI,
          routes: [
            { place: 'Rotterdam', data_label: '32 days' },
            { lat: 1.29, lng: 103.85, label: 'SG', color: '#ff0000', transport: 'plane', label_offset: { x: 5, y: -5 } },
          ],
          routes_start_at: 1,
        },
      },
      10,
    );
    expect(request.waypoints).toEqual([]);
    expect(request.multi_route).toEqual({
      origin: { lat: 31.22222, lng: 121.45806, label: 'Shanghai', place: 'Shanghai' },
      routes: [
        { lat: 51.9225, lng: 4.47917, label: 'Rotterdam', place: 'Rotterdam', data_label: '32 days', color: '#3366ff', transport: 'ship' },
        { lat: 1.29, lng: 103.85, label: 'SG', color: '#ff0000', transport: 'plane', label_offset: { x: 5, y: -5 } },
      ],
      show_all_routes_at_start: true,
      animate_labels: true,
      routes_start_at: 1,
      routes_duration: 7.5, // 10 s − 1 s − a 1.5 s closing hold
      stagger: 0,
      label_collision: 'auto-offset',
    });
    expect(request.hud).toBe(false);
  });

  it("resolves region_focus's country, labels it with its name, and keeps a bbox west of east", async () => {
    const portugal = await normalized({ mode: 'region_focus', region_focus: { region: 'prt', markers: [{ place: 'Porto' }] } });
    expect(portugal.waypoints).toEqual([]);
    expect(portugal.region_focus).toEqual({
      region: { kind: 'country', iso_numeric: '620', iso_alpha3: 'PRT', name: 'Portugal' },
      label: 'Portugal',
      from: 'world',
      markers: [{ lat: expect.any(Number), lng: expect.any(Number), label: 'Porto', place: 'Porto' }],
    });
    const unlabelled = await normalized({
      mode: 'region_focus',
      region_focus: { region: 'PT', label: '', highlight_color: '#00aa88', from: 'continent' },
    });
    expect(unlabelled.region_focus).toMatchObject({ label: '', highlight_color: '#00aa88', from: 'continent' });
    const fiji = await normalized({ mode: 'region_focus', region_focus: { region: [176, -21, -178, -12] } });
    expect(fiji.region_focus).toEqual({ region: { kind: 'bbox', bbox: [176, -21, 182, -12] }, from: 'world', markers: [] });
  });

  it('resolves every country of country_data and keeps how the request named it', async () => {
    const request = await normalized({
      mode: 'country_data',
      country_data: {
        values: [
          { country: 'PT', value: 10.3 },
          { country: 'Côte d’Ivoire', value: 28.9 },
        ],
        legend: { unit: 'M' },
      },
    });
    expect(request.country_data).toEqual({
      values: [
        { country: 'PT', value: 10.3, iso_numeric: '620', iso_alpha3: 'PRT', name: 'Portugal' },
        { country: 'Côte d’Ivoire', value: 28.9, iso_numeric: '384', iso_alpha3: 'CIV', name: 'Ivory Coast' },
      ],
      legend: { unit: 'M' },
      palette: 'sequential',
      reveal: 'ranked',
      region: 'world',
    });
    const framed = await normalized({ mode: 'country_data', country_data: { values: [{ country: 'PT', value: 1 }], region: 'Spain' } });
    expect(framed.country_data?.region).toEqual({ kind: 'country', iso_numeric: '724', iso_alpha3: 'ESP', name: 'Spain' });
  });
});

describe('from request to composition props', () => {
  const roadRouter: RoadRouter = {
    route: () => Promise.reject(new RoutingError('ROAD_ROUTE_ERROR', 'no road router in this test')),
  };

  it('gives multi_route one leg per route, each from the origin, and the settings the scene needs', async () => {
    const request = await normalized(RENDER_BODY_EXAMPLES.multi_route.value, 10);
    const plan = await planRoute(request, { roadRouter });
    const props = propsOf(request, plan);
    expect(props.mode).toBe('multi_route');
    expect(props.waypoints).toEqual([]);
    expect(props.legs).toHaveLength(8);
    expect(props.multi_route?.routes.map((r) => r.label)).toEqual(request.multi_route?.routes.map((r) => r.label));
    for (const [i, leg] of props.legs.entries()) {
      expect(leg.coordinates[0]).toEqual([props.multi_route!.origin.lng, props.multi_route!.origin.lat]);
      expect(props.multi_route!.routes[i].distance_km).toBe(leg.distance_km);
      expect(props.multi_route!.routes[i].lng).toBe(leg.coordinates.at(-1)![0]);
    }
    expect(props.multi_route?.routes.every((r) => r.data_label !== null)).toBe(true);
    expect([props.region_focus, props.country_data]).toEqual([undefined, undefined]);
  });

  it('gives region_focus and country_data no legs and their settings', async () => {
    const focus = await normalized(RENDER_BODY_EXAMPLES.region_focus.value, 10);
    const focusProps = propsOf(focus, await planRoute(focus, { roadRouter }));
    expect(focusProps).toMatchObject({ mode: 'region_focus', legs: [], total_distance_km: 0 });
    expect([focusProps.multi_route, focusProps.country_data]).toEqual([undefined, undefined]);
    expect(focusProps.region_focus?.region).toEqual({ kind: 'country', iso_numeric: '620', name: 'Portugal' });
    expect(focusProps.region_focus?.markers.length).toBeGreaterThan(0);

    const data = await normalized(RENDER_BODY_EXAMPLES.country_data.value, 10);
    const dataProps = propsOf(data, await planRoute(data, { roadRouter }));
    expect(dataProps).toMatchObject({ mode: 'country_data', legs: [] });
    expect(dataProps.region_focus).toBeUndefined();
    expect(dataProps.country_data?.values.length).toBeGreaterThanOrEqual(40);
    expect(dataProps.country_data?.legend.title).not.toBeNull();
  });

  it('carries overlays, waypoint camera details and the camera intensity', async () => {
    const request = await normalized(RENDER_BODY_EXAMPLES.text_overlays.value, 10);
    const props = propsOf(request, await planRoute(request, { roadRouter }));
    expect(props.text_overlays).toEqual(request.text_overlays);
    expect(props.text_overlays.length).toBeGreaterThan(1);
    expect(props.camera.intensity).toBe(request.camera.intensity);
  });

  it('stores the projection and hands it to the composition, auto when the body names none', async () => {
    const globe = await normalized(RENDER_BODY_EXAMPLES.multi_route_globe.value, 10);
    expect(globe.projection).toBe('globe');
    expect(propsOf(globe, await planRoute(globe, { roadRouter })).projection).toBe('globe');
    const focus = await normalized(RENDER_BODY_EXAMPLES.region_focus.value, 10);
    expect(focus.projection).toBe('auto');
    expect(propsOf(focus, await planRoute(focus, { roadRouter })).projection).toBe('auto');
  });

  it('stores the terrain with its defaults filled in, in every mode, and hands it to the composition', async () => {
    const relief = await normalized({ ...RENDER_BODY_EXAMPLES.region_focus.value, terrain: { enabled: true } }, 10);
    expect(relief.terrain).toEqual({ enabled: true, exaggeration: 1 });
    expect(propsOf(relief, await planRoute(relief, { roadRouter })).terrain).toEqual({ enabled: true, exaggeration: 1 });
    const steep = await normalized({ waypoints: [{ place: 'Lisbon' }, { place: 'Madrid' }], terrain: { exaggeration: 2.5 } });
    expect(steep.terrain).toEqual({ enabled: false, exaggeration: 2.5 });
    const none = await normalized(RENDER_BODY_EXAMPLES.multi_route_globe.value, 10);
    expect(none.terrain).toEqual({ enabled: false, exaggeration: 1 });
    expect(propsOf(none, await planRoute(none, { roadRouter })).terrain).toEqual({ enabled: false, exaggeration: 1 });
  });

  it('shows one OpenAPI example per story preset, named after the preset and playing it', () => {
    for (const preset of STORY_CAMERA_PRESETS) {
      expect([preset, RENDER_BODY_EXAMPLES[preset]?.value.camera]).toEqual([preset, expect.objectContaining({ preset })]);
    }
  });

  it('estimates a render at the speed of the engine that will draw it: the page, or a screenshot a frame for a tilt', async () => {
    const body = { waypoints: [{ place: 'Lisbon' }, { place: 'Madrid' }], duration: 12, resolution: '1080p' };
    const flat = estimateRenderSeconds((await normalized(body, 60)) as NormalizedRenderRequest);
    const tilted = estimateRenderSeconds((await normalized({ ...body, camera: { preset: 'cinematic' } }, 60)) as NormalizedRenderRequest);
    // The 12 s 1080p bench job takes 12–16 s from POST to complete in the page (bench/render-job.ts).
    expect(flat).toBeGreaterThanOrEqual(12);
    expect(flat).toBeLessThanOrEqual(20);
    expect(tilted).toBeGreaterThan(2 * flat);
  });

  it('accepts every OpenAPI example as shown on the Free tier, and estimates its render time', async () => {
    for (const [name, example] of Object.entries(RENDER_BODY_EXAMPLES)) {
      expect([name, await issuesOf(example.value, free)]).toEqual([name, []]);
      const request = await normalized(example.value, free.maxDurationSeconds);
      expect(estimateRenderSeconds(request as NormalizedRenderRequest)).toBeGreaterThan(5);
    }
  });
});
