import { createRoomyAccount, startTestApp, storedRequestOf, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;

/** One short body of each mode, with nothing about the terrain. */
const BODIES = {
  route_animation: { waypoints: [{ place: 'Zurich' }, { place: 'Milan' }], transport: 'plane', duration: 6 },
  multi_route: {
    mode: 'multi_route',
    duration: 6,
    aspect_ratio: '9:16',
    multi_route: { origin: { place: 'Denver' }, routes: [{ place: 'Salt Lake City' }, { place: 'Albuquerque' }] },
  },
  region_focus: { mode: 'region_focus', duration: 6, region_focus: { region: 'Nepal' } },
  country_data: { mode: 'country_data', duration: 6, country_data: { values: [{ country: 'CH', value: 1.2 }] } },
} as const;

const NO_RELIEF = { enabled: false, exaggeration: 1 };

const pairs = (issues: Array<{ field: string; code: string }>) => issues.map((issue) => [issue.field, issue.code]);

describe('Terrain: relief under the land (contract §21)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const account = (): Promise<TestAccount> => createRoomyAccount(t);
  const storedRequest = (owner: TestAccount, body: object) => storedRequestOf(t, owner, body);
  const rendersUsed = async (owner: TestAccount): Promise<number> =>
    (await t.http.get('/v1/usage').auth(owner.liveKey, bearer).expect(200)).body.renders_used;

  it('is accepted in every mode and stored with the job as sent, its defaults filled in', async () => {
    const owner = await account();
    for (const [mode, body] of Object.entries(BODIES)) {
      const request = await storedRequest(owner, { ...body, terrain: { enabled: true, exaggeration: 2.5 } });
      expect([mode, request.mode, request.terrain]).toEqual([mode, mode, { enabled: true, exaggeration: 2.5 }]);
    }
    expect((await storedRequest(owner, { ...BODIES.region_focus, terrain: { enabled: true } })).terrain).toEqual({
      enabled: true,
      exaggeration: 1,
    });
    expect((await storedRequest(owner, { ...BODIES.country_data, terrain: { exaggeration: 0 } })).terrain).toEqual({
      enabled: false,
      exaggeration: 0,
    });
    expect((await storedRequest(owner, { ...BODIES.multi_route, terrain: {} })).terrain).toEqual(NO_RELIEF);
  });

  it('is stored as no relief when the request names none', async () => {
    const owner = await account();
    for (const [mode, body] of Object.entries(BODIES)) {
      expect([mode, (await storedRequest(owner, body)).terrain]).toEqual([mode, NO_RELIEF]);
    }
  });

  it('is taken by each job of a batch', async () => {
    const owner = await account();
    const batch = await t.http
      .post('/v1/render/batch')
      .auth(owner.liveKey, bearer)
      .send({
        jobs: [
          { ...BODIES.region_focus, terrain: { enabled: true, exaggeration: 3 } },
          BODIES.route_animation,
          { ...BODIES.country_data, terrain: { enabled: true } },
        ],
      })
      .expect(202);
    const terrains = [];
    for (const job of batch.body.jobs as Array<{ job_id: string }>) {
      const record = (await t.http.get(`/v1/render/${job.job_id}`).auth(owner.liveKey, bearer).expect(200)).body;
      terrains.push(record.request.terrain);
    }
    expect(terrains).toEqual([{ enabled: true, exaggeration: 3 }, NO_RELIEF, { enabled: true, exaggeration: 1 }]);
  });

  it('refuses a bad batch job’s terrain by its path in the batch, and queues none of the jobs', async () => {
    const owner = await account();
    const res = await t.http
      .post('/v1/render/batch')
      .auth(owner.liveKey, bearer)
      .send({ jobs: [BODIES.route_animation, { ...BODIES.region_focus, terrain: { enabled: true, exaggeration: 4 } }] })
      .expect(400);
    expect(res.body.error_code).toBe('VALIDATION_ERROR');
    expect(pairs(res.body.issues)).toEqual([['jobs[1].terrain.exaggeration', 'too_big']]);
    expect(await rendersUsed(owner)).toBe(0);
  });

  it('refuses each bad terrain field with its path, unknown keys and a terrain that is no object; nothing is spent', async () => {
    const owner = await account();
    const refused = async (body: object) => {
      const res = await t.http.post('/v1/render').auth(owner.liveKey, bearer).send(body).expect(400);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
      return res.body.issues as Array<{ field: string; code: string; message: string }>;
    };

    expect(await refused({ ...BODIES.route_animation, terrain: { enabled: true, exaggeration: 3.5 } })).toEqual([
      { field: 'terrain.exaggeration', code: 'too_big', message: 'exaggeration must not be greater than 3' },
    ]);
    expect(await refused({ ...BODIES.multi_route, terrain: { exaggeration: -1 } })).toEqual([
      { field: 'terrain.exaggeration', code: 'too_small', message: 'exaggeration must not be less than 0' },
    ]);
    expect(pairs(await refused({ ...BODIES.region_focus, terrain: { exaggeration: 'steep' } }))).toEqual([
      ['terrain.exaggeration', 'too_big'],
      ['terrain.exaggeration', 'too_small'],
      ['terrain.exaggeration', 'invalid_type'],
    ]);
    expect(await refused({ ...BODIES.country_data, terrain: { enabled: 'yes' } })).toEqual([
      { field: 'terrain.enabled', code: 'invalid_type', message: 'enabled must be a boolean value' },
    ]);
    expect(pairs(await refused({ ...BODIES.route_animation, terrain: { enabled: true, shading: 'soft' } }))).toEqual([
      ['terrain.shading', 'unrecognized_field'],
    ]);
    expect(await refused({ ...BODIES.route_animation, terrain: true })).toEqual([
      { field: 'terrain', code: 'invalid_type', message: 'terrain must be an object, e.g. {"enabled":true}' },
    ]);
    // Every problem of one body in one answer, with the others'.
    expect(pairs(await refused({ ...BODIES.route_animation, fps: 25, terrain: { enabled: 1, exaggeration: 9 } }))).toEqual([
      ['fps', 'invalid_enum_value'],
      ['terrain.enabled', 'invalid_type'],
      ['terrain.exaggeration', 'too_big'],
    ]);
    const preview = await t.http
      .post('/v1/render/preview')
      .auth(owner.liveKey, bearer)
      .send({ ...BODIES.region_focus, terrain: { exaggeration: 5 } })
      .expect(400);
    expect(pairs(preview.body.issues)).toEqual([['terrain.exaggeration', 'too_big']]);

    expect(await rendersUsed(owner)).toBe(0);
    expect((await t.http.get('/v1/renders').auth(owner.liveKey, bearer).expect(200)).body.data).toEqual([]);
  });

  it('is checked in a template’s settings as settings.terrain, on POST and PUT', async () => {
    const owner = await account();
    const bad = await t.http
      .post('/v1/templates')
      .auth(owner.liveKey, bearer)
      .send({ name: 'Steep', settings: { terrain: { enabled: 'on', exaggeration: 10, hillshade: true } } })
      .expect(400);
    expect(pairs(bad.body.issues)).toEqual([
      ['settings.terrain.hillshade', 'unrecognized_field'],
      ['settings.terrain.enabled', 'invalid_type'],
      ['settings.terrain.exaggeration', 'too_big'],
    ]);

    const saved = await t.http
      .post('/v1/templates')
      .auth(owner.liveKey, bearer)
      .send({ name: 'Relief', settings: { terrain: { enabled: true } } })
      .expect(201);
    const changed = await t.http
      .put(`/v1/templates/${saved.body.id}`)
      .auth(owner.liveKey, bearer)
      .send({ settings: { terrain: { exaggeration: -0.5 } } })
      .expect(400);
    expect(pairs(changed.body.issues)).toEqual([['settings.terrain.exaggeration', 'too_small']]);
    expect(await rendersUsed(owner)).toBe(0);
  });

  it('merges a template’s settings.terrain under the request’s, field by field', async () => {
    const owner = await account();
    const saved = await t.http
      .post('/v1/templates')
      .auth(owner.liveKey, bearer)
      .send({ name: 'Alps in relief', settings: { terrain: { enabled: true, exaggeration: 2 }, style: 'dark' } })
      .expect(201);
    expect(saved.body.settings.terrain).toEqual({ enabled: true, exaggeration: 2 });
    const template_id = saved.body.id as string;

    // The template's terrain, when the request names none.
    const fromTemplate = await storedRequest(owner, { template_id, ...BODIES.route_animation });
    expect(fromTemplate).toMatchObject({ terrain: { enabled: true, exaggeration: 2 }, style: 'dark', template_id });
    // The request's exaggeration over the template's; the template's enabled stays.
    const steeper = await storedRequest(owner, { template_id, ...BODIES.region_focus, terrain: { exaggeration: 3 } });
    expect(steeper.terrain).toEqual({ enabled: true, exaggeration: 3 });
    // The request turns the template's relief off, and keeps the template's exaggeration.
    const off = await storedRequest(owner, { template_id, ...BODIES.country_data, terrain: { enabled: false } });
    expect(off.terrain).toEqual({ enabled: false, exaggeration: 2 });
    // null clears the template's terrain: no relief.
    const cleared = await storedRequest(owner, { template_id, ...BODIES.multi_route, terrain: null });
    expect(cleared.terrain).toEqual(NO_RELIEF);

    // The merged body is checked as one request: a bad field of the request is named as the request's.
    const bad = await t.http
      .post('/v1/render')
      .auth(owner.liveKey, bearer)
      .send({ template_id, ...BODIES.route_animation, terrain: { exaggeration: 3.5 } })
      .expect(400);
    expect(pairs(bad.body.issues)).toEqual([['terrain.exaggeration', 'too_big']]);

    // A template that sets only the exaggeration leaves the request's switch alone.
    const exaggerationOnly = await t.http
      .post('/v1/templates')
      .auth(owner.liveKey, bearer)
      .send({ name: 'Gentle', settings: { terrain: { exaggeration: 0.5 } } })
      .expect(201);
    const gentle = await storedRequest(owner, {
      template_id: exaggerationOnly.body.id,
      ...BODIES.route_animation,
      terrain: { enabled: true },
    });
    expect(gentle.terrain).toEqual({ enabled: true, exaggeration: 0.5 });
  });

  it('reaches the preview’s props in every mode, as props.terrain with its defaults filled in', async () => {
    const owner = await account();
    const preview = (body: object) => t.http.post('/v1/render/preview').auth(owner.liveKey, bearer).send(body).expect(200);
    for (const [mode, body] of Object.entries(BODIES)) {
      const relief = (await preview({ ...body, terrain: { enabled: true, exaggeration: 1.5 } })).body.props;
      expect([mode, relief.mode, relief.terrain]).toEqual([mode, mode, { enabled: true, exaggeration: 1.5 }]);
    }
    expect((await preview(BODIES.region_focus)).body.props.terrain).toEqual(NO_RELIEF);
    expect((await preview({ ...BODIES.route_animation, terrain: { enabled: true } })).body.props.terrain).toEqual({
      enabled: true,
      exaggeration: 1,
    });
    expect(await rendersUsed(owner)).toBe(0);
  });
});
