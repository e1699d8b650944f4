import { SweepSchedule } from '../src/infrastructure/sweeps/sweep-schedule';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRepositoryToken } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { randomBase62 } from '../src/common/util/ids';
import { STORAGE, StoragePort } from '../src/infrastructure/storage';
import { ExpirySweeperService, RenderJob, StylePreviewsService } from '../src/modules/rendering/testing';
import { createAccount, startTestApp, TestApp } from './support/test-app';

/** supertest parser that keeps the raw bytes of any response. */
function binary(res: unknown, done: (err: Error | null, body: Buffer) => void): void {
  const stream = res as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
}

const FIXTURES = join(__dirname, 'fixtures', 'style-previews');
const bearer = { type: 'bearer' } as const;
const hash16 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);

describe('Style previews (GET /v1/styles preview_url, {cdn_url}/styles/…)', () => {
  let t: TestApp;
  let previews: string;
  let liveKey: string;

  beforeAll(async () => {
    // A build with previews of two of the four styles.
    previews = mkdtempSync(join(tmpdir(), 'mapr-previews-'));
    copyFileSync(join(FIXTURES, 'standard.jpg'), join(previews, 'standard.jpg'));
    copyFileSync(join(FIXTURES, 'dark.jpg'), join(previews, 'dark.jpg'));
    t = await startTestApp({ STYLE_PREVIEWS_DIR: previews });
    liveKey = (await createAccount(t)).liveKey;
  });
  afterAll(async () => {
    await t.close();
    rmSync(previews, { recursive: true, force: true });
  });

  const styles = async () =>
    (await t.http.get('/v1/styles').auth(liveKey, bearer).expect(200)).body.styles as Array<{ id: string; preview_url: string | null }>;
  const path = (url: string) => url.slice(t.baseUrl.length);

  it('lists a CDN URL named after each published preview’s content, and null for styles the build has none of', async () => {
    const byId = Object.fromEntries((await styles()).map((s) => [s.id, s.preview_url]));
    expect(byId).toEqual({
      standard: `${t.config.http.cdnUrl}/styles/standard-${hash16(join(previews, 'standard.jpg'))}.jpg`,
      dark: `${t.config.http.cdnUrl}/styles/dark-${hash16(join(previews, 'dark.jpg'))}.jpg`,
      'maritime-dark': null,
      minimal: null,
      satellite: null,
      night: null,
      atlas: null,
      blueprint: null,
    });
  });

  it('serves the preview as a JPEG to anyone, cached for a year', async () => {
    const [standard] = await styles();
    const res = await t.http.get(path(standard.preview_url!)).buffer(true).parse(binary).expect(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((res.body as Buffer).subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect((res.body as Buffer).equals(readFileSync(join(FIXTURES, 'standard.jpg')))).toBe(true);
    await t.http.head(path(standard.preview_url!)).expect(200);
  });

  it('uploads a preview once: a restart finds it stored, a changed one gets a new URL and the old one keeps working', async () => {
    const service = t.app.get(StylePreviewsService);
    const [before] = await styles();
    expect(await service.publish()).toBe(0);

    // The next build's standard preview differs (here: the dark picture under its name).
    copyFileSync(join(FIXTURES, 'dark.jpg'), join(previews, 'standard.jpg'));
    expect(await service.publish()).toBe(1);
    const [after] = await styles();
    expect(after.preview_url).not.toBe(before.preview_url);
    expect(after.preview_url).toMatch(/\/styles\/standard-[0-9a-f]{16}\.jpg$/);
    await t.http.get(path(after.preview_url!)).expect(200);
    await t.http.get(path(before.preview_url!)).expect(200);
    copyFileSync(join(FIXTURES, 'standard.jpg'), join(previews, 'standard.jpg'));
    await service.publish();
  });

  it('keeps previews through the expiry sweep of old jobs', async () => {
    const jobs: Repository<RenderJob> = t.app.get(getRepositoryToken(RenderJob));
    const storage: StoragePort = t.app.get(STORAGE);
    const id = `job_${randomBase62(24)}`;
    const longAgo = new Date(Date.now() - 30 * 24 * 3600_000);
    await jobs.save(
      jobs.create({
        id,
        accountId: (await createAccount(t, { keys: false })).id,
        status: 'complete',
        sandbox: false,
        usesQuota: true,
        billingPeriod: longAgo.toISOString().slice(0, 7),
        request: { waypoints: [] } as unknown as RenderJob['request'],
        estimatedDurationSeconds: 10,
        progress: 1,
        videoKey: `renders/${id}.mp4`,
        thumbnailKey: `renders/${id}_thumb.jpg`,
        createdAt: longAgo,
        completedAt: longAgo,
        expiresAt: new Date(longAgo.getTime() + 7 * 24 * 3600_000),
      }),
    );
    expect(await new ExpirySweeperService(jobs, storage, t.app.get(SweepSchedule)).sweepOnce(new Date())).toBeGreaterThanOrEqual(1);
    const storageDir = (t.config.storage as { dir: string }).dir;
    for (const style of await styles()) {
      if (!style.preview_url) continue;
      expect(existsSync(join(storageDir, path(style.preview_url).replace(/^\/cdn\//, '')))).toBe(true);
      await t.http.get(path(style.preview_url)).expect(200);
    }
  });

  it('answers 404 for names that are no style preview', async () => {
    mkdirSync(join((t.config.storage as { dir: string }).dir, 'styles'), { recursive: true });
    for (const name of [
      'nope-0123456789abcdef.jpg',
      'standard-0123456789abcdef.jpg',
      'standard.jpg',
      'standard-0123456789ABCDEF.jpg',
      '..%2Fjwt-secret',
    ]) {
      const res = await t.http.get(`/cdn/styles/${name}`).expect(404);
      expect(res.body.error_code).toBe('NOT_FOUND');
    }
  });

  // Last in the file: passport's strategy registry is process-wide, so the shared app is done by now.
  it('lists no preview when the previews folder is missing (a build without them)', async () => {
    const bare = await startTestApp({ STYLE_PREVIEWS_DIR: join(previews, 'missing') });
    try {
      const key = (await createAccount(bare)).liveKey;
      const res = await bare.http.get('/v1/styles').auth(key, bearer).expect(200);
      expect(res.body.styles.every((s: { preview_url: unknown }) => s.preview_url === null)).toBe(true);
    } finally {
      await bare.close();
    }
  });
});
