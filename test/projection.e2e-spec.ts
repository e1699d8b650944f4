import { createRoomyAccount, startTestApp, storedRequestOf, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;

/** One short body of each mode, with nothing about the projection. */
const BODIES = {
  route_animation: { waypoints: [{ place: 'Rotterdam' }, { place: 'Singapore' }], transport: 'ship', duration: 6 },
  multi_route: {
    mode: 'multi_route',
    duration: 6,
    aspect_ratio: '9:16',
    multi_route: { origin: { place: 'Los Angeles' }, routes: [{ place: 'Tokyo' }, { place: 'London' }] },
  },
  region_focus: { mode: 'region_focus', duration: 6, region_focus: { region: 'Portugal' } },
  country_data: { mode: 'country_data', duration: 6, country_data: { values: [{ country: 'PT', value: 10.3 }] } },
} as const;

const pairs = (issues: Array<{ field: string; code: string }>) => issues.map((issue) => [issue.field, issue.code]);

describe('Projection: a globe (contract §20)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const account = (): Promise<TestAccount> => createRoomyAccount(t);
  const storedRequest = (owner: TestAccount, body: object) => storedRequestOf(t, owner, body);

  it('is accepted in every mode and stored with the job as sent', async () => {
    const owner = await account();
    for (const [mode, body] of Object.entries(BODIES)) {
      const request = await storedRequest(owner, { ...body, projection: 'globe' });
      expect([mode, request.mode, request.projection]).toEqual([mode, mode, 'globe']);
    }
    expect((await storedRequest(owner, { ...BODIES.region_focus, projection: 'flat' })).projection).toBe('flat');
  });

  it('is stored as auto when the request names none', async () => {
    const owner = await account();
    expect((await storedRequest(owner, BODIES.country_data)).projection).toBe('auto');
  });

  it('is taken by each job of a batch', async () => {
    const owner = await account();
    const batch = await t.http
      .post('/v1/render/batch')
      .auth(owner.liveKey, bearer)
      .send({ jobs: [{ ...BODIES.multi_route, projection: 'globe' }, BODIES.route_animation] })
      .expect(202);
    const projections = [];
    for (const job of batch.body.jobs as Array<{ job_id: string }>) {
      const record = (await t.http.get(`/v1/render/${job.job_id}`).auth(owner.liveKey, bearer).expect(200)).body;
      projections.push(record.request.projection);
    }
    expect(projections).toEqual(['globe', 'auto']);
  });

  it('refuses a projection not in its list, or not a string, with the path projection; nothing is spent', async () => {
    const owner = await account();
    for (const projection of ['sphere', 3]) {
      const res = await t.http
        .post('/v1/render')
        .auth(owner.liveKey, bearer)
        .send({ ...BODIES.route_animation, projection })
        .expect(400);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
      expect(res.body.issues).toEqual([
        { field: 'projection', code: 'invalid_enum_value', message: 'projection must be one of the following values: auto, flat, globe' },
      ]);
    }
    const region = await t.http
      .post('/v1/render')
      .auth(owner.liveKey, bearer)
      .send({ ...BODIES.region_focus, projection: 'sphere' })
      .expect(400);
    expect(pairs(region.body.issues)).toEqual([['projection', 'invalid_enum_value']]);
    expect((await t.http.get('/v1/usage').auth(owner.liveKey, bearer)).body.renders_used).toBe(0);
  });

  it('is checked in a template’s settings as settings.projection, and a render from the template stores it', async () => {
    const owner = await account();
    const bad = await t.http
      .post('/v1/templates')
      .auth(owner.liveKey, bearer)
      .send({ name: 'Cube', settings: { projection: 'cube' } })
      .expect(400);
    expect(pairs(bad.body.issues)).toEqual([['settings.projection', 'invalid_enum_value']]);

    const saved = await t.http
      .post('/v1/templates')
      .auth(owner.liveKey, bearer)
      .send({ name: 'Globe', settings: { projection: 'globe', transport: 'ship' } })
      .expect(201);
    expect(saved.body.settings.projection).toBe('globe');
    const fromTemplate = await storedRequest(owner, { template_id: saved.body.id, waypoints: BODIES.route_animation.waypoints });
    expect(fromTemplate).toMatchObject({ projection: 'globe', transport: 'ship' });
    // The request's own projection wins over the template's.
    const overridden = await storedRequest(owner, { template_id: saved.body.id, ...BODIES.route_animation, projection: 'flat' });
    expect(overridden.projection).toBe('flat');

    const renamed = await t.http
      .put(`/v1/templates/${saved.body.id}`)
      .auth(owner.liveKey, bearer)
      .send({ settings: { projection: 'sphere' } })
      .expect(400);
    expect(pairs(renamed.body.issues)).toEqual([['settings.projection', 'invalid_enum_value']]);
  });

  it('reaches the preview’s props; a long route opens on the globe unless the request keeps the map flat', async () => {
    const owner = await account();
    const preview = (body: object) => t.http.post('/v1/render/preview').auth(owner.liveKey, bearer).send(body).expect(200);
    const auto = (await preview(BODIES.route_animation)).body.props;
    expect([auto.projection, auto.camera.preset]).toEqual(['auto', 'global_corridor_reveal']);
    const flat = (await preview({ ...BODIES.route_animation, projection: 'flat' })).body.props;
    expect([flat.projection, flat.camera.preset]).toEqual(['flat', 'auto']);
    const globe = (await preview({ ...BODIES.multi_route, projection: 'globe' })).body.props;
    expect([globe.mode, globe.projection]).toEqual(['multi_route', 'globe']);
  });
});
