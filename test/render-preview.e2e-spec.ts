/**
 * POST /v1/render/preview (contract §15): the same checks and routing as POST /v1/render, answered
 * with the composition, its props and the route instead of a job; no quota, no job, no verified
 * e-mail needed; routing failures as 422. The props a job of the same body renders are the preview's.
 * Durations and resolutions up to the largest plan's are previewed, with `render_allowed` and the
 * `render_refusals` a render of the body would answer.
 */
import { RENDERER } from '../src/modules/rendering/testing';
import { FakeRenderer } from './support/fake-renderer';
import { createAccount, renderBody, startTestApp, TestApp, TestAccount } from './support/test-app';

const bearer = { type: 'bearer' } as const;

describe('POST /v1/render/preview', () => {
  let t: TestApp;
  let renderer: FakeRenderer;
  let account: TestAccount;
  beforeAll(async () => {
    renderer = new FakeRenderer({ msPerFrame: 1 });
    t = await startTestApp({ MAPR_ROLE: 'all' }, { overrides: [{ provide: RENDERER, useValue: renderer }] });
    // Free (10 s, 720p), with room in its rate window: every preview counts toward it.
    account = await createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000 } });
  }, 120_000);
  afterAll(() => t.close());

  const preview = (key: string, body: object) => t.http.post('/v1/render/preview').auth(key, bearer).send(body);

  it('answers the composition, the props and the route, and spends nothing: no quota, no job', async () => {
    const res = await preview(account.liveKey, renderBody({ duration: 6, aspect_ratio: '9:16' })).expect(200);
    expect(res.body.composition).toEqual({ id: 'MapAnimation', width: 720, height: 1280, fps: 30, duration_in_frames: 180 });
    expect(res.body.props).toMatchObject({ mode: 'route_animation', width: 720, height: 1280, durationInFrames: 180, sandbox: false });
    expect(res.body.props.legs).toHaveLength(1);
    expect(res.body.route).toMatchObject({ type: 'FeatureCollection', features: [{ properties: { from: 'Lisbon', to: 'New York' } }] });
    expect(res.body.route.features[0].geometry.coordinates).toEqual(res.body.props.legs[0].coordinates);
    expect(res.headers['x-ratelimit-remaining']).toBeDefined();

    expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer).expect(200)).body.renders_used).toBe(0);
    expect((await t.http.get('/v1/renders').auth(account.liveKey, bearer).expect(200)).body.data).toEqual([]);
  });

  it('gives the props a job of the same body renders, template and mode included', async () => {
    const template = await t.http
      .post('/v1/templates')
      .auth(account.liveKey, bearer)
      .send({ name: 'Lanes', settings: { style: 'maritime-dark', camera: { intensity: 'soft' } } })
      .expect(201);
    const body = {
      template_id: template.body.id,
      mode: 'multi_route',
      duration: 5,
      multi_route: {
        origin: { place: 'Rotterdam' },
        routes: [
          { place: 'Lagos', data_label: '14 days' },
          { place: 'Dubai', transport: 'plane' },
        ],
      },
      text_overlays: [{ text: 'Weekly sailings', start: 0.5, end: 4 }],
    };
    const previewed = await preview(account.liveKey, body).expect(200);
    expect(previewed.body.props).toMatchObject({ style: 'maritime-dark', camera: { intensity: 'soft' }, mode: 'multi_route' });
    expect(previewed.body.route.features).toHaveLength(2);

    const created = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(body).expect(202);
    const deadline = Date.now() + 30_000;
    while (!renderer.rendered.some((r) => r.videoPath.includes(created.body.job_id))) {
      if (Date.now() > deadline) throw new Error('the job was not rendered');
      await new Promise((r) => setTimeout(r, 100));
    }
    const rendered = renderer.rendered.find((r) => r.videoPath.includes(created.body.job_id))!;
    expect(rendered.props).toEqual(previewed.body.props);
  }, 60_000);

  it('names the places it resolved by name, so that a person can check them; coordinates sent are taken as they are', async () => {
    const res = await preview(
      account.liveKey,
      renderBody({
        waypoints: [{ lat: 39.86089, lng: -83.6352, label: 'Lisbon' }, { place: 'Atlantis' }, { place: 'lisbon', label: 'Home' }],
      }),
    ).expect(200);
    expect(res.body.resolved_places).toEqual([
      {
        field: 'waypoints[1].place',
        waypoint_index: 1,
        query: 'Atlantis',
        name: 'Atlantis',
        admin1: 'Western Cape',
        country: 'ZA',
        country_name: 'South Africa',
        display_name: 'Atlantis, Western Cape, South Africa',
        lat: -33.56668,
        lng: 18.48335,
      },
      {
        field: 'waypoints[2].place',
        waypoint_index: 2,
        query: 'lisbon',
        name: 'Lisbon',
        admin1: 'Lisbon',
        country: 'PT',
        country_name: 'Portugal',
        display_name: 'Lisbon, Portugal',
        lat: 38.71667,
        lng: -9.13333,
      },
    ]);
    // The props draw the place the answer names.
    expect(res.body.props.waypoints[1]).toMatchObject({ lat: -33.56668, lng: 18.48335, label: 'Atlantis' });

    const modes = await preview(account.liveKey, {
      mode: 'multi_route',
      duration: 5,
      multi_route: { origin: { place: 'Rotterdam' }, routes: [{ lat: 6.45, lng: 3.39 }, { place: 'Dubai' }] },
    }).expect(200);
    expect(modes.body.resolved_places).toEqual([
      expect.objectContaining({
        field: 'multi_route.origin.place',
        waypoint_index: null,
        display_name: 'Rotterdam, South Holland, Netherlands',
      }),
      expect.objectContaining({ field: 'multi_route.routes[1].place', waypoint_index: null, country_name: 'United Arab Emirates' }),
    ]);
    const none = await preview(
      account.liveKey,
      renderBody({
        waypoints: [
          { lat: 38.7, lng: -9.1 },
          { lat: 40.7, lng: -74 },
        ],
      }),
    ).expect(200);
    expect(none.body.resolved_places).toEqual([]);
  });

  it('needs no verified e-mail, where POST /v1/render does, and says so', async () => {
    const unverified = await createAccount(t, { verified: false, keys: false });
    const previewed = await preview(unverified.accessToken, renderBody()).expect(200);
    expect(previewed.body.render_allowed).toBe(false);
    expect(previewed.body.render_refusals).toEqual([expect.objectContaining({ error_code: 'EMAIL_NOT_VERIFIED', lifted_by: null })]);
    const refused = await t.http.post('/v1/render').auth(unverified.accessToken, bearer).send(renderBody()).expect(403);
    expect(refused.body.error_code).toBe('EMAIL_NOT_VERIFIED');
    expect(refused.body.message).toBe(previewed.body.render_refusals[0].message);
  });

  it('previews what the plan cannot render yet, up to the largest plan, and lists what the render would refuse', async () => {
    const free = await createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000 } });
    const fifteen = await preview(free.liveKey, renderBody({ duration: 15 })).expect(200);
    expect(fifteen.body.composition).toMatchObject({ duration_in_frames: 450 });
    expect(fifteen.body).toMatchObject({
      render_allowed: false,
      render_refusals: [
        {
          error_code: 'VALIDATION_ERROR',
          issue_code: 'DURATION_EXCEEDS_TIER_LIMIT',
          field: 'duration',
          message: 'duration 15 s exceeds the free tier maximum of 10 s',
          lifted_by: 'creator',
        },
      ],
    });

    const big = await preview(free.liveKey, renderBody({ duration: 45, resolution: '4k' })).expect(200);
    expect(big.body.composition).toMatchObject({ width: 3840, height: 2160, duration_in_frames: 1350 });
    expect(big.body.render_allowed).toBe(false);
    expect(big.body.render_refusals).toEqual([
      expect.objectContaining({ error_code: 'VALIDATION_ERROR', field: 'duration', lifted_by: 'studio' }),
      { error_code: 'FEATURE_NOT_AVAILABLE', field: 'resolution', message: '4k is not available on the free tier.', lifted_by: 'creator' },
    ]);

    // Past the largest plan's 45 s nothing previews it.
    const tooLong = await preview(free.liveKey, renderBody({ duration: 46 })).expect(400);
    expect(tooLong.body).toMatchObject({ error_code: 'VALIDATION_ERROR', max_duration_seconds: 45, tier: 'studio' });
    expect(tooLong.body.issues).toEqual([expect.objectContaining({ field: 'duration', code: 'DURATION_EXCEEDS_TIER_LIMIT' })]);

    // The render keeps every check: the same bodies are refused with the previewed answers, no job made, no quota spent.
    const longRender = await t.http
      .post('/v1/render')
      .auth(free.liveKey, bearer)
      .send(renderBody({ duration: 15 }))
      .expect(400);
    expect(longRender.body).toMatchObject({ error_code: 'VALIDATION_ERROR', max_duration_seconds: 10, tier: 'free' });
    expect(longRender.body.issues).toEqual([
      { field: 'duration', code: 'DURATION_EXCEEDS_TIER_LIMIT', message: fifteen.body.render_refusals[0].message },
    ]);
    const bigRender = await t.http
      .post('/v1/render')
      .auth(free.liveKey, bearer)
      .send(renderBody({ duration: 5, resolution: '4k' }))
      .expect(403);
    expect(bigRender.body).toMatchObject({ error_code: 'FEATURE_NOT_AVAILABLE', message: big.body.render_refusals[1].message });
    expect((await t.http.get('/v1/usage').auth(free.liveKey, bearer).expect(200)).body.renders_used).toBe(0);
    expect((await t.http.get('/v1/renders').auth(free.liveKey, bearer).expect(200)).body.data).toEqual([]);
  });

  it('allows on Studio what Free previews only', async () => {
    const studio = await createAccount(t, { tier: 'studio' });
    const res = await preview(studio.liveKey, renderBody({ duration: 45, resolution: '4k' })).expect(200);
    expect(res.body).toMatchObject({ render_allowed: true, render_refusals: [] });
  });

  it('lists the month’s quota once it is used', async () => {
    const used = await createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000, renders_per_month: 1 } });
    await t.http.post('/v1/render').auth(used.liveKey, bearer).send(renderBody()).expect(202);
    const res = await preview(used.liveKey, renderBody()).expect(200);
    expect(res.body.render_allowed).toBe(false);
    expect(res.body.render_refusals).toEqual([
      {
        error_code: 'RENDER_LIMIT_EXCEEDED',
        message: expect.stringMatching(/^All 1 renders of this billing period are used/),
        lifted_by: 'creator',
      },
    ]);
    await t.http.post('/v1/render').auth(used.liveKey, bearer).send(renderBody()).expect(429);
  });

  it('checks a webhook_url for its syntax only: a host that cannot be reached is fine in a preview, not in a render', async () => {
    const body = renderBody({ webhook_url: 'https://hooks.mapr-unreachable.invalid/render' });
    const res = await preview(account.liveKey, body).expect(200);
    expect(res.body.render_allowed).toBe(true);
    const refused = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(body).expect(400);
    expect(refused.body.issues).toEqual([expect.objectContaining({ field: 'webhook_url' })]);

    const malformed = await preview(account.liveKey, renderBody({ webhook_url: 'ftp://example.com/hook' })).expect(400);
    expect(malformed.body.issues).toEqual([expect.objectContaining({ field: 'webhook_url', code: 'scheme_not_allowed' })]);
  });

  it('still refuses what no plan lifts, with the errors of POST /v1/render', async () => {
    const bad = await preview(account.liveKey, renderBody({ camera: { preset: 'drone' } })).expect(400);
    expect(bad.body.issues).toEqual([expect.objectContaining({ field: 'camera.preset', code: 'invalid_enum_value' })]);
    const unknown = await preview(account.liveKey, { mode: 'region_focus', region_focus: { region: 'Portugall' } }).expect(400);
    expect(unknown.body.issues[0]).toMatchObject({ field: 'region_focus.region', code: 'unknown_country' });
    const style = await preview(account.liveKey, renderBody({ style: 'neon' })).expect(400);
    expect(style.body.issues).toEqual([expect.objectContaining({ field: 'style' })]);
  });

  it('answers a route that cannot be planned with 422 and the code a job would fail with', async () => {
    const res = await preview(
      account.liveKey,
      renderBody({
        transport: 'ship',
        waypoints: [
          { lat: 47.92, lng: 106.92, label: 'Ulaanbaatar' },
          { lat: 39.74, lng: -104.99, label: 'Denver' },
        ],
      }),
    ).expect(422);
    expect(res.body).toMatchObject({
      error_code: 'MARITIME_ROUTE_ERROR',
      message: expect.stringMatching(/^Leg 1 \(Ulaanbaatar → Denver\)/),
    });
  });

  it('counts toward the rate limit like any request', async () => {
    const free = await createAccount(t); // Free: 10 requests a minute
    // 21 in a row: even if a minute's window turns over among them, one window sees more than 10.
    const answers: Array<{ status: number; code?: string }> = [];
    for (let i = 0; i < 21; i++) {
      const res = await preview(free.liveKey, renderBody());
      answers.push({ status: res.status, code: res.body.error_code });
    }
    expect(answers.slice(0, 3).map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers).toContainEqual({ status: 429, code: 'RATE_LIMIT_EXCEEDED' });
  });

  it('caps sandbox previews at 720p with the watermark, as sandbox jobs are', async () => {
    const pro = await createAccount(t, { tier: 'studio' });
    const res = await preview(pro.testKey, renderBody({ resolution: '1080p' })).expect(200);
    expect(res.body.composition).toMatchObject({ width: 1280, height: 720 });
    expect(res.body.props.sandbox).toBe(true);
  });
});

