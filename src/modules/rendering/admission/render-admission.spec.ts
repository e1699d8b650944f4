import { CommonErrors, DomainError } from '../../../common/errors';
import type { InsertGroup, RowWriter } from '../../../database/insert-together';
import type { Principal } from '../../auth';
import { BillingErrors, TIERS, type UsageReservation, type UsageService } from '../../billing';
import { createRoadRouter, RoutePlanner } from '../../routing';
import type { WebhookTargetPolicy } from '../../webhooks';
import type { CreateRenderDto } from '../dto/create-render.dto';
import { HTTP_ERRORS } from '../../../http-errors';
import type { Repository } from 'typeorm';
import type { RenderJob } from '../entities/render-job.entity';
import { type AdmissionRequest, RenderAdmission } from './render-admission';

/** The order of contract §6 and the one write, with billing, the webhook policy and the database faked. */
describe('RenderAdmission', () => {
  const principal: Principal = {
    accountId: 'usr_a',
    email: 'a@example.com',
    name: 'A',
    emailVerified: true,
    accountCreatedAt: new Date(),
    via: 'api_key',
    sandbox: false,
  };
  const body = (overrides: Partial<CreateRenderDto> = {}): CreateRenderDto =>
    ({
      waypoints: [
        { lat: 38.7, lng: -9.1 },
        { lat: 40.7, lng: -74 },
      ],
      ...overrides,
    }) as CreateRenderDto;

  let steps: string[];
  let refuseQuota: boolean;
  let refuseConcurrency: boolean;
  let activeJobs: Pick<RenderJob, 'startedAt' | 'estimatedDurationSeconds'>[];
  let queuedJobs: number;
  let failWrite: boolean;
  let written: InsertGroup[][];
  let admitted: { jobIds: string[]; options: { usesQuota: boolean; checkConcurrency: boolean; at: Date } }[];
  let admission: RenderAdmission;
  const ledgerRows = { entity: 'usage_records', rows: [{ jobId: 'job_1' }] } as UsageReservation['ledgerRows'];

  beforeEach(() => {
    steps = [];
    refuseQuota = false;
    refuseConcurrency = false;
    activeJobs = [];
    queuedJobs = 0;
    failWrite = false;
    written = [];
    admitted = [];
    const usage = {
      limitsFor: async () => ({ tier: 'free', tierName: 'Free', limits: TIERS.free.limits }),
      admit: async (
        _account: string,
        _limits: unknown,
        jobIds: string[],
        options: { usesQuota: boolean; checkConcurrency: boolean; at: Date },
      ): Promise<UsageReservation> => {
        steps.push('quota+concurrency');
        if (refuseQuota) throw BillingErrors.renderLimitExceeded(5, 5, new Date());
        if (refuseConcurrency) throw BillingErrors.concurrentJobLimit(2, 2);
        admitted.push({ jobIds, options });
        return { ledgerRows, undo: async () => void steps.push('undo') };
      },
      quotaRefusal: async () => {
        steps.push('quota read');
        return refuseQuota ? BillingErrors.renderLimitExceeded(5, 5, new Date()) : null;
      },
      takeSandboxRenders: async () => {
        steps.push('sandbox allowance');
        return async () => void steps.push('sandbox given back');
      },
    } as unknown as UsageService;
    const webhookPolicy = {
      assertWellFormed: (url: string) => {
        steps.push('webhook syntax');
        if (url.startsWith('ftp:')) throw CommonErrors.validation([{ field: 'webhook_url', code: 'scheme_not_allowed', message: 'ftp' }]);
      },
      assertAcceptable: async (url: string) => {
        steps.push('webhook');
        if (url.includes('private')) throw CommonErrors.validation([{ field: 'webhook_url', code: 'private_address', message: 'private' }]);
      },
    } as unknown as WebhookTargetPolicy;
    const rows = {
      insert: async (groups: InsertGroup[]) => {
        steps.push('write');
        if (failWrite) throw new Error('constraint violated');
        written.push(groups);
      },
    } as unknown as RowWriter;
    const jobs = { find: async () => activeJobs, countBy: async () => queuedJobs } as unknown as Repository<RenderJob>;
    admission = new RenderAdmission(usage, webhookPolicy, rows, jobs, new RoutePlanner(createRoadRouter({})));
  });

  const jobRows = (jobIds: string[]) => ({ jobIds, rows: [{ entity: 'render_jobs', rows: jobIds.map((id) => ({ id })) }] });

  async function refusal(promise: Promise<unknown>): Promise<DomainError> {
    const err = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    if (!(err instanceof DomainError)) throw new Error(`expected a refusal, got ${String(err)}`);
    return err;
  }

  it('writes the jobs’ rows and billing’s ledger rows in one insert, and returns what build made', async () => {
    const result = await admission.admit(principal, { bodies: [body()], batch: false }, (requests, at) => ({
      ...jobRows(['job_1']),
      requests,
      at,
    }));
    expect(written).toEqual([[{ entity: 'render_jobs', rows: [{ id: 'job_1' }] }, ledgerRows]]);
    expect(result.requests[0]).toMatchObject({ duration: 10, resolution: '720p', transport: 'plane' });
    expect(admitted).toEqual([{ jobIds: ['job_1'], options: { usesQuota: true, checkConcurrency: true, at: result.at } }]);
  });

  it('batches skip the concurrency check; sandbox jobs skip the quota', async () => {
    await admission.admit({ ...principal, sandbox: true }, { bodies: [body(), body()], batch: true }, () => jobRows(['job_1', 'job_2']));
    expect(admitted[0].options).toMatchObject({ usesQuota: false, checkConcurrency: false });
  });

  it('validation (every job, named jobs[i].…) comes first, before e-mail, features and quota', async () => {
    refuseQuota = true;
    const err = await refusal(
      admission.admit(
        { ...principal, emailVerified: false },
        { bodies: [body(), body({ duration: 60, resolution: '4k', webhook_url: 'https://example.com/h' })], batch: true },
        () => jobRows([]),
      ),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.extra).toMatchObject({ max_duration_seconds: 10, tier: 'free' });
    expect((err.extra.issues as { field: string }[]).map((i) => i.field)).toEqual(['jobs[1].duration', 'jobs[1].webhook_url']);
    expect(steps).toEqual([]);
  });

  it('checks the webhook URL with validation, before e-mail verification', async () => {
    const err = await refusal(
      admission.admit(
        { ...principal, emailVerified: false },
        { bodies: [body()], batch: false, webhookUrl: 'https://private.example' },
        () => jobRows([]),
      ),
    );
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(steps).toEqual(['webhook']);
  });

  it('with no road router configured, refuses a road leg after validation and before anything else, naming the leg and the settings', async () => {
    refuseQuota = true;
    const trucked = body({
      waypoints: [
        { lat: 38.72, lng: -9.14, label: 'Lisbon' },
        { lat: 41.15, lng: -8.61, label: 'Porto', transport: 'truck' },
        { lat: 40.42, lng: -3.7, label: 'Madrid' },
      ],
    } as Partial<CreateRenderDto>);
    const single = await refusal(
      admission.admit({ ...principal, emailVerified: false }, { bodies: [trucked], batch: false }, () => jobRows([])),
    );
    expect(single.code).toBe('ROAD_ROUTE_ERROR');
    expect(single.message).toMatch(
      /^Leg 2 \(Porto → Madrid\): no road router is configured \(set ROAD_NETWORK_FILE .+ or ROAD_ROUTER_URL .+\)$/,
    );
    expect(HTTP_ERRORS.ROAD_ROUTE_ERROR.status).toBe(422);
    // A batch names the job; a road leg overridden to go by plane is none.
    const batch = await refusal(
      admission.admit(
        principal,
        { bodies: [body({ transport: 'car', route: { mode: 'manual' } }), body({ transport: 'car' })], batch: true },
        () => jobRows([]),
      ),
    );
    expect(batch.message).toMatch(/^jobs\[1\]: Leg 1 \(.+\): no road router is configured/);
    // The preview refuses it too, before reading the quota.
    const preview = await refusal(admission.check(principal, { bodies: [trucked], batch: false }, { for: 'preview' }));
    expect(preview.code).toBe('ROAD_ROUTE_ERROR');
    expect(steps).toEqual([]);
    // But validation comes first.
    const invalid = await refusal(admission.admit(principal, { bodies: [{ ...trucked, duration: 60 }], batch: false }, () => jobRows([])));
    expect(invalid.code).toBe('VALIDATION_ERROR');
  });

  it('e-mail verification before tier features, tier features before quota', async () => {
    refuseQuota = true;
    const unverified = await refusal(
      admission.admit({ ...principal, emailVerified: false }, { bodies: [body({ resolution: '1080p' })], batch: false }, () => jobRows([])),
    );
    expect(unverified.code).toBe('EMAIL_NOT_VERIFIED');
    const feature = await refusal(
      admission.admit(principal, { bodies: [body(), body({ resolution: '1080p' })], batch: true }, () => jobRows([])),
    );
    expect(feature).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', extra: { tier: 'free' } });
    expect(HTTP_ERRORS.FEATURE_NOT_AVAILABLE.status).toBe(403);
    expect(steps).toEqual([]);
    const quota = await refusal(admission.admit(principal, { bodies: [body()], batch: false }, () => jobRows(['job_1'])));
    expect(quota.code).toBe('RENDER_LIMIT_EXCEEDED');
    expect(steps).toEqual(['quota+concurrency']);
  });

  it('a concurrency refusal says when the first active job should end, in Retry-After; the body is unchanged', async () => {
    refuseConcurrency = true;
    activeJobs = [
      { startedAt: new Date(Date.now() - 20_000), estimatedDurationSeconds: 60 },
      { startedAt: null, estimatedDurationSeconds: 90 },
    ];
    const err = await refusal(admission.admit(principal, { bodies: [body()], batch: false }, () => jobRows(['job_1'])));
    expect(err.code).toBe('CONCURRENT_JOB_LIMIT');
    expect(err.extra).toEqual({ active_jobs: 2, limit: 2 });
    expect(err.retryAfterSeconds).toBeGreaterThanOrEqual(39);
    expect(err.retryAfterSeconds).toBeLessThanOrEqual(40);
    expect(written).toEqual([]);
  });

  it('undoes the reservation when the write fails, and rethrows', async () => {
    failWrite = true;
    await expect(admission.admit(principal, { bodies: [body()], batch: false }, () => jobRows(['job_1']))).rejects.toThrow(
      'constraint violated',
    );
    expect(steps).toEqual(['quota+concurrency', 'write', 'undo']);
  });

  it('refuses jobs beyond the plan’s queued jobs, batches included, before reserving anything', async () => {
    queuedJobs = TIERS.free.limits.queued_jobs - 1;
    const bodies = [body(), body()];
    const err = await refusal(admission.admit(principal, { bodies, batch: true }, () => jobRows(['job_1', 'job_2'])));
    expect(err.code).toBe('QUEUED_JOB_LIMIT');
    expect(err.extra).toEqual({ active_jobs: TIERS.free.limits.queued_jobs - 1, limit: TIERS.free.limits.queued_jobs });
    expect(HTTP_ERRORS.QUEUED_JOB_LIMIT.status).toBe(429);
    expect(steps).toEqual([]);
  });

  it('takes a sandbox request’s renders from the day’s allowance, and gives them back when a later check refuses', async () => {
    const sandbox = { ...principal, sandbox: true };
    await admission.admit(sandbox, { bodies: [body()], batch: false }, () => jobRows(['job_1']));
    expect(steps).toEqual(['sandbox allowance', 'quota+concurrency', 'write']);
    steps = [];
    refuseConcurrency = true;
    expect((await refusal(admission.admit(sandbox, { bodies: [body()], batch: false }, () => jobRows(['job_2'])))).code).toBe(
      'CONCURRENT_JOB_LIMIT',
    );
    expect(steps).toEqual(['sandbox allowance', 'quota+concurrency', 'sandbox given back']);
    // Live requests have no such allowance.
    steps = [];
    refuseConcurrency = false;
    await admission.admit(principal, { bodies: [body()], batch: false }, () => jobRows(['job_3']));
    expect(steps).toEqual(['quota+concurrency', 'write']);
  });

  describe('for a preview (contract §15)', () => {
    const check = (who: Principal, request: AdmissionRequest) => admission.check(who, request, { for: 'preview' });

    it('lists every refusal a render would answer, in its order, with the plan that lifts each, and reserves nothing', async () => {
      refuseQuota = true;
      const { requests, refusals } = await check(
        { ...principal, emailVerified: false },
        { bodies: [body({ duration: 45, resolution: '4k' })], batch: false },
      );
      expect(requests[0]).toMatchObject({ duration: 45, resolution: '4k' });
      expect(refusals.map((r) => [r.error.code, r.field, r.liftedBy])).toEqual([
        ['VALIDATION_ERROR', 'duration', 'studio'],
        ['EMAIL_NOT_VERIFIED', undefined, null],
        ['FEATURE_NOT_AVAILABLE', 'resolution', 'creator'],
        ['RENDER_LIMIT_EXCEEDED', undefined, 'creator'],
      ]);
      expect(refusals[0].error.extra).toMatchObject({ max_duration_seconds: 10, tier: 'free' });
      expect(steps).toEqual(['quota read']);
    });

    it('is what a render throws first', async () => {
      const request = { bodies: [body({ resolution: '1080p' })], batch: false };
      const { refusals } = await check(principal, request);
      const thrown = await refusal(admission.admit(principal, request, () => jobRows([])));
      expect([thrown.code, thrown.message]).toEqual([refusals[0].error.code, refusals[0].error.message]);
    });

    it('refuses durations past the largest plan’s, and checks a webhook URL’s syntax only', async () => {
      const tooLong = await refusal(check(principal, { bodies: [body({ duration: 46 })], batch: false }));
      expect(tooLong.extra).toMatchObject({ max_duration_seconds: 45, tier: 'studio' });
      const { refusals } = await check(principal, { bodies: [body()], batch: false, webhookUrl: 'https://private.example' });
      expect(refusals).toEqual([]);
      expect(steps).toEqual(['webhook syntax', 'quota read']);
      expect((await refusal(check(principal, { bodies: [body()], batch: false, webhookUrl: 'ftp://example.com' }))).code).toBe(
        'VALIDATION_ERROR',
      );
    });
  });
});
