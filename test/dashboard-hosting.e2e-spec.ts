import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, TestApp } from './support/test-app';

/**
 * The API serves the built dashboard at `/` (contract §16): its pages open directly (a reload or a
 * bookmarked job page), its hashed assets are cached for good, and nothing of it shadows the API.
 */
describe('Dashboard hosting', () => {
  let t: TestApp;
  const dir = mkdtempSync(join(tmpdir(), 'mapr-dashboard-'));
  const page = '<!doctype html><title>mapr</title><div id="root"></div>';

  beforeAll(async () => {
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), page);
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log("dashboard")');
    writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startTestApp({ DASHBOARD_DIR: dir });
  });
  afterAll(() => t.close());

  it.each([
    '/',
    '/login',
    '/signup',
    '/verify-pending',
    '/forgot-password',
    '/reset-password',
    '/render/new',
    '/renders',
    '/renders/job_abc',
    '/batches/batch_1',
    '/templates',
    '/keys',
    '/webhooks',
  ])('%s opens the dashboard page, revalidated and not frameable', async (path) => {
    const res = await t.http.get(path).expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toBe(page);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-request-id']).toMatch(/^req_/);
    expect(res.headers['x-ratelimit-limit']).toMatch(/^\d+$/);
  });

  it('serves hashed assets with a year-long immutable cache, other files revalidated', async () => {
    const asset = await t.http.get('/assets/index-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.text).toContain('dashboard');
    const icon = await t.http.get('/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('leaves the API, its 404s and the docs alone', async () => {
    const missing = await t.http.get('/nothing-here').expect(404);
    expect(missing.body.error_code).toBe('NOT_FOUND');
    const missingAsset = await t.http.get('/assets/gone.js').expect(404);
    expect(missingAsset.body.error_code).toBe('NOT_FOUND');
    const api = await t.http.get('/v1/renders').expect(401);
    expect(api.body.error_code).toBe('AUTHENTICATION_REQUIRED');
    await t.http.get('/health/live').expect(200);
    const docs = await t.http.get('/docs').redirects(1);
    expect(docs.status).toBe(200);
    expect(docs.text).not.toBe(page);
  });
});