describe('GET /v1/places', () => {
  let t: TestApp;
  let account: TestAccount;
  beforeAll(async () => {
    t = await startTestApp();
    account = await createAccount(t, { tier: 'free', overrides: { requests_per_minute: 1000 } });
  }, 120_000);
  afterAll(() => t.close());

  it('finds places as the user types, with what a waypoint needs', async () => {
    const res = await t.http.get('/v1/places').query({ q: 'Lisb', limit: 3 }).auth(account.liveKey, bearer).expect(200);
    expect(res.body.places[0]).toEqual({
      name: 'Lisbon',
      admin1: 'Lisbon',
      country: 'PT',
      country_name: 'Portugal',
      display_name: 'Lisbon, Portugal',
      lat: expect.any(Number),
      lng: expect.any(Number),
      population: expect.any(Number),
    });
    expect(res.body.places.length).toBeLessThanOrEqual(3);
    // A result's coordinates and name make a waypoint that renders that very place.
    const { lat, lng, name } = res.body.places[0];
    await t.http
      .post('/v1/render/preview')
      .auth(account.liveKey, bearer)
      .send(renderBody({ waypoints: [{ lat, lng, label: name }, { place: 'Madrid' }] }))
      .expect(200);
  });

  it("names each place's region and country, so that places of one name are told apart", async () => {
    const res = await t.http.get('/v1/places').query({ q: 'Lisbon', limit: 8 }).expect(200);
    const lisbons = (res.body.places as Array<Record<string, unknown>>).filter((p) => p.name === 'Lisbon');
    expect(lisbons.map((p) => p.display_name)).toEqual([
      'Lisbon, Portugal',
      'Lisbon, Maine, United States',
      'Lisbon, Connecticut, United States',
      'Lisbon, Ohio, United States',
      'Lisbon, Ohio, United States',
      'Lisbon, Iowa, United States',
      'Lisbon, North Dakota, United States',
    ]);
    expect(lisbons[3]).toEqual({
      name: 'Lisbon',
      admin1: 'Ohio',
      country: 'US',
      country_name: 'United States',
      display_name: 'Lisbon, Ohio, United States',
      lat: 39.86089,
      lng: -83.6352,
      population: 2845,
    });
    // The two Lisbons of Ohio read alike; their coordinates differ.
    expect(lisbons[4]).toMatchObject({ admin1: 'Ohio', lat: 40.772, lng: -80.76813 });
    const narrowed = await t.http.get('/v1/places').query({ q: 'Lisbon, US', limit: 3 }).expect(200);
    expect(narrowed.body.places.map((p: { admin1: string }) => p.admin1)).toEqual(['Maine', 'Connecticut', 'Ohio']);
    // What a display name says narrows the search to it.
    const asShown = await t.http.get('/v1/places').query({ q: 'Lisbon, Ohio, United States' }).expect(200);
    expect(asShown.body.places.map((p: { lat: number }) => p.lat)).toEqual([39.86089, 40.772]);
  });

  it('refuses a missing q or a limit out of range', async () => {
    const missing = await t.http.get('/v1/places').auth(account.liveKey, bearer).expect(400);
    expect(missing.body.issues).toEqual([expect.objectContaining({ field: 'q', code: 'required' })]);
    const tooMany = await t.http.get('/v1/places').query({ q: 'Lis', limit: 50 }).auth(account.liveKey, bearer).expect(400);
    expect(tooMany.body.issues).toEqual([expect.objectContaining({ field: 'limit', code: 'too_big' })]);
  });

  it('needs no credentials: anonymous searches count per IP, not against an account', async () => {
    const res = await t.http.get('/v1/places').query({ q: 'Lis' }).expect(200);
    expect(res.body.places[0].name).toBe('Lisbon');
    expect(res.headers['x-ratelimit-limit']).toBe('100000');
  });
});
