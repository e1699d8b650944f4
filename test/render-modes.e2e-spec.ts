import type { MapAnimationProps, PropsOf, RenderMode } from '../src/modules/contract';
import { RENDERER } from '../src/modules/rendering/testing';
import { FakeRenderer } from './support/fake-renderer';
import { createAccount, startTestApp, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;

/** Short and small: the fake renderer "renders" every frame, so fewer frames is a quicker test. */
const small = { duration: 4, fps: 24, aspect_ratio: '1:1' };
const multiRoute = (routes: object[], extra: object = {}) => ({
  ...small,
  mode: 'multi_route',
  transport: 'ship',
  multi_route: { origin: { place: 'Shanghai' }, routes, ...extra },
});
const regionFocus = (settings: object = {}) => ({ ...small, mode: 'region_focus', region_focus: { region: 'Portugal', ...settings } });
const countryData = (values: object[], extra: object = {}) => ({ ...small, mode: 'country_data', country_data: { values, ...extra } });

describe('Render modes, text overlays and camera details over HTTP', () => {
  let t: TestApp;
  let account: TestAccount;
  const renderer = new FakeRenderer({ msPerFrame: 2 });

  beforeAll(async () => {
    t = await startTestApp({ MAPR_ROLE: 'all', RENDER_TIMEOUT_SECONDS: '120' }, { overrides: [{ provide: RENDERER, useValue: renderer }] });
    account = await createAccount(t, { tier: 'enterprise', overrides: { concurrent_jobs: 10, requests_per_minute: 1000 } });
  }, 120_000);
  afterAll(() => t.close());

  const post = (body: object, key = account.liveKey) => t.http.post('/v1/render').auth(key, bearer).send(body);
  /** The issues of a refused body, which must be a 400 VALIDATION_ERROR. */
  const issuesOf = async (body: object, key = account.liveKey) => {
    const res = await post(body, key).expect(400);
    expect(res.body.error_code).toBe('VALIDATION_ERROR');
    return res.body.issues as Array<{ field: string; code: string; message: string }>;
  };

  async function waitForEnd(jobId: string): Promise<Record<string, unknown>> {
    // A held read (wait=) answers when the status changes: no polling against the plan's rate limit.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const res = await t.http.get(`/v1/render/${jobId}?wait=20`).auth(account.liveKey, bearer).expect(200);
      if (['complete', 'failed', 'cancelled'].includes(res.body.status)) return res.body;
      if (Date.now() > deadline) throw new Error(`job ${jobId} still ${res.body.status}`);
    }
  }
  /** The props the worker handed the renderer for a job; only its own mode's settings are there. */
  const propsOf = <M extends RenderMode>(jobId: string, mode: M): PropsOf<M> => {
    const input = renderer.rendered.find((r) => r.videoPath.includes(jobId));
    if (!input) throw new Error(`job ${jobId} was not rendered`);
    const props: MapAnimationProps = input.props;
    expect(props.mode).toBe(mode);
    const otherModes = (['multi_route', 'region_focus', 'country_data'] as const).filter((other) => other !== mode);
    expect(otherModes.filter((other) => other in props)).toEqual([]);
    return props as PropsOf<M>;
  };

  describe('validation', () => {
    it('requires the chosen mode’s settings object and refuses the others’, naming the mode that takes them', async () => {
      expect(await issuesOf({ ...small, mode: 'multi_route' })).toEqual([
        { field: 'multi_route', code: 'required', message: 'multi_route is required when mode is "multi_route"' },
      ]);
      expect(await issuesOf({ ...regionFocus(), country_data: { values: [{ country: 'PT', value: 1 }] } })).toEqual([
        {
          field: 'country_data',
          code: 'not_allowed_in_mode',
          message: 'country_data is only allowed when mode is "country_data" (this request\'s mode is "region_focus")',
        },
      ]);
      // Without `mode`, a request is a route_animation: it needs waypoints and takes no mode object.
      expect((await issuesOf({ ...small, region_focus: { region: 'PT' } })).map((i) => [i.field, i.code])).toEqual([
        ['waypoints', 'required'],
        ['region_focus', 'not_allowed_in_mode'],
      ]);
    });

    it('refuses waypoints and route-only fields where a mode has no route', async () => {
      const issues = await issuesOf({
        ...countryData([{ country: 'PT', value: 1 }]),
        waypoints: [{ place: 'Lisbon' }, { place: 'Porto' }],
        transport: 'ship',
        hud: { distance: true },
      });
      expect(issues.map((i) => [i.field, i.code])).toEqual([
        ['waypoints', 'not_allowed_in_mode'],
        ['transport', 'not_allowed_in_mode'],
        ['hud', 'not_allowed_in_mode'],
      ]);
      expect(issues[0].message).toBe('waypoints is only allowed when mode is "route_animation" (this request\'s mode is "country_data")');
      expect(issues[1].message).toMatch(/only allowed when mode is "route_animation" or "multi_route"/);
    });

    it('names each field and rule of a bad multi_route, region_focus and country_data', async () => {
      const multi = await issuesOf(
        multiRoute([{ place: 'Rotterdam', data_label: 'x'.repeat(31), color: 'teal', label_offset: { x: 0 } }], {
          stagger: -1,
          end_zoom: 25,
        }),
      );
      expect(multi.map((i) => [i.field, i.code])).toEqual([
        ['multi_route.routes[0].data_label', 'too_long'],
        ['multi_route.routes[0].color', 'invalid_format'],
        ['multi_route.routes[0].label_offset.y', 'required'],
        ['multi_route.stagger', 'too_small'],
        ['multi_route.end_zoom', 'too_big'],
      ]);
      const focus = await issuesOf(
        regionFocus({ region: [-9.5, 42, -6, 37], markers: Array.from({ length: 26 }, () => ({ place: 'Porto' })) }),
      );
      expect(focus).toEqual([
        { field: 'region_focus.region', code: 'invalid_region', message: 'region bbox south (42) must be less than north (37)' },
        {
          field: 'region_focus.markers',
          code: 'too_many_items',
          message: expect.stringMatching(/^markers must contain no more than 25 elements/),
        },
      ]);
      const data = await issuesOf(
        countryData(
          Array.from({ length: 251 }, () => ({ country: 'PT', value: 1 })),
          { legend: { title: 'x'.repeat(41) }, palette: 'rainbow' },
        ),
      );
      expect(data.map((i) => [i.field, i.code])).toEqual([
        ['country_data.values', 'too_many_items'],
        ['country_data.legend.title', 'too_long'],
        ['country_data.palette', 'invalid_enum_value'],
      ]);
    });

    it('looks up unknown places and countries, with suggestions, one issue each', async () => {
      const places = await issuesOf(multiRoute([{ place: 'Rotterdam' }, { place: 'Santoss' }], {}), account.liveKey);
      expect(places).toEqual([
        {
          field: 'multi_route.routes[1].place',
          code: 'unknown_place',
          message: expect.stringMatching(/^Unknown place "Santoss"\. Did you mean: .*Santos \(BR\)/),
        },
      ]);
      const countries = await issuesOf(
        countryData([
          { country: 'Portugall', value: 1 },
          { country: 'ES', value: 2 },
          { country: 'Germny', value: 3 },
          { country: 'Spain', value: 4 },
        ]),
      );
      expect(countries).toEqual([
        {
          field: 'country_data.values[0].country',
          code: 'unknown_country',
          message: 'Unknown country "Portugall". Did you mean: Portugal?',
        },
        { field: 'country_data.values[2].country', code: 'unknown_country', message: 'Unknown country "Germny". Did you mean: Germany?' },
        {
          field: 'country_data.values[3].country',
          code: 'duplicate_country',
          message: '"Spain" is Spain, already given at country_data.values[1]; each country takes one value.',
        },
      ]);
      const [tuvalu] = await issuesOf(regionFocus({ region: 'TUV' }));
      expect(tuvalu).toMatchObject({ field: 'region_focus.region', code: 'country_not_on_map' });
      expect(tuvalu.message).toMatch(/^Tuvalu has no outline of its own on the world map/);
    });

    it('keeps text overlays to 10, with text of 1–120 characters, ending after they start and by the end of the video', async () => {
      const route = { waypoints: [{ place: 'Lisbon' }, { place: 'Madrid' }] };
      const overlay = { text: 'Hello', start: 0, end: 2 };
      expect(await issuesOf({ ...route, text_overlays: Array.from({ length: 11 }, () => overlay) })).toEqual([
        { field: 'text_overlays', code: 'too_many_items', message: expect.any(String) },
      ]);
      const shape = await issuesOf({
        ...route,
        text_overlays: [{ text: 'x'.repeat(121), start: 2, end: 1, position: 'middle', style: 'shout' }],
      });
      expect(shape.map((i) => [i.field, i.code])).toEqual([
        ['text_overlays[0].text', 'invalid_length'],
        ['text_overlays[0].end', 'too_small'],
        ['text_overlays[0].position', 'invalid_enum_value'],
        ['text_overlays[0].style', 'invalid_enum_value'],
      ]);
      // Free's default duration is its maximum, 10 s: an overlay ending at 11 s is past the end.
      const freeAccount = await createAccount(t);
      expect(await issuesOf({ ...route, text_overlays: [{ text: 'Late', start: 9, end: 11 }] }, freeAccount.liveKey)).toEqual([
        {
          field: 'text_overlays[0].end',
          code: 'exceeds_duration',
          message: 'end (11 s) must not be later than the end of the video (10 s, the default duration on this tier).',
        },
      ]);
    });

    it('keeps multi_route’s timeline and the waypoints’ pauses within the duration', async () => {
      const ports = [{ place: 'Busan' }, { place: 'Manila' }, { place: 'Singapore' }];
      expect((await issuesOf(multiRoute(ports, { routes_start_at: 1, routes_duration: 3.5 }))).map((i) => [i.field, i.code])).toEqual([
        ['multi_route.routes_duration', 'exceeds_duration'],
      ]);
      expect((await issuesOf(multiRoute(ports, { stagger: 2 }))).map((i) => [i.field, i.code])).toEqual([
        ['multi_route.stagger', 'not_enough_time'],
      ]);
      const pauses = await issuesOf({
        ...small,
        waypoints: [
          { place: 'Lisbon', dwell: 1 },
          { place: 'Madrid', camera_hold_seconds: 1.5 },
        ],
      });
      expect(pauses.map((i) => [i.field, i.code])).toEqual([['waypoints', 'not_enough_time']]);
    });

    it('applies the same rules to every job of a batch, naming jobs[i]', async () => {
      const batch = (jobs: object[]) => t.http.post('/v1/render/batch').auth(account.liveKey, bearer).send({ jobs }).expect(400);
      const fields = (res: { body: { issues: Array<{ field: string; code: string }> } }) => res.body.issues.map((i) => [i.field, i.code]);
      const shape = await batch([regionFocus(), { ...countryData([{ country: 'PT', value: 1 }]), waypoints: [{ place: 'Lisbon' }] }]);
      expect(fields(shape)).toEqual([['jobs[1].waypoints', 'not_allowed_in_mode']]);
      const lookups = await batch([regionFocus(), multiRoute([{ place: 'Atlantiss' }]), regionFocus({ region: 'Portugall' })]);
      expect(fields(lookups)).toEqual([
        ['jobs[1].multi_route.routes[0].place', 'unknown_place'],
        ['jobs[2].region_focus.region', 'unknown_country'],
      ]);
    });
  });

  describe('through the worker', () => {
    it('renders a multi_route with one leg per route from the origin, and serves one feature per route', async () => {
      const created = await post(
        multiRoute(
          [
            { place: 'Busan', data_label: '2 days' },
            { place: 'Singapore', data_label: '6 days', color: '#ffb000' },
            { place: 'Tokyo', transport: 'plane' },
          ],
          { stagger: 0.2 },
        ),
      ).expect(202);
      const job = await waitForEnd(created.body.job_id);
      expect(job.status).toBe('complete');
      expect(job.request).toMatchObject({
        mode: 'multi_route',
        waypoints: [],
        camera: { intensity: 'balanced' },
        text_overlays: [],
        multi_route: {
          origin: { label: 'Shanghai', place: 'Shanghai' },
          routes: [
            { label: 'Busan', data_label: '2 days', transport: 'ship' },
            { label: 'Singapore', color: '#ffb000', transport: 'ship' },
            { label: 'Tokyo', transport: 'plane' },
          ],
          routes_start_at: 0,
          routes_duration: 3.4, // 4 s less a closing hold of 15%
          stagger: 0.2,
          show_all_routes_at_start: true,
          label_collision: 'auto-offset',
        },
      });

      const props = propsOf(created.body.job_id, 'multi_route');
      expect(props.waypoints).toEqual([]);
      expect(props.legs.map((l) => l.transport)).toEqual(['ship', 'ship', 'plane']);
      for (const leg of props.legs) expect(leg.coordinates[0]).toEqual([props.multi_route!.origin.lng, props.multi_route!.origin.lat]);
      expect(props.multi_route!.routes.map((r) => [r.label, r.data_label, r.color])).toEqual([
        ['Busan', '2 days', null],
        ['Singapore', '6 days', '#ffb000'],
        ['Tokyo', null, null],
      ]);

      const route = await t.http.get(`/v1/render/${created.body.job_id}/route`).auth(account.liveKey, bearer).expect(200);
      expect(route.body.features.map((f: { properties: object }) => f.properties)).toEqual([
        expect.objectContaining({ leg: 0, route: 0, from: 'Shanghai', to: 'Busan', transport: 'ship', mode: 'sea' }),
        expect.objectContaining({ leg: 1, route: 1, from: 'Shanghai', to: 'Singapore', transport: 'ship', mode: 'sea' }),
        expect.objectContaining({ leg: 2, route: 2, from: 'Shanghai', to: 'Tokyo', transport: 'plane', mode: 'great-circle' }),
      ]);
    });

    it('fails a multi_route whose route cannot be routed, naming the route, and gives the render back', async () => {
      const before = (await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used;
      const created = await post(multiRoute([{ place: 'Busan' }, { place: 'Denver' }])).expect(202);
      const job = await waitForEnd(created.body.job_id);
      expect(job).toMatchObject({ status: 'failed', error: 'MARITIME_ROUTE_ERROR' });
      expect(job.message).toMatch(/^routes\[1\] \(Denver\): Denver is [\d,]+ km from navigable water$/);
      expect(renderer.rendered.some((r) => r.videoPath.includes(created.body.job_id))).toBe(false);
      expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(before);
    });

    it('renders a region_focus with its country resolved and no route', async () => {
      const created = await post(
        regionFocus({ region: 'prt', markers: [{ place: 'Porto' }, { lat: 37.02, lng: -7.93, label: 'Faro' }] }),
      ).expect(202);
      const job = await waitForEnd(created.body.job_id);
      expect(job.status).toBe('complete');
      expect(job.request).toMatchObject({
        mode: 'region_focus',
        waypoints: [],
        region_focus: {
          region: { kind: 'country', iso_numeric: '620', iso_alpha3: 'PRT', name: 'Portugal' },
          label: 'Portugal',
          from: 'world',
        },
      });
      const props = propsOf(created.body.job_id, 'region_focus');
      expect(props).toMatchObject({ legs: [], waypoints: [] });
      expect(props.region_focus).toEqual({
        region: { kind: 'country', iso_numeric: '620', name: 'Portugal' },
        label: 'Portugal',
        highlight_color: null,
        from: 'world',
        markers: [
          { lat: expect.any(Number), lng: expect.any(Number), label: 'Porto' },
          { lat: 37.02, lng: -7.93, label: 'Faro' },
        ],
      });
      const route = await t.http.get(`/v1/render/${created.body.job_id}/route`).auth(account.liveKey, bearer).expect(200);
      expect(route.body).toEqual({ type: 'FeatureCollection', distance_km: 0, features: [] });
    });

    it('renders a country_data with every country resolved', async () => {
      const accepted = await post(
        countryData(
          [
            { country: 'PT', value: 10.3 },
            { country: 'Spain', value: 47.4 },
            { country: 'FRA', value: 68 },
            { country: 'Germany', value: 84 },
          ],
          { legend: { title: 'Population', unit: 'M' }, reveal: 'all', region: [-12, 35, 20, 56] },
        ),
      ).expect(202);
      const job = await waitForEnd(accepted.body.job_id);
      expect(job.status).toBe('complete');
      const props = propsOf(accepted.body.job_id, 'country_data');
      expect(props).toMatchObject({ legs: [] });
      expect(props.country_data).toEqual({
        values: [
          { iso_numeric: '620', name: 'Portugal', value: 10.3 },
          { iso_numeric: '724', name: 'Spain', value: 47.4 },
          { iso_numeric: '250', name: 'France', value: 68 },
          { iso_numeric: '276', name: 'Germany', value: 84 },
        ],
        legend: { title: 'Population', unit: 'M' },
        palette: 'sequential',
        reveal: 'all',
        region: { kind: 'bbox', bbox: [-12, 35, 20, 56] },
      });
    });

    it('renders a route_animation with text overlays, waypoint camera details and the camera intensity', async () => {
      const created = await post({
        ...small,
        waypoints: [
          { place: 'Lisbon', camera_zoom_override: 7, camera_hold_seconds: 0.5 },
          { place: 'Madrid', dwell: 0.5 },
        ],
        camera: { preset: 'follow', intensity: 'bold' },
        text_overlays: [
          { text: 'Leaving <b>Lisbon</b>', start: 0, end: 2 },
          { text: 'Madrid', start: 2, end: 4, position: 'top-right', style: 'headline' },
        ],
      }).expect(202);
      const job = await waitForEnd(created.body.job_id);
      expect(job.status).toBe('complete');
      const props = propsOf(created.body.job_id, 'route_animation');
      expect(props.camera).toMatchObject({ preset: 'follow', intensity: 'bold' });
      expect(props.waypoints.map((w) => [w.label, w.zoom_override, w.hold, w.dwell])).toEqual([
        ['Lisbon', 7, 0.5, 0],
        ['Madrid', null, 0, 0.5],
      ]);
      expect(props.text_overlays).toEqual([
        { text: 'Leaving <b>Lisbon</b>', start: 0, end: 2, position: 'bottom', style: 'caption' },
        { text: 'Madrid', start: 2, end: 4, position: 'top-right', style: 'headline' },
      ]);
      expect(props.legs).toHaveLength(1);
    });
  });
});
