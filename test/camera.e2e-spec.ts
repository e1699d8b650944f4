import { createRoomyAccount, startTestApp, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;

/** The peer's camera documentation's example, on its route: Suez Canal → Singapore by sea (contract §19). */
const PEER_CAMERA = {
  preset: 'chokepoint_tension',
  mode: 'follow',
  start_zoom: 2,
  waypoint_zoom: 6,
  tilt: 30,
  ease: 'cubic-in-out',
  start_focus_waypoint: 'Suez Canal',
  focus_hold_seconds: 1.5,
  opening_zoom_boost: 1.2,
  chokepoint_punch_in: 1.5,
};
const SUEZ_TO_SINGAPORE = {
  waypoints: [
    { place: 'Suez', label: 'Suez Canal' },
    { place: 'Singapore', label: 'Singapore' },
  ],
  transport: 'ship',
  duration: 12,
};

describe('The peer’s camera (contract §19)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const account = (): Promise<TestAccount> => createRoomyAccount(t);

  it('accepts a request copied from the peer’s documentation and stores every field, the focus waypoint as its index', async () => {
    const owner = await account();
    const job = await t.http
      .post('/v1/render')
      .auth(owner.liveKey, bearer)
      .send({ ...SUEZ_TO_SINGAPORE, camera: PEER_CAMERA })
      .expect(202);
    const record = (await t.http.get(`/v1/render/${job.body.job_id}`).auth(owner.liveKey, bearer).expect(200)).body;
    expect(record.request.camera).toEqual({ ...PEER_CAMERA, start_focus_waypoint: 0, intensity: 'balanced' });
    // Not routed yet: nothing to say about the camera.
    expect(record.camera_notes).toEqual([]);
  });

  it('the preview shows the chokepoints the story plays on, and the props resolve every camera field', async () => {
    const owner = await account();
    const res = await t.http
      .post('/v1/render/preview')
      .auth(owner.liveKey, bearer)
      .send({ ...SUEZ_TO_SINGAPORE, camera: PEER_CAMERA })
      .expect(200);
    const camera = res.body.props.camera;
    expect(camera).toMatchObject({ preset: 'chokepoint_tension', start_focus_waypoint: 0, chokepoint_punch_in: 1.5, ease: 'cubic-in-out' });
    expect(camera.chokepoints.map((c: { chokepoint: string }) => c.chokepoint)).toEqual(['suez', 'bab-el-mandeb', 'malacca']);
  });

  it('long_reroute_burden: the preview carries the avoided route and the label of the detour', async () => {
    const owner = await account();
    const res = await t.http
      .post('/v1/render/preview')
      .auth(owner.liveKey, bearer)
      .send({
        waypoints: [{ place: 'Rotterdam' }, { place: 'Singapore' }],
        transport: 'ship',
        route: { avoid: ['suez'] },
        camera: { preset: 'long_reroute_burden' },
      })
      .expect(200);
    const { reroute } = res.body.props.camera;
    expect(reroute.label).toMatch(/^\+\d{1,2},\d{3} km via the Cape$/);
    expect(reroute.legs).toHaveLength(1);
  });

  it('global_corridor_reveal: accepted and stored as sent, and played by the preview', async () => {
    const owner = await account();
    const body = {
      waypoints: [{ place: 'Rotterdam' }, { place: 'Singapore' }],
      transport: 'ship',
      duration: 10,
      camera: { preset: 'global_corridor_reveal' },
    };
    const job = await t.http.post('/v1/render').auth(owner.liveKey, bearer).send(body).expect(202);
    const record = (await t.http.get(`/v1/render/${job.body.job_id}`).auth(owner.liveKey, bearer).expect(200)).body;
    expect(record.request.camera).toMatchObject({ preset: 'global_corridor_reveal' });
    const preview = await t.http.post('/v1/render/preview').auth(owner.liveKey, bearer).send(body).expect(200);
    expect(preview.body.props.camera.preset).toBe('global_corridor_reveal');
  });

  it('a chokepoint story on a route that passes none plays auto, and the preview says so', async () => {
    const owner = await account();
    const res = await t.http
      .post('/v1/render/preview')
      .auth(owner.liveKey, bearer)
      .send({ waypoints: [{ place: 'Lisbon' }, { place: 'Paris' }], camera: { preset: 'canal_bottleneck' } })
      .expect(200);
    expect(res.body.props.camera.preset).toBe('auto');
    expect(res.body.props.camera.chokepoints).toEqual([]);
  });

  it('refuses every new field out of range, of the wrong type or not in its list, with its path; nothing is spent', async () => {
    const owner = await account();
    const res = await t.http
      .post('/v1/render')
      .auth(owner.liveKey, bearer)
      .send({
        ...SUEZ_TO_SINGAPORE,
        camera: {
          preset: 'orbit',
          intensity: 'extreme',
          mode: 'drone',
          waypoint_zoom: 21,
          tilt: 86,
          ease: 'bounce',
          start_focus_waypoint: 1.5,
          focus_hold_seconds: 6,
          opening_zoom_boost: 0.5,
          chokepoint_punch_in: '2',
        },
      })
      .expect(400);
    const issues = Object.fromEntries(res.body.issues.map((i: { field: string; code: string }) => [i.field, i.code]));
    expect(issues).toEqual({
      'camera.preset': 'invalid_enum_value',
      'camera.intensity': 'invalid_enum_value',
      'camera.mode': 'invalid_enum_value',
      'camera.waypoint_zoom': 'too_big',
      'camera.tilt': 'too_big',
      'camera.ease': 'invalid_enum_value',
      'camera.start_focus_waypoint': 'invalid_type',
      'camera.focus_hold_seconds': 'too_big',
      'camera.opening_zoom_boost': 'too_small',
      'camera.chokepoint_punch_in': 'invalid_type',
    });
    expect(res.body.error_code).toBe('VALIDATION_ERROR');
    expect((await t.http.get('/v1/usage').auth(owner.liveKey, bearer)).body.renders_used).toBe(0);
  });

  it('names the waypoints when start_focus_waypoint names none, and refuses route-only fields in modes without waypoints', async () => {
    const owner = await account();
    const unknown = await t.http
      .post('/v1/render')
      .auth(owner.liveKey, bearer)
      .send({ ...SUEZ_TO_SINGAPORE, camera: { start_focus_waypoint: 'Port Said' } })
      .expect(400);
    expect(unknown.body.issues).toEqual([
      expect.objectContaining({
        field: 'camera.start_focus_waypoint',
        code: 'unknown_waypoint',
        message: 'No waypoint is labelled "Port Said" (the waypoints: Suez Canal, Singapore).',
      }),
    ]);
    const index = await t.http
      .post('/v1/render')
      .auth(owner.liveKey, bearer)
      .send({ ...SUEZ_TO_SINGAPORE, camera: { start_focus_waypoint: 2 } })
      .expect(400);
    expect(index.body.issues[0]).toMatchObject({ field: 'camera.start_focus_waypoint', code: 'unknown_waypoint' });
    const region = await t.http
      .post('/v1/render')
      .auth(owner.liveKey, bearer)
      .send({ mode: 'region_focus', region_focus: { region: 'PT' }, camera: { preset: 'chokepoint_focus', ease: 'linear' } })
      .expect(400);
    expect(region.body.issues.map((i: { field: string; code: string }) => [i.field, i.code])).toEqual([
      ['camera.preset', 'not_allowed_in_mode'],
      ['camera.ease', 'not_allowed_in_mode'],
    ]);
  });

  it('checks the same fields in a template’s settings, named settings.camera.…', async () => {
    const owner = await account();
    const bad = await t.http
      .post('/v1/templates')
      .auth(owner.liveKey, bearer)
      .send({ name: 'Straits', settings: { camera: { preset: 'chokepoint_fever', chokepoint_punch_in: 4, ease: 'cubic' } } })
      .expect(400);
    expect(bad.body.issues.map((i: { field: string; code: string }) => [i.field, i.code])).toEqual([
      ['settings.camera.preset', 'invalid_enum_value'],
      ['settings.camera.ease', 'invalid_enum_value'],
      ['settings.camera.chokepoint_punch_in', 'too_big'],
    ]);
    const saved = await t.http
      .post('/v1/templates')
      .auth(owner.liveKey, bearer)
      .send({ name: 'Straits', settings: { transport: 'ship', camera: { preset: 'chokepoint_focus', intensity: 'strong' } } })
      .expect(201);
    const job = await t.http
      .post('/v1/render')
      .auth(owner.liveKey, bearer)
      .send({ template_id: saved.body.id, waypoints: SUEZ_TO_SINGAPORE.waypoints })
      .expect(202);
    const record = (await t.http.get(`/v1/render/${job.body.job_id}`).auth(owner.liveKey, bearer).expect(200)).body;
    expect(record.request.camera).toMatchObject({ preset: 'chokepoint_focus', intensity: 'strong', ease: 'cubic-in-out', mode: 'follow' });
  });
});
