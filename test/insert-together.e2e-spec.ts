import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource, In } from 'typeorm';
import { newId } from '../src/common/util/ids';
import { dataSourceOptions } from '../src/database/data-source-options';
import { ENTITIES } from '../src/entities';
import { insertTogether, RowWriter } from '../src/database/insert-together';
import { User } from '../src/modules/auth/testing';
import { UsageRecord } from '../src/modules/billing/testing';
import { RenderBatchJob, RenderBatch, RenderJob } from '../src/modules/rendering/testing';
import type { NormalizedRenderRequest } from '../src/modules/contract';
import { assertTestDatabaseName, TEST_DATABASE_KIND, TEST_DATABASE_URL } from './support/test-env';

/**
 * The one-round-trip insert behind render and batch admission, against the real database: rows
 * must read back exactly as `repository.insert` stores them, and a failure anywhere stores nothing.
 */
describe(`insertTogether (${TEST_DATABASE_KIND})`, () => {
  let dataSource: DataSource;
  let accountId: string;

  const request: NormalizedRenderRequest = {
    waypoints: [
      { lat: 38.72, lng: -9.14, label: 'Lisbon — “quoted” ✈', transport: 'plane', dwell: 0, emphasis: 'standard' },
      { lat: 40.71, lng: -74, transport: 'plane', dwell: 1.5, emphasis: 'waypoint' },
    ],
    transport: 'plane',
    route: { avoid: [] },
    duration: 10,
    resolution: '720p',
    aspect_ratio: '16:9',
    fps: 30,
    style: 'standard',
    route_style: {},
    camera: { preset: 'auto' },
    hud: false,
    units: 'km',
  };

  function job(overrides: Partial<RenderJob> = {}): Partial<RenderJob> {
    return {
      id: newId('job'),
      accountId,
      status: 'queued',
      sandbox: true,
      usesQuota: false,
      billingPeriod: '2026-11',
      request,
      batchId: null,
      webhookUrl: 'https://example.com/hook?a=1&b=2',
      progress: 0.25,
      estimatedDurationSeconds: 33,
      route: null,
      fileSizeBytes: 9_007_199_254,
      attempts: 0,
      createdAt: new Date('2026-11-22T10:11:12.345Z'),
      ...overrides,
    };
  }

  function ledgerRow(jobId: string): Partial<UsageRecord> {
    return {
      jobId,
      accountId,
      billingPeriod: '2026-11',
      countsTowardQuota: true,
      active: true,
      createdAt: new Date('2026-11-22T10:11:12.345Z'),
      endedAt: null,
    };
  }

  beforeAll(async () => {
    const database =
      TEST_DATABASE_KIND === 'sqlite'
        ? {
            kind: 'sqlite' as const,
            path: join(process.env.MAPR_TEST_SQLITE_DIR ?? mkdtempSync(join(tmpdir(), 'mapr-e2e-')), 'mapr-e2e.sqlite'),
          }
        : (assertTestDatabaseName(TEST_DATABASE_URL), { kind: 'postgres' as const, url: TEST_DATABASE_URL });
    dataSource = await new DataSource(dataSourceOptions(database, ENTITIES)).initialize();
    accountId = newId('usr');
    await dataSource
      .getRepository(User)
      .insert({ id: accountId, email: `${accountId}@example.com`, name: 'Rows', passwordHash: 'x', createdAt: new Date() });
  });

  afterAll(async () => {
    await dataSource?.destroy();
  });

  it('stores every column exactly as repository.insert does (JSON, dates, booleans, nulls, transformers)', async () => {
    const viaRepository = job();
    const viaInsertTogether = job();
    await dataSource.getRepository(RenderJob).insert(viaRepository);
    await insertTogether(dataSource, [{ entity: RenderJob, rows: [viaInsertTogether] }]);

    const repo = dataSource.getRepository(RenderJob);
    const [expected, actual] = await Promise.all([
      repo.findOneByOrFail({ id: viaRepository.id }),
      repo.findOneByOrFail({ id: viaInsertTogether.id }),
    ]);
    expect({ ...actual, id: 'same' }).toEqual({ ...expected, id: 'same' });
    expect(actual.request).toEqual(request);
    expect(actual.createdAt.toISOString()).toBe('2026-11-22T10:11:12.345Z');
    expect(actual.sandbox).toBe(true);
    expect(actual.fileSizeBytes).toBe(9_007_199_254);
    expect(actual.route).toBeNull();
  });

  it('writes rows of several entities in one call, each table in full', async () => {
    const batchId = newId('batch');
    const jobs = [job({ batchId, webhookUrl: null }), job({ batchId, webhookUrl: null }), job({ batchId, webhookUrl: null })];
    await insertTogether(dataSource, [
      {
        entity: RenderBatch,
        rows: [
          {
            id: batchId,
            accountId,
            sandbox: false,
            webhookUrl: null,
            total: 3,
            createdAt: new Date(),
            completedAt: null,
            completionNotifiedAt: null,
          },
        ],
      },
      { entity: RenderJob, rows: jobs },
      { entity: RenderBatchJob, rows: jobs.map((j, position) => ({ jobId: j.id!, batchId, accountId, position, enqueuedAt: null })) },
      { entity: UsageRecord, rows: jobs.map((j) => ledgerRow(j.id!)) },
    ]);

    expect(await dataSource.getRepository(RenderJob).countBy({ batchId })).toBe(3);
    const positions = await dataSource.getRepository(RenderBatchJob).find({ where: { batchId }, order: { position: 'ASC' } });
    expect(positions.map((p) => p.jobId)).toEqual(jobs.map((j) => j.id));
    const ledger = await dataSource.getRepository(UsageRecord).findOneByOrFail({ jobId: jobs[2].id });
    expect(ledger).toMatchObject({ accountId, countsTowardQuota: true, active: true, endedAt: null });
  });

  it('leaves omitted columns to the schema defaults', async () => {
    const row = job();
    delete row.progress;
    delete row.attempts;
    delete row.sandbox;
    await insertTogether(dataSource, [{ entity: RenderJob, rows: [row] }]);
    const stored = await dataSource.getRepository(RenderJob).findOneByOrFail({ id: row.id });
    expect(stored).toMatchObject({ progress: 0, attempts: 0, sandbox: false });
  });

  it('stores nothing when any row is refused', async () => {
    const existing = job();
    await insertTogether(dataSource, [
      { entity: RenderJob, rows: [existing] },
      { entity: UsageRecord, rows: [ledgerRow(existing.id!)] },
    ]);

    // The job is new, but its ledger row collides with the existing one: neither may stay.
    const fresh = job();
    // Matched by message: better-sqlite3's errors come from the first test file's realm, so
    // `toThrow` (an instanceof check) cannot see them in later files.
    await expect(
      insertTogether(dataSource, [
        { entity: RenderJob, rows: [fresh] },
        { entity: UsageRecord, rows: [{ ...ledgerRow(existing.id!) }] },
      ]),
    ).rejects.toMatchObject({ message: expect.stringMatching(/duplicate key|UNIQUE constraint failed/) });
    expect(await dataSource.getRepository(RenderJob).findOneBy({ id: fresh.id })).toBeNull();
  });

  it('refuses rows of one entity that define different columns', async () => {
    const complete = job();
    const partial = job();
    delete partial.progress;
    await expect(insertTogether(dataSource, [{ entity: RenderJob, rows: [complete, partial] }])).rejects.toThrow(/same columns/);
    expect(await dataSource.getRepository(RenderJob).findOneBy({ id: complete.id })).toBeNull();
  });

  function jobWithLedger(j: Partial<RenderJob>, ledgerJobId = j.id!) {
    return [
      { entity: RenderJob, rows: [j] },
      { entity: UsageRecord, rows: [ledgerRow(ledgerJobId)] },
    ];
  }

  it('RowWriter: concurrent calls share statements, each call stored in full', async () => {
    const writer = new RowWriter(dataSource);
    // Each write is one statement on Postgres, one transaction on SQLite.
    const writes =
      TEST_DATABASE_KIND === 'sqlite'
        ? jest.spyOn((dataSource.driver as unknown as { databaseConnection: { transaction(): unknown } }).databaseConnection, 'transaction')
        : jest.spyOn(dataSource, 'query');
    const jobs = Array.from({ length: 20 }, () => job());
    await Promise.all(jobs.map((j) => writer.insert(jobWithLedger(j))));
    const statements = writes.mock.calls.length;
    writes.mockRestore();

    expect(await dataSource.getRepository(RenderJob).countBy({ id: In(jobs.map((j) => j.id!)) })).toBe(20);
    expect(await dataSource.getRepository(UsageRecord).countBy({ jobId: In(jobs.map((j) => j.id!)) })).toBe(20);
    // The first calls take the free write slots; the others wait and go out together.
    expect(statements).toBeGreaterThanOrEqual(1);
    expect(statements).toBeLessThanOrEqual(5);
  });

  it('RowWriter: a call with a bad row fails alone, the calls batched with it are stored', async () => {
    const existing = job();
    await insertTogether(dataSource, jobWithLedger(existing));
    const writer = new RowWriter(dataSource);
    const jobs = Array.from({ length: 20 }, () => job());
    // Call 17's ledger row collides with an existing one; it is batched with calls 4 to 19.
    const outcomes = await Promise.allSettled(jobs.map((j, i) => writer.insert(jobWithLedger(j, i === 17 ? existing.id! : j.id!))));

    expect(outcomes.map((o) => o.status)).toEqual(jobs.map((_, i) => (i === 17 ? 'rejected' : 'fulfilled')));
    const stored = await dataSource.getRepository(RenderJob).findBy({ id: In(jobs.map((j) => j.id!)) });
    expect(stored.map((j) => j.id).sort()).toEqual(
      jobs
        .filter((_, i) => i !== 17)
        .map((j) => j.id)
        .sort(),
    );
    expect(await dataSource.getRepository(UsageRecord).countBy({ jobId: In(jobs.map((j) => j.id!)) })).toBe(19);
  });
});
