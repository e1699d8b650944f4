import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository, UpdateResult } from 'typeorm';
import { failpoint } from '../../common/util/failpoints';
import { APP_CONFIG, AppConfig } from '../../config';
import { WebhookDeliveryAttempt } from './entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { deliverWebhook, type WebhookDeliveryResult, type WebhookHttpClient } from './http';
import { retryDelayMs } from './retry-schedule';
import { webhookHeaders } from './signing';
import { WebhookQueue, WebhookQueueData } from './webhook-queue';
import { WebhookSecretsService } from './webhook-secrets.service';

/** The HTTP client port (contract: the webhook HTTP client is a real swap point); `deliverWebhook` by default. */
export const WEBHOOK_HTTP_CLIENT = Symbol('WEBHOOK_HTTP_CLIENT');

/**
 * One attempt of one delivery, run by the `webhooks` queue processor: sign the stored body afresh
 * (with the secret of the delivery's mode, the webhook secret or the sandbox one, plus the previous one while it is
 * valid; `X-Service-*` and Standard Webhooks headers),
 * POST it to the URL STRING (so DNS is resolved and checked again at connection time), log the attempt,
 * then move the delivery on:
 * 2xx → delivered; 410 → failed at once; anything else → the next retry as a new delayed queue entry
 * (so it survives restarts), or failed after the fourth retry. The render job itself never changes.
 */
/** Counts one more attempt inside an UPDATE that records its outcome. */
const ONE_MORE_ATTEMPT = { attemptCount: () => 'attempt_count + 1' };

@Injectable()
export class WebhookDeliveryRunner {
  private readonly logger = new Logger(WebhookDeliveryRunner.name);

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    @InjectRepository(WebhookDeliveryAttempt) private readonly attempts: Repository<WebhookDeliveryAttempt>,
    private readonly queue: WebhookQueue,
    private readonly secrets: WebhookSecretsService,
    @Inject(WEBHOOK_HTTP_CLIENT) private readonly httpClient: WebhookHttpClient,
  ) {}

  async run(data: WebhookQueueData): Promise<void> {
    const delivery = await this.deliveries.findOneBy({ id: data.deliveryId });
    if (!delivery) return;
    if (data.trigger === 'automatic') {
      // A stale entry (already delivered, failed, or this attempt already made) does nothing.
      if (delivery.status !== 'pending' || delivery.scheduledAttempt !== data.attempt) return;
      const result = await this.attempt(delivery, 'automatic');
      await this.afterAutomatic(delivery, data.attempt, result);
    } else {
      const result = await this.attempt(delivery, 'manual');
      await this.afterManual(delivery, result);
    }
  }

  private async attempt(delivery: WebhookDelivery, trigger: 'automatic' | 'manual'): Promise<WebhookDeliveryResult> {
    failpoint('webhooks.before-send');
    const now = new Date();
    const headers = webhookHeaders(
      delivery.payload,
      { event: delivery.event, deliveryId: delivery.id },
      // Sandbox work's deliveries with the sandbox secret: a test key's redelivery never gets the live secret's signature.
      await this.secrets.signingSecrets(delivery.accountId, { sandbox: delivery.sandbox }, now),
      Math.floor(now.getTime() / 1000),
    );
    const result = await this.httpClient(
      delivery.url,
      { body: delivery.payload, headers: { ...headers } },
      { allowPrivate: this.config.webhooks.allowPrivateTargets, timeoutMs: this.config.webhooks.timeoutMs },
    );
    await this.log(delivery.id, trigger, result, now);
    if (result.outcome !== 'delivered') {
      this.logger.warn(
        { delivery_id: delivery.id, status_code: result.status_code, error_kind: result.error_kind },
        'Webhook attempt failed',
      );
    }
    return result;
  }

  private async afterAutomatic(delivery: WebhookDelivery, attempt: number, result: WebhookDeliveryResult): Promise<void> {
    const guard = { id: delivery.id, status: 'pending' as const, scheduledAttempt: attempt };
    if (result.outcome === 'delivered') {
      await this.counted(
        delivery,
        this.deliveries.update(guard, { status: 'delivered', deliveredAt: new Date(), nextAttemptAt: null, ...ONE_MORE_ATTEMPT }),
      );
      return;
    }
    const delay = result.outcome === 'gone' ? undefined : retryDelayMs(attempt, this.config.webhooks.retryTimeScale);
    if (delay === undefined) {
      await this.counted(delivery, this.deliveries.update(guard, { status: 'failed', nextAttemptAt: null, ...ONE_MORE_ATTEMPT }));
      return;
    }
    const next = attempt + 1;
    const moved = await this.counted(
      delivery,
      this.deliveries.update(guard, { scheduledAttempt: next, nextAttemptAt: new Date(Date.now() + delay), ...ONE_MORE_ATTEMPT }),
    );
    // Only the run that moved the row schedules; the row says what is due, so the sweeper can redo this step.
    if (moved) {
      await this.queue.add({ deliveryId: delivery.id, trigger: 'automatic', attempt: next }, { delayMs: delay });
    }
  }

  /**
   * The attempt is counted in the same UPDATE that records its outcome, so a reader never sees the attempt counted
   * with the delivery's state from before it. Answers whether `update` moved the row; when it did not (another run
   * moved it first), the attempt, which was made, is counted on its own.
   */
  private async counted(delivery: WebhookDelivery, update: Promise<UpdateResult>): Promise<boolean> {
    const moved = Boolean((await update).affected);
    if (!moved) await this.deliveries.increment({ id: delivery.id }, 'attemptCount', 1);
    return moved;
  }

  private async afterManual(delivery: WebhookDelivery, result: WebhookDeliveryResult): Promise<void> {
    if (result.outcome === 'delivered') {
      await this.counted(
        delivery,
        this.deliveries.update(
          { id: delivery.id },
          { status: 'delivered', deliveredAt: new Date(), nextAttemptAt: null, ...ONE_MORE_ATTEMPT },
        ),
      );
      return;
    }
    if (result.outcome === 'gone') {
      await this.counted(
        delivery,
        this.deliveries.update({ id: delivery.id, status: 'pending' }, { status: 'failed', nextAttemptAt: null, ...ONE_MORE_ATTEMPT }),
      );
      return;
    }
    await this.deliveries.increment({ id: delivery.id }, 'attemptCount', 1);
    // Any other failure leaves the delivery as it was: a pending one keeps its scheduled retries.
  }

  /** Attempt numbers follow the log; a concurrent attempt taking the same number retries with the next. */
  private async log(deliveryId: string, trigger: 'automatic' | 'manual', result: WebhookDeliveryResult, at: Date): Promise<void> {
    for (let tries = 0; ; tries++) {
      const last = await this.attempts.findOne({ where: { deliveryId }, order: { attemptNumber: 'DESC' } });
      try {
        await this.attempts.insert({
          deliveryId,
          attemptNumber: (last?.attemptNumber ?? 0) + 1,
          trigger,
          outcome: result.outcome,
          statusCode: result.status_code ?? null,
          errorKind: result.error_kind ?? null,
          errorMessage: result.error_message?.slice(0, 500) ?? null,
          latencyMs: Math.max(0, Math.round(result.latency_ms)),
          responseExcerpt: result.response_excerpt ?? null,
          attemptedAt: at,
        });
        return;
      } catch (err) {
        if (tries >= 5) throw err;
      }
    }
  }
}

export const defaultWebhookHttpClient = { provide: WEBHOOK_HTTP_CLIENT, useValue: deliverWebhook };
