import { SweepSchedule } from '../src/infrastructure/sweeps/sweep-schedule';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { AppConfig } from '../src/config';
import {
  IdempotencyRecord,
  RenderJob,
  entryId,
  RENDER_QUEUE,
  RenderQueue,
  RenderQueueData,
  RenderQueueSweeper,
  RenderChunks,
} from '../src/modules/rendering/testing';
import { getQueueToken } from '@nestjs/bull';
import type { Queue } from 'bull';
import { createAccount, renderBody, startTestApp, TestApp } from './support/test-app';

const bearer = { type: 'bearer' } as const;

describe('Render intake and jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('accepts a render with 202, stores it queued and puts it on the render queue', async () => {
    const account = await createAccount(t);
    const res = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
    expect(res.body).toEqual({
      job_id: expect.stringMatching(/^job_[A-Za-z0-9]{24}$/),
      status: 'queued',
      estimated_duration_seconds: expect.any(Number),
      status_url: `${t.baseUrl}/v1/render/${res.body.job_id}`,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      sandbox: false,
    });
    // Where to follow it and when to look first, as clients of asynchronous HTTP operations expect.
    expect(res.headers.location).toBe(res.body.status_url);
    expect(Number(res.headers['retry-after'])).toBe(Math.min(15, Math.max(2, Math.round(res.body.estimated_duration_seconds / 4))));
    const queued = await t.app.get(RenderQueue).find(res.body.job_id);
    expect(queued).toEqual({ jobId: res.body.job_id, accountId: account.id });

    const record = await t.http.get(`/v1/render/${res.body.job_id}`).auth(account.accessToken, bearer).expect(200);
    expect(record.body).toMatchObject({
      job_id: res.body.job_id,
      status: 'queued',
      progress: 0,
      started_at: null,
      cancelled_at: null,
      batch_id: null,
      sandbox: false,
      status_url: res.body.status_url,
      request: {
        waypoints: [
          { lat: 38.7223, lng: -9.1393, label: 'Lisbon', transport: 'plane', dwell: 0, emphasis: 'standard' },
          { lat: 40.7128, lng: -74.006, label: 'New York', transport: 'plane', dwell: 0, emphasis: 'standard' },
        ],
        transport: 'plane',
        duration: 5,
        resolution: '720p',
        aspect_ratio: '16:9',
        fps: 30,
        style: 'standard',
        hud: false,
        units: 'km',
      },
    });
    expect(record.body).not.toHaveProperty('video_url');
    const alias = await t.http.get(`/v1/status/${res.body.job_id}`).auth(account.liveKey, bearer).expect(200);
    expect(alias.body.job_id).toBe(res.body.job_id);
    await t.http.get(`/v1/render/${res.body.job_id}/route`).auth(account.liveKey, bearer).expect(409);
  });

  it('lists every invalid field in one 400', async () => {
    const account = await createAccount(t);
    const res = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send({
        waypoints: [{ lat: 10, lng: 20 }, { lat: 95, lng: 'east' }, { label: 'x'.repeat(61) }],
        transport: 'rocket',
        duration: 2,
        resolution: '8k',
        aspect_ratio: '2:1',
        fps: 25,
        style: 'neon',
        route: { mode: 'air', avoid: ['suez', 'atlantis'] },
        route_style: { color: 'red', width: 40, opacity: 2, line: 'wavy' },
        camera: { preset: 'drone', start_zoom: 0, tilt: 90 },
        hud: true,
        title: { text: '' },
        units: 'miles',
        surprise: true,
      })
      .expect(400);
    const fields = res.body.issues.map((i: { field: string }) => i.field);
    for (const field of [
      'waypoints[1].lat',
      'waypoints[1].lng',
      'waypoints[2].lat',
      'waypoints[2].lng',
      'waypoints[2].label',
      'transport',
      'duration',
      'resolution',
      'aspect_ratio',
      'fps',
      'style',
      'route.mode',
      'route.avoid',
      'route_style.color',
      'route_style.width',
      'route_style.opacity',
      'route_style.line',
      'camera.preset',
      'camera.start_zoom',
      'camera.tilt',
      'hud',
      'title.text',
      'units',
      'surprise',
    ]) {
      expect(fields).toContain(field);
    }
    expect(res.body.issues.find((i: { field: string }) => i.field === 'waypoints[1].lat')).toMatchObject({ code: 'too_big' });
    expect((await t.http.get('/v1/renders').auth(account.liveKey, bearer)).body.data).toHaveLength(0);
  });

  it('requires 2 to 25 waypoints', async () => {
    const account = await createAccount(t);
    const one = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send({ waypoints: [{ lat: 1, lng: 1 }] })
      .expect(400);
    expect(one.body.issues[0]).toMatchObject({ field: 'waypoints', code: 'too_few_items' });
    const many = Array.from({ length: 26 }, (_, i) => ({ lat: i, lng: i }));
    const res = await t.http.post('/v1/render').auth(account.liveKey, bearer).send({ waypoints: many }).expect(400);
    expect(res.body.issues[0]).toMatchObject({ field: 'waypoints', code: 'too_many_items' });
  });

  it('resolves place names offline and suggests matches for unknown ones', async () => {
    const account = await createAccount(t, { tier: 'creator' });
    const ok = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send({ waypoints: [{ place: 'Lisbon' }, { place: 'Rotterdam', label: 'Port' }] })
      .expect(202);
    const record = await t.http.get(`/v1/render/${ok.body.job_id}`).auth(account.liveKey, bearer).expect(200);
    const [lisbon, rotterdam] = record.body.request.waypoints;
    expect(lisbon.lat).toBeCloseTo(38.72, 0);
    expect(lisbon.lng).toBeCloseTo(-9.14, 0);
    expect(lisbon.label).toBe('Lisbon');
    expect(rotterdam.label).toBe('Port');
    const bad = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send({ waypoints: [{ place: 'Lisbonn' }, { lat: 1, lng: 2 }] })
      .expect(400);
    expect(bad.body.issues[0]).toMatchObject({ field: 'waypoints[0].place', code: 'unknown_place' });
    expect(bad.body.issues[0].message).toContain('Lisbon');
    // One "Name (CC)" per suggestion, so the list does not read as twice as many items.
    expect(bad.body.issues[0].message).toMatch(/^Unknown place "Lisbonn"\. Did you mean: Lisbon \(PT\)(, [^,()]+ \([A-Z]{2}\))*\?$/);
  });

  it('accepts hud false or an object, and fills HUD defaults', async () => {
    const account = await createAccount(t, { tier: 'creator' });
    await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send(renderBody({ hud: false }))
      .expect(202);
    const job = await t.http
      .post('/v1/render')
      .auth(account.liveKey, bearer)
      .send(renderBody({ hud: { distance: true } }))
      .expect(202);
    const record = await t.http.get(`/v1/render/${job.body.job_id}`).auth(account.liveKey, bearer);
    expect(record.body.request.hud).toEqual({ distance: true, progress_bar: true, position: 'bottom-left' });
  });

  describe('request bodies', () => {
    it('400 INVALID_JSON for malformed JSON', async () => {
      const account = await createAccount(t);
      const res = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Content-Type', 'application/json')
        .send('{"waypoints": [')
        .expect(400);
      expect(res.body).toMatchObject({ error_code: 'INVALID_JSON', request_id: expect.any(String) });
    });

    it('415 for a body that is not JSON', async () => {
      const account = await createAccount(t);
      const res = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Content-Type', 'text/plain')
        .send('waypoints')
        .expect(415);
      expect(res.body.error_code).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('413 for a body over 1 MiB', async () => {
      const account = await createAccount(t);
      const res = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ waypoints: [], pad: 'x'.repeat(1024 * 1024) }))
        .expect(413);
      expect(res.body.error_code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('unknown endpoints answer 404 in the error shape', async () => {
      const account = await createAccount(t);
      const res = await t.http.get('/v1/nothing-here').auth(account.liveKey, bearer).expect(404);
      expect(res.body).toMatchObject({ error_code: 'NOT_FOUND', request_id: res.headers['x-request-id'] });
    });
  });

  describe('ownership and sandbox separation', () => {
    it('another account’s job is a 404 for every operation', async () => {
      const owner = await createAccount(t);
      const stranger = await createAccount(t);
      const job = await t.http.post('/v1/render').auth(owner.liveKey, bearer).send(renderBody()).expect(202);
      for (const req of [
        t.http.get(`/v1/render/${job.body.job_id}`),
        t.http.get(`/v1/status/${job.body.job_id}`),
        t.http.get(`/v1/render/${job.body.job_id}/route`),
        t.http.delete(`/v1/render/${job.body.job_id}`),
      ]) {
        expect((await req.auth(stranger.liveKey, bearer).expect(404)).body.error_code).toBe('NOT_FOUND');
      }
      expect((await t.http.get('/v1/renders').auth(stranger.liveKey, bearer)).body.data).toHaveLength(0);
    });

    it('sandbox keys never see live jobs and live credentials never see sandbox jobs', async () => {
      const account = await createAccount(t, { tier: 'creator' });
      const live = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
      const sandbox = await t.http.post('/v1/render').auth(account.testKey, bearer).send(renderBody()).expect(202);
      await t.http.get(`/v1/render/${live.body.job_id}`).auth(account.testKey, bearer).expect(404);
      await t.http.get(`/v1/render/${sandbox.body.job_id}`).auth(account.liveKey, bearer).expect(404);
      await t.http.get(`/v1/render/${sandbox.body.job_id}`).auth(account.accessToken, bearer).expect(404);
      const liveList = await t.http.get('/v1/renders').auth(account.liveKey, bearer);
      const sandboxList = await t.http.get('/v1/renders').auth(account.testKey, bearer);
      expect(liveList.body.data.map((j: { job_id: string }) => j.job_id)).toEqual([live.body.job_id]);
      expect(sandboxList.body.data.map((j: { job_id: string }) => j.job_id)).toEqual([sandbox.body.job_id]);
      expect(sandboxList.body.data[0].sandbox).toBe(true);
    });
  });

  it('pages through jobs newest first with a cursor, and filters by status', async () => {
    const account = await createAccount(t, { tier: 'enterprise', overrides: { concurrent_jobs: 20 } });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202)).body.job_id);
    await t.http.delete(`/v1/render/${ids[1]}`).auth(account.liveKey, bearer).expect(200);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: { job_id: string }[]; next_cursor: string | null } } = await t.http
        .get('/v1/renders')
        .query({ limit: 2, ...(cursor ? { cursor } : {}) })
        .auth(account.liveKey, bearer)
        .expect(200);
      expect(page.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.data.map((j) => j.job_id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual([...ids].reverse());
    const cancelled = await t.http.get('/v1/renders').query({ status: 'cancelled' }).auth(account.liveKey, bearer).expect(200);
    expect(cancelled.body.data.map((j: { job_id: string }) => j.job_id)).toEqual([ids[1]]);
    const bad = await t.http.get('/v1/renders').query({ limit: 101, status: 'done' }).auth(account.liveKey, bearer).expect(400);
    expect(bad.body.issues.map((i: { field: string }) => i.field).sort()).toEqual(['limit', 'status']);
    await t.http.get('/v1/renders').query({ cursor: 'garbage' }).auth(account.liveKey, bearer).expect(400);
  });

  it('a stored job whose queue entry was lost is queued again by the worker’s sweep, once it is old enough (15 s)', async () => {
    const account = await createAccount(t);
    const res = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
    const jobId: string = res.body.job_id;
    const queue = t.app.get(RenderQueue);
    const jobs = t.app.get<Repository<RenderJob>>(getRepositoryToken(RenderJob));
    // The API stored the job but its queue add never happened (a crash between the two).
    expect(await queue.isQueued(jobId)).toBe(true);
    await queue.remove(jobId);
    const sweeper = new RenderQueueSweeper(t.config as AppConfig, jobs, queue, t.app.get(RenderChunks), t.app.get(SweepSchedule));

    expect(await sweeper.sweep()).not.toContain(jobId); // too recent: its add may still be on the way
    await jobs.update({ id: jobId }, { createdAt: new Date(Date.now() - 2 * 60_000) });
    expect(await sweeper.sweep()).toContain(jobId);
    expect(await queue.find(jobId)).toEqual({ jobId, accountId: account.id });
    expect(await sweeper.sweep()).not.toContain(jobId); // back on the queue: left alone

    // A cancelled job is not put back.
    await queue.remove(jobId);
    await t.http.delete(`/v1/render/${jobId}`).auth(account.liveKey, bearer).expect(200);
    expect(await sweeper.sweep()).not.toContain(jobId);
  });

  it('a processing job with no queue entry left (Redis lost them) is queued again by the sweep, once it started over 15 s ago', async () => {
    const account = await createAccount(t);
    const res = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
    const jobId: string = res.body.job_id;
    const queue = t.app.get(RenderQueue);
    const jobs = t.app.get<Repository<RenderJob>>(getRepositoryToken(RenderJob));
    const sweeper = new RenderQueueSweeper(t.config as AppConfig, jobs, queue, t.app.get(RenderChunks), t.app.get(SweepSchedule));
    // A worker claimed it, then its entry vanished.
    await jobs.update({ id: jobId }, { status: 'processing', startedAt: new Date() });
    await queue.remove(jobId);

    expect(await sweeper.sweep()).not.toContain(jobId); // started just now: its worker may still be at it
    await jobs.update({ id: jobId }, { startedAt: new Date(Date.now() - 2 * 60_000) });
    expect(await sweeper.sweep()).toContain(jobId);
    expect(await queue.find(jobId)).toEqual({ jobId, accountId: account.id });
    expect(await sweeper.sweep()).not.toContain(jobId); // it has an entry again

    // Its join (or a chunk) still waiting on the queue counts as an entry.
    await queue.remove(jobId);
    await queue.addJoin({ jobId, accountId: account.id });
    expect(await sweeper.sweep()).not.toContain(jobId);
    await t.http.delete(`/v1/render/${jobId}`).auth(account.liveKey, bearer).expect(200);
  });

  it('hands out the parts of started jobs first, then live jobs, then sandbox jobs, each in the order they came', async () => {
    const queue = t.app.get(RenderQueue);
    const bull = t.app.get<Queue<RenderQueueData>>(getQueueToken(RENDER_QUEUE));
    const account = await createAccount(t, { tier: 'studio' });
    const sandbox = await t.http.post('/v1/render').auth(account.testKey, bearer).send(renderBody()).expect(202);
    const live = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
    const laterSandbox = await t.http.post('/v1/render').auth(account.testKey, bearer).send(renderBody()).expect(202);
    const laterLive = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
    const started = `job_${'S'.repeat(24)}`;
    await queue.addChunks({ jobId: started, accountId: account.id }, 2);
    await queue.addJoin({ jobId: started, accountId: account.id });
    const ours = new Set([sandbox, live, laterSandbox, laterLive].map((res) => res.body.job_id as string));
    // Workers take from the right-hand end of Bull's wait list.
    const nextFirst = (await bull.client.lrange(bull.toKey('wait'), 0, -1))
      .reverse()
      .filter((id) => ours.has(id) || id.startsWith(started));
    expect(nextFirst).toEqual([
      `${started}-chunk-0`,
      `${started}-chunk-1`,
      `${started}-join`,
      live.body.job_id,
      laterLive.body.job_id,
      sandbox.body.job_id,
      laterSandbox.body.job_id,
    ]);
    for (const id of [`${started}-chunk-0`, `${started}-chunk-1`, `${started}-join`]) await (await bull.getJob(id))?.remove();
    for (const [res, key] of [
      [sandbox, account.testKey],
      [live, account.liveKey],
      [laterSandbox, account.testKey],
      [laterLive, account.liveKey],
    ] as const) {
      await t.http.delete(`/v1/render/${res.body.job_id}`).auth(key, bearer).expect(200);
    }
  });

  it('a job whose entry failed (its worker could not reach the database) is queued again at once, and so is a failed chunk when the job splits again', async () => {
    const account = await createAccount(t);
    const res = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
    const jobId: string = res.body.job_id;
    const queue = t.app.get(RenderQueue);
    const bull = t.app.get<Queue<RenderQueueData>>(getQueueToken(RENDER_QUEUE));
    const jobs = t.app.get<Repository<RenderJob>>(getRepositoryToken(RenderJob));
    const sweeper = new RenderQueueSweeper(t.config as AppConfig, jobs, queue, t.app.get(RenderChunks), t.app.get(SweepSchedule));
    // An entry as Bull leaves it after its handler rejected: out of the waiting list, in the failed set (kept).
    const fail = async (id: string) => {
      await bull.client.lrem(bull.toKey('wait'), 0, id);
      await bull.client.zadd(bull.toKey('failed'), Date.now(), id);
    };

    await fail(jobId);
    expect(await queue.entriesOf(jobId)).toBe('failed');
    expect(await sweeper.sweep()).toContain(jobId); // no waiting 15 s: a failed entry is certainly lost
    expect(await queue.entriesOf(jobId)).toBe('live');

    const chunk = entryId({ jobId, accountId: account.id, chunk: 1 });
    await queue.remove(jobId);
    await queue.addChunks({ jobId, accountId: account.id }, 2);
    await queue.remove(entryId({ jobId, accountId: account.id, chunk: 0 }));
    await fail(chunk);
    expect(await queue.entriesOf(jobId, 2)).toBe('failed');
    await queue.addChunks({ jobId, accountId: account.id }, 2);
    expect(await (await bull.getJob(chunk))!.isFailed()).toBe(false);
    await t.http.delete(`/v1/render/${jobId}`).auth(account.liveKey, bearer).expect(200);
  });

  it('cancels a queued job once; a finished job is not cancellable', async () => {
    const account = await createAccount(t);
    const job = await t.http.post('/v1/render').auth(account.liveKey, bearer).send(renderBody()).expect(202);
    const res = await t.http.delete(`/v1/render/${job.body.job_id}`).auth(account.liveKey, bearer).expect(200);
    expect(res.body).toMatchObject({ job_id: job.body.job_id, status: 'cancelled', cancelled_at: expect.any(String) });
    expect(await t.app.get(RenderQueue).find(job.body.job_id)).toBeNull();
    const again = await t.http.delete(`/v1/render/${job.body.job_id}`).auth(account.liveKey, bearer).expect(409);
    expect(again.body.error_code).toBe('JOB_NOT_CANCELLABLE');
  });

  describe('Idempotency-Key', () => {
    it('replays the first response for the same key and body', async () => {
      const account = await createAccount(t, { tier: 'creator' });
      const first = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Idempotency-Key', 'order-1')
        .send(renderBody())
        .expect(202);
      const second = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Idempotency-Key', 'order-1')
        .send(renderBody())
        .expect(202);
      expect(second.body).toEqual(first.body);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.headers.location).toBe(first.body.status_url);
      expect(second.headers['retry-after']).toBe(first.headers['retry-after']);
      expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(1);
    });

    it('keeps a key apart per mode: the same key with a test key, then with the live key, makes two jobs', async () => {
      const account = await createAccount(t, { tier: 'creator' });
      const send = (key: string) => t.http.post('/v1/render').auth(key, bearer).set('Idempotency-Key', 'shared-1').send(renderBody());
      const sandbox = await send(account.testKey).expect(202);
      const live = await send(account.liveKey).expect(202);
      expect(live.headers['idempotent-replayed']).toBeUndefined();
      expect(live.body.job_id).not.toBe(sandbox.body.job_id);
      // Each mode reads its own job, and each replay stays in its mode.
      await t.http.get(`/v1/render/${live.body.job_id}`).auth(account.liveKey, bearer).expect(200);
      const liveAgain = await send(account.liveKey).expect(202);
      expect(liveAgain.body.job_id).toBe(live.body.job_id);
      const sandboxAgain = await send(account.testKey).expect(202);
      expect(sandboxAgain.body.job_id).toBe(sandbox.body.job_id);
      expect(sandboxAgain.headers['idempotent-replayed']).toBe('true');
      expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(1);
    });

    it('409 IDEMPOTENCY_KEY_REUSED for the same key with another body', async () => {
      const account = await createAccount(t, { tier: 'creator' });
      await t.http.post('/v1/render').auth(account.liveKey, bearer).set('Idempotency-Key', 'k').send(renderBody()).expect(202);
      const res = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Idempotency-Key', 'k')
        .send(renderBody({ duration: 6 }))
        .expect(409);
      expect(res.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('forgets a request refused with a 4xx, so the corrected retry goes through', async () => {
      const account = await createAccount(t, { tier: 'creator' });
      await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Idempotency-Key', 'retry')
        .send(renderBody({ duration: 99 }))
        .expect(400);
      await t.http.post('/v1/render').auth(account.liveKey, bearer).set('Idempotency-Key', 'retry').send(renderBody()).expect(202);
    });

    it('keys are per account', async () => {
      const a = await createAccount(t);
      const b = await createAccount(t);
      const ja = await t.http.post('/v1/render').auth(a.liveKey, bearer).set('Idempotency-Key', 'same').send(renderBody()).expect(202);
      const jb = await t.http.post('/v1/render').auth(b.liveKey, bearer).set('Idempotency-Key', 'same').send(renderBody()).expect(202);
      expect(jb.body.job_id).not.toBe(ja.body.job_id);
    });

    it('concurrent duplicates create one job: the others get IDEMPOTENCY_KEY_IN_USE or the replay', async () => {
      const account = await createAccount(t, { tier: 'creator', overrides: { requests_per_minute: 1000 } });
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          t.http.post('/v1/render').auth(account.liveKey, bearer).set('Idempotency-Key', 'burst').send(renderBody()),
        ),
      );
      const accepted = responses.filter((r) => r.status === 202);
      expect(new Set(accepted.map((r) => r.body.job_id)).size).toBe(1);
      expect(
        responses.filter((r) => r.status !== 202).every((r) => r.status === 409 && r.body.error_code === 'IDEMPOTENCY_KEY_IN_USE'),
      ).toBe(true);
      expect((await t.http.get('/v1/renders').auth(account.liveKey, bearer)).body.data).toHaveLength(1);
    });

    it('a retry after the API died between storing the job and answering gets that job, not a second one', async () => {
      const account = await createAccount(t, { tier: 'creator' });
      const first = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Idempotency-Key', 'crashed')
        .send(renderBody())
        .expect(202);
      // What the crash leaves: the job stored, its key's record unfinished, and by now stale (a minute old).
      await t.app.get<Repository<IdempotencyRecord>>(getRepositoryToken(IdempotencyRecord)).update(
        { accountId: account.id, key: 'crashed' },
        {
          state: 'in_progress',
          responseStatus: null,
          responseBody: null as unknown as object,
          createdAt: new Date(Date.now() - 120_000),
        },
      );
      const retry = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Idempotency-Key', 'crashed')
        .send(renderBody())
        .expect(202);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.body).toEqual(first.body);
      expect((await t.http.get('/v1/renders').auth(account.liveKey, bearer)).body.data).toHaveLength(1);
      expect((await t.http.get('/v1/usage').auth(account.liveKey, bearer)).body.renders_used).toBe(1);
    });

    it('a key whose record expired (24 h) creates a new job, with another body too', async () => {
      const account = await createAccount(t, { tier: 'creator' });
      const first = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Idempotency-Key', 'daily')
        .send(renderBody())
        .expect(202);
      await t.app
        .get<Repository<IdempotencyRecord>>(getRepositoryToken(IdempotencyRecord))
        .update({ accountId: account.id, key: 'daily' }, { createdAt: new Date(Date.now() - 25 * 3600_000) });
      const next = await t.http
        .post('/v1/render')
        .auth(account.liveKey, bearer)
        .set('Idempotency-Key', 'daily')
        .send(renderBody({ duration: 6 }))
        .expect(202);
      expect(next.body.job_id).not.toBe(first.body.job_id);
      expect(next.headers['idempotent-replayed']).toBeUndefined();
    });
  });

  it('GET /v1/styles lists the map styles', async () => {
    const account = await createAccount(t);
    const res = await t.http.get('/v1/styles').auth(account.liveKey, bearer).expect(200);
    expect(res.body.styles.map((s: { id: string }) => s.id)).toEqual([
      'standard',
      'dark',
      'maritime-dark',
      'minimal',
      'satellite',
      'night',
      'atlas',
      'blueprint',
    ]);
    // A build without style previews (this test app's) lists none.
    expect(res.body.styles[0]).toEqual({
      id: 'standard',
      name: expect.any(String),
      description: expect.any(String),
      dark: false,
      preview_url: null,
    });
  });

  // Last in the file: passport's strategy registry is process-wide, so the shared app is done by now.
  it('refuses private webhook targets at submission unless allowed', async () => {
    const strict = await startTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' });
    try {
      const account = await createAccount(strict);
      for (const url of [
        'http://127.0.0.1:8080/hook',
        'http://[::1]/x',
        'http://169.254.169.254/latest',
        'http://10.0.0.8/',
        'ftp://example.com/x',
        'http://2130706433/',
      ]) {
        const res = await strict.http
          .post('/v1/render')
          .auth(account.liveKey, bearer)
          .send(renderBody({ webhook_url: url }))
          .expect(400);
        expect(res.body.issues[0].field).toBe('webhook_url');
      }
    } finally {
      await strict.close();
    }
  });
});
