import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { newId } from '../src/common/util/ids';
import type { TierId } from '../src/modules/billing';
import { RenderTemplate } from '../src/modules/rendering/testing';
import { createRoomyAccount, renderBody, startTestApp, storedRequestOf, TestAccount, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const BUILTIN_IDS = ['tpl_darkShipping', 'tpl_verticalTravel', 'tpl_minimalFlight'];

const lisbonToNewYork = [
  { lat: 38.7223, lng: -9.1393, label: 'Lisbon' },
  { lat: 40.7128, lng: -74.006, label: 'New York' },
];
const rotterdamToSingapore = [
  { lat: 51.95, lng: 4.14, label: 'Rotterdam' },
  { lat: 1.26, lng: 103.84, label: 'Singapore' },
];

describe('Templates', () => {
  let t: TestApp;
  let rows: Repository<RenderTemplate>;
  beforeAll(async () => {
    t = await startTestApp();
    rows = t.app.get<Repository<RenderTemplate>>(getRepositoryToken(RenderTemplate));
  });
  afterAll(() => t.close());

  const account = (tier: TierId = 'studio'): Promise<TestAccount> => createRoomyAccount(t, tier);

  async function saveTemplate(owner: TestAccount, settings: Record<string, unknown>, name = 'Mine'): Promise<string> {
    const res = await t.http.post('/v1/templates').auth(owner.liveKey, bearer).send({ name, settings }).expect(201);
    return res.body.id as string;
  }

  const renderedRequest = (owner: TestAccount, body: Record<string, unknown>) => storedRequestOf(t, owner, body);

  /** Rows of an account's templates written directly, to get near the limit quickly. */
  async function insertTemplates(owner: TestAccount, slots: number[]): Promise<void> {
    const now = new Date();
    await rows.insert(
      slots.map((slot) => ({
        id: newId('tpl'),
        accountId: owner.id,
        slot,
        name: `Filler ${slot}`,
        description: null,
        settings: { style: 'dark' },
        createdAt: now,
        updatedAt: now,
      })),
    );
  }

  describe('CRUD', () => {
    it('creates, reads, lists, changes and deletes a template', async () => {
      const owner = await account();
      const settings = { style: 'maritime-dark', camera: { preset: 'cinematic', tilt: 20 }, hud: { distance: true } };
      const created = await t.http
        .post('/v1/templates')
        .auth(owner.accessToken, bearer)
        .send({ name: '  Shipping desk ', description: 'Weekly updates', settings })
        .expect(201);
      expect(created.body).toEqual({
        id: expect.stringMatching(/^tpl_[A-Za-z0-9]{24}$/),
        name: 'Shipping desk',
        description: 'Weekly updates',
        settings,
        created_at: expect.stringMatching(ISO),
        updated_at: created.body.created_at,
        builtin: false,
      });
      const id: string = created.body.id;

      expect((await t.http.get(`/v1/templates/${id}`).auth(owner.liveKey, bearer).expect(200)).body).toEqual(created.body);
      const list = await t.http.get('/v1/templates').auth(owner.liveKey, bearer).expect(200);
      expect(list.body.templates[0]).toEqual({
        id,
        name: 'Shipping desk',
        description: 'Weekly updates',
        created_at: created.body.created_at,
        updated_at: created.body.updated_at,
        builtin: false,
        style: 'maritime-dark',
      });

      // A subset: the name only; then settings, which replace the saved ones whole.
      const renamed = await t.http.put(`/v1/templates/${id}`).auth(owner.liveKey, bearer).send({ name: 'Shipping' }).expect(200);
      expect(renamed.body).toMatchObject({ name: 'Shipping', description: 'Weekly updates', settings });
      const replaced = await t.http
        .put(`/v1/templates/${id}`)
        .auth(owner.liveKey, bearer)
        .send({ settings: { style: 'minimal' }, description: null })
        .expect(200);
      expect(replaced.body).toMatchObject({ name: 'Shipping', description: null, settings: { style: 'minimal' } });
      expect(Date.parse(replaced.body.updated_at)).toBeGreaterThanOrEqual(Date.parse(created.body.updated_at));
      expect((await t.http.get(`/v1/templates/${id}`).auth(owner.liveKey, bearer).expect(200)).body).toEqual(replaced.body);

      await t.http.delete(`/v1/templates/${id}`).auth(owner.liveKey, bearer).expect(204);
      await t.http.get(`/v1/templates/${id}`).auth(owner.liveKey, bearer).expect(404);
      await t.http.delete(`/v1/templates/${id}`).auth(owner.liveKey, bearer).expect(404);
    });

    it('lists the account’s own templates newest first, then the built-in ones', async () => {
      const owner = await account();
      const first = await saveTemplate(owner, { style: 'dark' }, 'First');
      await new Promise((resolve) => setTimeout(resolve, 5));
      const second = await saveTemplate(owner, { style: 'minimal' }, 'Second');
      const list = await t.http.get('/v1/templates').auth(owner.liveKey, bearer).expect(200);
      expect(list.body.templates.map((template: { id: string }) => template.id)).toEqual([second, first, ...BUILTIN_IDS]);
      expect(list.body.templates.map((template: { builtin: boolean }) => template.builtin)).toEqual([false, false, true, true, true]);
      for (const template of list.body.templates) expect(template).not.toHaveProperty('settings');
      // Each names the style its settings use, so a list can show that style's picture without reading each one.
      expect(list.body.templates.map((template: { style: string | null }) => template.style)).toEqual([
        'minimal',
        'dark',
        'maritime-dark',
        'standard',
        'minimal',
      ]);
    });

    it('belong to the account: its access token, live key and sandbox key see the same ones', async () => {
      const owner = await account();
      const id = await saveTemplate(owner, { style: 'dark' });
      for (const credential of [owner.accessToken, owner.liveKey, owner.testKey]) {
        await t.http.get(`/v1/templates/${id}`).auth(credential, bearer).expect(200);
      }
      const fromSandbox = await t.http
        .post('/v1/templates')
        .auth(owner.testKey, bearer)
        .send({ name: 'From sandbox', settings: {} })
        .expect(201);
      await t.http.get(`/v1/templates/${fromSandbox.body.id}`).auth(owner.liveKey, bearer).expect(200);
    });

    it('another account’s template is a 404 for every operation, and unknown to its renders', async () => {
      const owner = await account();
      const stranger = await account();
      const id = await saveTemplate(owner, { style: 'dark', waypoints: lisbonToNewYork });
      for (const req of [
        t.http.get(`/v1/templates/${id}`),
        t.http.put(`/v1/templates/${id}`).send({ name: 'Mine now' }),
        t.http.delete(`/v1/templates/${id}`),
      ]) {
        expect((await req.auth(stranger.liveKey, bearer).expect(404)).body.error_code).toBe('NOT_FOUND');
      }
      expect((await t.http.get('/v1/templates').auth(stranger.liveKey, bearer)).body.templates.map((x: { id: string }) => x.id)).toEqual(
        BUILTIN_IDS,
      );
      const res = await t.http.post('/v1/render').auth(stranger.liveKey, bearer).send({ template_id: id }).expect(400);
      expect(res.body.issues[0]).toEqual({ field: 'template_id', code: 'unknown_template', message: `Template ${id} does not exist.` });
      expect((await t.http.get(`/v1/templates/${id}`).auth(owner.liveKey, bearer).expect(200)).body.name).toBe('Mine');
    });
  });

  describe('validation', () => {
    it('names problems inside settings settings.<field>, with the template’s own, in one 400', async () => {
      const owner = await account();
      const res = await t.http
        .post('/v1/templates')
        .auth(owner.liveKey, bearer)
        .send({
          name: 'x'.repeat(81),
          settings: {
            camera: { tilt: 90 },
            waypoints: [{ lat: 95, lng: 0 }, { place: 'Lisbonn' }],
            fps: 25,
            webhook_url: 'https://example.com/hook',
            template_id: 'tpl_darkShipping',
            surprise: true,
          },
        })
        .expect(400);
      expect(res.body.error_code).toBe('VALIDATION_ERROR');
      const fields = res.body.issues.map((issue: { field: string; code: string }) => `${issue.field} ${issue.code}`);
      expect(fields).toEqual(
        expect.arrayContaining([
          'name invalid_length',
          'settings.camera.tilt too_big',
          'settings.waypoints[0].lat too_big',
          'settings.fps invalid_enum_value',
          'settings.webhook_url not_allowed_in_template',
          'settings.template_id not_allowed_in_template',
          'settings.surprise unrecognized_field',
        ]),
      );
      expect((await t.http.get('/v1/templates').auth(owner.liveKey, bearer)).body.templates).toHaveLength(BUILTIN_IDS.length);
    });

    it('needs no waypoints in settings, but checks the places of those it has', async () => {
      const owner = await account();
      await saveTemplate(owner, { style: 'dark' });
      const res = await t.http
        .post('/v1/templates')
        .auth(owner.liveKey, bearer)
        .send({ name: 'Typo', settings: { waypoints: [{ place: 'Lisbonn' }, { place: 'Porto' }] } })
        .expect(400);
      expect(res.body.issues).toEqual([expect.objectContaining({ field: 'settings.waypoints[0].place', code: 'unknown_place' })]);
    });

    it('validates the settings of a PUT the same way, and keeps the saved ones when refused', async () => {
      const owner = await account();
      const id = await saveTemplate(owner, { style: 'dark' });
      const res = await t.http
        .put(`/v1/templates/${id}`)
        .auth(owner.liveKey, bearer)
        .send({ settings: { route_style: { color: 'red' } } })
        .expect(400);
      expect(res.body.issues).toEqual([expect.objectContaining({ field: 'settings.route_style.color', code: 'invalid_format' })]);
      expect((await t.http.get(`/v1/templates/${id}`).auth(owner.liveKey, bearer)).body.settings).toEqual({ style: 'dark' });
    });
  });

  describe('built-in templates', () => {
    it('are listed with their settings for every account, and usable as they are on Free', async () => {
      const owner = await account('free');
      for (const id of BUILTIN_IDS) {
        const template = await t.http.get(`/v1/templates/${id}`).auth(owner.liveKey, bearer).expect(200);
        expect(template.body).toMatchObject({ id, builtin: true, name: expect.any(String), description: expect.any(String) });
        expect(template.body.created_at).toMatch(ISO);
        expect(Object.keys(template.body.settings).length).toBeGreaterThan(0);
        const request = await renderedRequest(owner, { template_id: id, waypoints: rotterdamToSingapore });
        expect(request).toMatchObject({ template_id: id, duration: 10, resolution: '720p' });
      }
    });

    it('are read-only: 403 TEMPLATE_READ_ONLY on PUT and DELETE', async () => {
      const owner = await account();
      const put = await t.http.put('/v1/templates/tpl_darkShipping').auth(owner.liveKey, bearer).send({ name: 'Mine' }).expect(403);
      expect(put.body).toMatchObject({ error: 'Template is read-only', error_code: 'TEMPLATE_READ_ONLY' });
      const del = await t.http.delete('/v1/templates/tpl_darkShipping').auth(owner.liveKey, bearer).expect(403);
      expect(del.body.error_code).toBe('TEMPLATE_READ_ONLY');
      expect((await t.http.get('/v1/templates/tpl_darkShipping').auth(owner.liveKey, bearer).expect(200)).body.name).toBe('Dark shipping');
    });

    it('give a shipping look to a route', async () => {
      const owner = await account();
      const request = await renderedRequest(owner, { template_id: 'tpl_darkShipping', waypoints: rotterdamToSingapore, duration: 12 });
      expect(request).toMatchObject({
        style: 'maritime-dark',
        transport: 'ship',
        route: { mode: 'sea' },
        route_style: { line: 'glow' },
        camera: { preset: 'cinematic' },
        duration: 12,
        template_id: 'tpl_darkShipping',
      });
    });
  });

  describe('the limit of 100 per account', () => {
    it('refuses the 101st with 409 TEMPLATE_LIMIT_REACHED, and takes one again after a delete', async () => {
      const owner = await account();
      await insertTemplates(
        owner,
        Array.from({ length: 99 }, (_, slot) => slot),
      );
      const hundredth = await saveTemplate(owner, { style: 'minimal' }, 'Hundredth');
      const res = await t.http.post('/v1/templates').auth(owner.liveKey, bearer).send({ name: 'One more', settings: {} }).expect(409);
      expect(res.body).toMatchObject({ error_code: 'TEMPLATE_LIMIT_REACHED', limit: 100 });
      expect((await t.http.get('/v1/templates').auth(owner.liveKey, bearer)).body.templates).toHaveLength(100 + BUILTIN_IDS.length);
      await t.http.delete(`/v1/templates/${hundredth}`).auth(owner.liveKey, bearer).expect(204);
      await saveTemplate(owner, {}, 'In its place');
    });

    it('lets no race in: 12 creations at once with room for 5 give exactly 5 templates', async () => {
      const owner = await account();
      await insertTemplates(
        owner,
        Array.from({ length: 95 }, (_, slot) => slot),
      );
      const statuses = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          t.http
            .post('/v1/templates')
            .auth(owner.liveKey, bearer)
            .send({ name: `Racer ${i}`, settings: {} })
            .then((res) => res.status),
        ),
      );
      expect(statuses.filter((status) => status === 201)).toHaveLength(5);
      expect(statuses.filter((status) => status === 409)).toHaveLength(7);
      expect(await rows.countBy({ accountId: owner.id })).toBe(100);
    });
  });

  describe('using a template', () => {
    it('merges its settings under the request: the request wins, objects merge key by key, arrays are replaced whole', async () => {
      const owner = await account();
      const id = await saveTemplate(owner, {
        waypoints: rotterdamToSingapore,
        style: 'maritime-dark',
        fps: 24,
        camera: { preset: 'cinematic', tilt: 30 },
        route_style: { color: '#3ee0c8', line: 'glow' },
        route: { mode: 'sea', avoid: ['suez'] },
        title: { text: 'Weekly update', subtitle: 'Shipping desk' },
        hud: { distance: true, position: 'top-right' },
      });
      const request = await renderedRequest(owner, {
        template_id: id,
        waypoints: lisbonToNewYork,
        fps: 30,
        camera: { tilt: 10 },
        route_style: { width: 8 },
        route: { avoid: ['panama'] },
        title: { text: 'Lisbon to New York' },
        hud: { progress_bar: false },
        duration: 6,
      });
      expect(request).toEqual({
        template_id: id,
        mode: 'route_animation',
        waypoints: lisbonToNewYork.map((wp) => ({ ...wp, transport: 'plane', dwell: 0, emphasis: 'standard', camera_hold_seconds: 0 })),
        transport: 'plane',
        route: { mode: 'sea', avoid: ['panama'] },
        duration: 6,
        resolution: '720p',
        aspect_ratio: '16:9',
        fps: 30,
        style: 'maritime-dark',
        projection: 'auto',
        terrain: { enabled: false, exaggeration: 1 },
        route_style: { color: '#3ee0c8', line: 'glow', width: 8 },
        camera: { preset: 'cinematic', tilt: 10, intensity: 'balanced', mode: 'follow', ease: 'cubic-in-out' },
        hud: { distance: true, progress_bar: false, position: 'top-right' },
        title: { text: 'Lisbon to New York', subtitle: 'Shipping desk' },
        units: 'km',
        text_overlays: [],
      });
    });

    it('takes the template’s waypoints when the request has none, and hud: false from the request over the template’s HUD', async () => {
      const owner = await account();
      const id = await saveTemplate(owner, { waypoints: rotterdamToSingapore, hud: { distance: true } });
      const request = await renderedRequest(owner, { template_id: id, hud: false });
      expect(request.waypoints.map((wp: { label: string }) => wp.label)).toEqual(['Rotterdam', 'Singapore']);
      expect(request.hud).toBe(false);
    });

    it('validates the merged body as one request, with the request’s field names', async () => {
      const owner = await account();
      const id = await saveTemplate(owner, { camera: { preset: 'cinematic', tilt: 50 } });
      const noWaypoints = await t.http.post('/v1/render').auth(owner.liveKey, bearer).send({ template_id: id }).expect(400);
      expect(noWaypoints.body.issues).toEqual([expect.objectContaining({ field: 'waypoints', code: 'required' })]);
      const bad = await t.http
        .post('/v1/render')
        .auth(owner.liveKey, bearer)
        .send(renderBody({ template_id: id, camera: { preset: 'drone' } }))
        .expect(400);
      expect(bad.body.issues).toEqual([expect.objectContaining({ field: 'camera.preset', code: 'invalid_enum_value' })]);
    });

    it('refuses an unknown template_id with unknown_template, and a malformed one as today', async () => {
      const owner = await account();
      const unknown = await t.http
        .post('/v1/render')
        .auth(owner.liveKey, bearer)
        .send(renderBody({ template_id: 'tpl_doesNotExist0000000000' }))
        .expect(400);
      expect(unknown.body).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        issues: [{ field: 'template_id', code: 'unknown_template', message: 'Template tpl_doesNotExist0000000000 does not exist.' }],
      });
      const malformed = await t.http
        .post('/v1/render')
        .auth(owner.liveKey, bearer)
        .send(renderBody({ template_id: 'dark' }))
        .expect(400);
      expect(malformed.body.issues).toEqual([{ field: 'template_id', code: 'invalid_format', message: 'template_id must be a tpl_… id' }]);
      expect((await t.http.get('/v1/renders').auth(owner.liveKey, bearer)).body.data).toHaveLength(0);
    });

    it('checks the merged body against the caller’s tier: a 45 s template on Free, a 4k template on Free', async () => {
      const studio = await account('studio');
      const free = await account('free');
      const long = await saveTemplate(free, { duration: 45, waypoints: lisbonToNewYork });
      const sharp = await saveTemplate(free, { resolution: '4k', waypoints: lisbonToNewYork });

      const tooLong = await t.http.post('/v1/render').auth(free.liveKey, bearer).send({ template_id: long }).expect(400);
      expect(tooLong.body).toMatchObject({
        error_code: 'VALIDATION_ERROR',
        max_duration_seconds: 10,
        tier: 'free',
        issues: [
          { field: 'duration', code: 'DURATION_EXCEEDS_TIER_LIMIT', message: 'duration 45 s exceeds the free tier maximum of 10 s' },
        ],
      });
      const tooSharp = await t.http.post('/v1/render').auth(free.liveKey, bearer).send({ template_id: sharp }).expect(403);
      expect(tooSharp.body).toMatchObject({ error_code: 'FEATURE_NOT_AVAILABLE', tier: 'free' });
      // The request's own duration wins over the template's.
      await t.http.post('/v1/render').auth(free.liveKey, bearer).send({ template_id: long, duration: 8 }).expect(202);

      const studioTemplate = await saveTemplate(studio, { duration: 45, resolution: '4k', waypoints: lisbonToNewYork });
      expect(await renderedRequest(studio, { template_id: studioTemplate })).toMatchObject({ duration: 45, resolution: '4k' });
    });

    it('records the merged parameters on the job: later edits and deletion of the template change nothing accepted', async () => {
      const owner = await account();
      const id = await saveTemplate(owner, { style: 'dark', camera: { preset: 'follow' } });
      const job = await t.http
        .post('/v1/render')
        .auth(owner.liveKey, bearer)
        .send(renderBody({ template_id: id }))
        .expect(202);
      const before = (await t.http.get(`/v1/render/${job.body.job_id}`).auth(owner.liveKey, bearer)).body.request;
      expect(before).toMatchObject({ template_id: id, style: 'dark', camera: { preset: 'follow' } });

      await t.http
        .put(`/v1/templates/${id}`)
        .auth(owner.liveKey, bearer)
        .send({ settings: { style: 'minimal', camera: { preset: 'overview' } } })
        .expect(200);
      expect((await t.http.get(`/v1/render/${job.body.job_id}`).auth(owner.liveKey, bearer)).body.request).toEqual(before);
      expect(await renderedRequest(owner, renderBody({ template_id: id }))).toMatchObject({
        style: 'minimal',
        camera: { preset: 'overview' },
      });

      await t.http.delete(`/v1/templates/${id}`).auth(owner.liveKey, bearer).expect(204);
      expect((await t.http.get(`/v1/render/${job.body.job_id}`).auth(owner.liveKey, bearer)).body.request).toEqual(before);
    });

    it('works with Idempotency-Key: the same key and body replay the first job', async () => {
      const owner = await account();
      const id = await saveTemplate(owner, { style: 'dark' });
      const send = () =>
        t.http
          .post('/v1/render')
          .auth(owner.liveKey, bearer)
          .set('Idempotency-Key', 'with-template-1')
          .send(renderBody({ template_id: id }));
      const first = await send().expect(202);
      const again = await send().expect(202);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body.job_id).toBe(first.body.job_id);
      const other = await t.http
        .post('/v1/render')
        .auth(owner.liveKey, bearer)
        .set('Idempotency-Key', 'with-template-1')
        .send(renderBody({ template_id: 'tpl_minimalFlight' }))
        .expect(409);
      expect(other.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('on batch jobs: each job merges its own template, and an unknown one is named jobs[i].template_id', async () => {
      const owner = await account();
      const id = await saveTemplate(owner, { style: 'dark', waypoints: rotterdamToSingapore });
      const res = await t.http
        .post('/v1/render/batch')
        .auth(owner.liveKey, bearer)
        .send({ jobs: [{ template_id: id }, renderBody({ template_id: 'tpl_minimalFlight' }), renderBody()] })
        .expect(202);
      const requests = await Promise.all(
        res.body.jobs.map(
          async (job: { job_id: string }) => (await t.http.get(`/v1/render/${job.job_id}`).auth(owner.liveKey, bearer)).body.request,
        ),
      );
      expect(requests[0]).toMatchObject({ template_id: id, style: 'dark', waypoints: [{ label: 'Rotterdam' }, { label: 'Singapore' }] });
      expect(requests[1]).toMatchObject({ template_id: 'tpl_minimalFlight', style: 'minimal', camera: { preset: 'overview' } });
      expect(requests[2]).toMatchObject({ style: 'standard' });
      expect(requests[2]).not.toHaveProperty('template_id');

      const refused = await t.http
        .post('/v1/render/batch')
        .auth(owner.liveKey, bearer)
        .send({
          jobs: [{ template_id: id }, renderBody({ template_id: 'tpl_nope', camera: { tilt: 99 } }), { template_id: id, duration: 60 }],
        })
        .expect(400);
      expect(refused.body.issues.map((issue: { field: string; code: string }) => `${issue.field} ${issue.code}`)).toEqual([
        'jobs[1].template_id unknown_template',
        'jobs[1].camera.tilt too_big',
      ]);
      const tooLong = await t.http
        .post('/v1/render/batch')
        .auth(owner.liveKey, bearer)
        .send({ jobs: [{ template_id: id }, { template_id: id, duration: 60 }] })
        .expect(400);
      expect(tooLong.body).toMatchObject({ max_duration_seconds: 45, tier: 'studio', issues: [{ field: 'jobs[1].duration' }] });
    });
  });
});
