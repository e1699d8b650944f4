import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { DomainError, ValidationIssue } from '../../../common/errors';
import { InsertGroup, RowWriter } from '../../../database/insert-together';
import { AuthErrors, type Principal } from '../../auth';
import { BillingErrors, type TierLimits, TierResolution, UsageService } from '../../billing';
import { WebhookTargetPolicy } from '../../webhooks';
import type { NormalizedRenderRequest, Resolution } from '../contract';
import type { CreateRenderDto } from '../dto/create-render.dto';
import { type PlaceResolution, parseRenderBody, throwIfIssues } from '../render-request.parser';
import { ACTIVE_STATUSES, RenderJob } from '../entities/render-job.entity';
import { concurrencyRetryAfterSeconds } from './concurrency-retry';

/** Billing's tier data names the same resolutions as the render contract (a compile-time check). */
type SameUnion<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const RESOLUTIONS_AGREE: SameUnion<Resolution, TierResolution> = true;
void RESOLUTIONS_AGREE;

export interface AdmissionRequest {
  /** The render bodies, in submission order (templates merged in): one for POST /v1/render, 1–50 for a batch. */
  bodies: CreateRenderDto[];
  /**
   * A batch: issues are named `jobs[i].…`, a job's own webhook_url is refused, and the concurrent
   * limit does not refuse it (its jobs wait queued; BatchScheduler starts them).
   */
  batch: boolean;
  /** The render's, or the batch's, webhook URL. */
  webhookUrl?: string;
}

/** What `build` returns (and may add to): the ids of the jobs being created and every row to insert for them, in foreign-key order. */
export interface AdmissionRows {
  jobIds: string[];
  rows: InsertGroup[];
}

/**
 * Admission of single renders and batches, in the order of contract §6 (auth and rate ran in the
 * global guards; RenderBodyParser merged any template and validated the merged body's shape):
 * validation (tier maximum duration, places, webhook URL) → e-mail verified → tier features →
 * monthly quota → concurrency (single renders only).
 *
 * The last two are billing's atomic reservation. The rows that create the jobs and billing's ledger
 * rows are then written in one statement (RowWriter), so jobs and their usage exist together or not
 * at all; if that write fails the reservation is undone. Nothing is stored and no quota is used when
 * a check refuses.
 */
@Injectable()
export class RenderAdmission {
  private readonly logger = new Logger(RenderAdmission.name);

  constructor(
    private readonly usage: UsageService,
    private readonly webhookPolicy: WebhookTargetPolicy,
    private readonly rows: RowWriter,
    @InjectRepository(RenderJob) private readonly jobs: Repository<RenderJob>,
  ) {}

  /**
   * The checks of contract §6 that need no reservation, in its order: validation (tier maximum
   * duration, places, countries, times, webhook URL) → e-mail verified (unless `emailMustBeVerified`
   * is false: the preview of §15 needs none) → tier features. Returns the normalised requests, the
   * places each resolved by name, and the caller's limits; throws the first refusal. Nothing is stored
   * and no quota is used.
   */
  async check(
    principal: Principal,
    request: AdmissionRequest,
    options: { emailMustBeVerified: boolean },
  ): Promise<{ requests: NormalizedRenderRequest[]; resolvedPlaces: PlaceResolution[][]; limits: TierLimits }> {
    const { tier, limits } = await this.usage.limitsFor(principal.accountId);
    const tierContext = { tier, maxDurationSeconds: limits.max_duration_seconds };

    const issues: ValidationIssue[] = [];
    let durationExceeded = false;
    const resolvedPlaces: PlaceResolution[][] = [];
    const requests = request.bodies.map((body, i) => {
      const prefix = request.batch ? `jobs[${i}].` : '';
      const parsed = parseRenderBody(body, { tier: tierContext, sandbox: principal.sandbox, prefix });
      issues.push(...parsed.issues);
      durationExceeded ||= parsed.durationExceeded;
      resolvedPlaces.push(parsed.resolvedPlaces);
      if (request.batch && body.webhook_url !== undefined) {
        issues.push({
          field: `${prefix}webhook_url`,
          code: 'not_allowed_in_batch',
          message: 'Jobs of a batch have no webhook_url of their own; set webhook_url on the batch.',
        });
      }
      return parsed.request;
    });
    throwIfIssues({ issues, durationExceeded }, tierContext);
    if (request.webhookUrl) await this.webhookPolicy.assertAcceptable(request.webhookUrl, 'webhook_url');

    if (options.emailMustBeVerified && !principal.emailVerified) throw AuthErrors.emailNotVerified();

    for (const body of request.bodies) {
      const resolution = body.resolution ?? '720p';
      if (!limits.resolutions.includes(resolution)) throw BillingErrors.featureNotAvailable(resolution, tier);
    }

    return { requests, resolvedPlaces, limits };
  }

  /**
   * Runs the checks, then `build(requests, at)` for the rows of the accepted jobs (`requests` are
   * the normalised bodies, `at` their creation time), stores them and returns what `build` returned.
   * Throws the first refusal.
   */
  async admit<T extends AdmissionRows>(
    principal: Principal,
    request: AdmissionRequest,
    build: (requests: NormalizedRenderRequest[], at: Date) => T,
  ): Promise<T> {
    const { requests, limits } = await this.check(principal, request, { emailMustBeVerified: true });
    const at = new Date();
    const built = build(requests, at);

    // However many batches it sends, an account has at most its plan's jobs waiting or rendering.
    const queued = await this.jobs.countBy({ accountId: principal.accountId, status: In(ACTIVE_STATUSES) });
    if (queued + built.jobIds.length > limits.queued_jobs) throw BillingErrors.queuedJobLimit(queued, limits.queued_jobs);
    // Sandbox renders use no quota but are real renders: a day's allowance, taken back if a later check refuses.
    const giveBackSandbox = principal.sandbox
      ? await this.usage.takeSandboxRenders(principal.accountId, built.jobIds.length, limits.sandbox_renders_per_day, at)
      : async () => undefined;
    try {
      const reservation = await this.usage
        .admit(principal.accountId, limits, built.jobIds, { usesQuota: !principal.sandbox, checkConcurrency: !request.batch, at })
        .catch(async (err: unknown) => {
          throw await this.withRetryHint(err, principal.accountId);
        });
      try {
        await this.rows.insert([...built.rows, reservation.ledgerRows]);
      } catch (err) {
        await reservation.undo();
        throw err;
      }
    } catch (err) {
      await giveBackSandbox().catch(() => undefined);
      throw err;
    }
    return built;
  }

  /**
   * A concurrency refusal gets a `Retry-After` from the account's active jobs (`concurrencyRetryAfterSeconds`): when
   * the first of them should end. Only on this path, so an admitted render pays no extra query. Any other error, or a
   * failed read, passes through as it is (billing's fallback hint stays).
   */
  private async withRetryHint(err: unknown, accountId: string): Promise<unknown> {
    if (!(err instanceof DomainError) || err.code !== 'CONCURRENT_JOB_LIMIT') return err;
    try {
      const active = await this.jobs.find({
        where: { accountId, status: In(ACTIVE_STATUSES) },
        select: { startedAt: true, estimatedDurationSeconds: true },
        take: 200,
      });
      const { active_jobs, limit } = err.extra as { active_jobs: number; limit: number };
      return BillingErrors.concurrentJobLimit(active_jobs, limit, concurrencyRetryAfterSeconds(active, new Date()));
    } catch (readError) {
      this.logger.warn({ err: readError }, 'Concurrency retry hint left at its fallback: active jobs could not be read');
      return err;
    }
  }
}
