import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { CommonErrors, DomainError, ValidationIssue } from '../../../common/errors';
import { InsertGroup, RowWriter } from '../../../database/insert-together';
import { AuthErrors, type Principal } from '../../auth';
import {
  BillingErrors,
  previewDurationReach,
  smallestTierAllowing,
  type TierId,
  type TierLimits,
  TierResolution,
  UsageService,
} from '../../billing';
import { PlaceSuggestionBudget, RoutePlanner, RoutingError } from '../../routing';
import { WebhookTargetPolicy } from '../../webhooks';
import type { NormalizedRenderRequest, Resolution } from '../../contract';
import type { CreateRenderDto } from '../dto/create-render.dto';
import { durationOverTier, type PlaceResolution, parseRenderBody, throwIfIssues } from '../request/render-request.parser';
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

/**
 * A refusal of POST /v1/render that the caller can lift, by a plan, a verified e-mail or the next billing period:
 * what a preview lists as `render_refusals` (contract §15), and what a render throws.
 */
export interface RenderRefusal {
  /** The error POST /v1/render answers. */
  error: DomainError;
  /** The body field it is about (`duration`, `resolution`; `jobs[i].…` in a batch), when it is about one. */
  field?: string;
  /** The smallest self-serve tier that lifts it; null when no plan does (a verified e-mail, Studio's own limits). */
  liftedBy: TierId | null;
}

export interface AdmissionCheck {
  requests: NormalizedRenderRequest[];
  /** The places each request's names were resolved to (a preview shows them). */
  resolvedPlaces: PlaceResolution[][];
  limits: TierLimits;
  /** In the order of contract §6. */
  refusals: RenderRefusal[];
}

/**
 * The refusals of contract §6 that the caller can lift, for bodies whose shape, places and times passed, in its order:
 * a duration over the plan's maximum (a VALIDATION_ERROR, as a render answers it), the e-mail not verified, a
 * resolution not in the plan. The one list both answers come from: a render throws the first, a preview lists them all.
 */
export function planRefusals(
  principal: Pick<Principal, 'emailVerified'>,
  request: Pick<AdmissionRequest, 'bodies' | 'batch'>,
  tier: TierId,
  limits: TierLimits,
): RenderRefusal[] {
  const prefix = (i: number) => (request.batch ? `jobs[${i}].` : '');
  const plan = { tier, maxDurationSeconds: limits.max_duration_seconds };
  const refusals: RenderRefusal[] = [];
  request.bodies.forEach((body, i) => {
    const issue = durationOverTier(body, plan, prefix(i));
    if (!issue) return;
    refusals.push({
      error: CommonErrors.validation([issue], { max_duration_seconds: plan.maxDurationSeconds, tier }),
      field: issue.field,
      liftedBy: smallestTierAllowing(tier, (l) => l.max_duration_seconds >= (body.duration ?? 0)),
    });
  });
  if (!principal.emailVerified) refusals.push({ error: AuthErrors.emailNotVerified(), liftedBy: null });
  request.bodies.forEach((body, i) => {
    const resolution = body.resolution ?? '720p';
    if (limits.resolutions.includes(resolution)) return;
    refusals.push({
      error: BillingErrors.featureNotAvailable(resolution, tier),
      field: `${prefix(i)}resolution`,
      liftedBy: smallestTierAllowing(tier, (l) => l.resolutions.includes(resolution)),
    });
  });
  return refusals;
}

/** The quota's refusal (RENDER_LIMIT_EXCEEDED, or SANDBOX_LIMIT_EXCEEDED for a test key), with the tier whose quota has room. */
function quotaRefusal(error: DomainError, tier: TierId): RenderRefusal {
  const extra = error.extra as { renders_used?: number; sandbox_renders_used?: number };
  const liftedBy =
    extra.sandbox_renders_used !== undefined
      ? smallestTierAllowing(tier, (l) => l.sandbox_renders_per_day > extra.sandbox_renders_used!)
      : smallestTierAllowing(tier, (l) => l.renders_per_month > (extra.renders_used ?? Infinity));
  return { error, liftedBy };
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
    private readonly routes: RoutePlanner,
  ) {}

  /**
   * The checks of contract §6 that need no reservation, in its order: validation (maximum duration, places, countries,
   * times, webhook URL) → e-mail verified → tier features. Throws what no plan lifts (a bad field); answers the
   * normalised requests, the caller's limits and the refusals a plan, a verified e-mail or the next period lifts
   * (`planRefusals`, in §6's order). Nothing is stored and no quota is used.
   *
   * `for: 'render'` holds the bodies to the caller's plan (a duration over its maximum is one more issue of the
   * validation error) and the webhook URL to the full policy (DNS included); `admit` throws the first refusal.
   * `for: 'preview'` (contract §15) holds them to what any plan renders (`previewDurationReach`), checks the webhook
   * URL's syntax only (a preview sends nothing), and adds the monthly quota, read without reserving, to the refusals.
   */
  async check(principal: Principal, request: AdmissionRequest, options: { for: 'render' | 'preview' }): Promise<AdmissionCheck> {
    const { tier, limits } = await this.usage.limitsFor(principal.accountId);
    const plan = { tier, maxDurationSeconds: limits.max_duration_seconds };
    const preview = options.for === 'preview';
    const cap = preview ? previewDurationReach(tier, limits) : plan;

    const issues: ValidationIssue[] = [];
    let durationExceeded = false;
    const resolvedPlaces: PlaceResolution[][] = [];
    // One budget for the whole request: a batch's 50 jobs share the few places that get close matches (contract §27).
    const suggestions = new PlaceSuggestionBudget();
    const requests = request.bodies.map((body, i) => {
      const prefix = request.batch ? `jobs[${i}].` : '';
      const parsed = parseRenderBody(body, { tier: plan, cap, sandbox: principal.sandbox, prefix, suggestions });
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
    throwIfIssues({ issues, durationExceeded }, cap);
    this.refuseRoadLegsWithoutRouter(requests, request.batch);
    if (request.webhookUrl) {
      if (preview) this.webhookPolicy.assertWellFormed(request.webhookUrl, 'webhook_url');
      else await this.webhookPolicy.assertAcceptable(request.webhookUrl, 'webhook_url');
    }

    const refusals = planRefusals(principal, request, tier, limits);
    if (preview) {
      const quota = await this.usage.quotaRefusal(principal.accountId, limits, { sandbox: principal.sandbox, at: new Date() });
      if (quota) refusals.push(quotaRefusal(quota, tier));
    }
    return { requests, resolvedPlaces, limits, refusals };
  }

  /**
   * A road leg when no road router is configured would fail its job with ROAD_ROUTE_ERROR: it is refused here,
   * with that code and message (the leg, the settings that enable road legs), before any job or quota (contract §24).
   * In a batch the message starts with the job's place in it (`jobs[2]: Leg 1 (…): …`).
   */
  private refuseRoadLegsWithoutRouter(requests: NormalizedRenderRequest[], batch: boolean): void {
    requests.forEach((request, i) => {
      try {
        this.routes.refuseUnroutableRoads(request);
      } catch (error) {
        if (batch && error instanceof RoutingError) throw new RoutingError(error.code, `jobs[${i}]: ${error.message}`);
        throw error;
      }
    });
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
    const { requests, limits, refusals } = await this.check(principal, request, { for: 'render' });
    if (refusals.length > 0) throw refusals[0].error;
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
