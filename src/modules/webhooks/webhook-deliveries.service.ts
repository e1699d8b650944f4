import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { CommonErrors } from '../../common/errors';
import { iso } from '../../common/util/time';
import type { DeliveryDto, DeliveryListDto } from './dto/webhook.dto';
import { WebhookDeliveryAttempt } from './entities/webhook-delivery-attempt.entity';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookQueue } from './webhook-queue';

const LIST_LIMIT = 100;

/** Whose deliveries: the account's, of the modes the credential sees (`visibleModes`). */
export interface DeliveryScope {
  accountId: string;
  sandbox?: boolean;
}

/**
 * The delivery log as the API shows it, and manual redelivery. Scoped to the account and the credential's mode:
 * another account's deliveries, and a test key's view of live ones (or a live key's of sandbox ones), are 404.
 */
@Injectable()
export class WebhookDeliveriesService {
  constructor(
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    @InjectRepository(WebhookDeliveryAttempt) private readonly attempts: Repository<WebhookDeliveryAttempt>,
    private readonly queue: WebhookQueue,
  ) {}

  async list(scope: DeliveryScope, filter: { jobId?: string; batchId?: string }): Promise<DeliveryListDto> {
    const rows = await this.deliveries.find({
      where: { ...scope, ...(filter.jobId ? { jobId: filter.jobId } : {}), ...(filter.batchId ? { batchId: filter.batchId } : {}) },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: LIST_LIMIT,
    });
    const attempts = rows.length
      ? await this.attempts.find({ where: { deliveryId: In(rows.map((r) => r.id)) }, order: { attemptNumber: 'ASC' } })
      : [];
    return {
      deliveries: rows.map((row) =>
        presentDelivery(
          row,
          attempts.filter((a) => a.deliveryId === row.id),
        ),
      ),
    } satisfies DeliveryListDto;
  }

  async get(scope: DeliveryScope, id: string): Promise<DeliveryDto> {
    const row = await this.deliveries.findOneBy({ ...scope, id });
    if (!row) throw CommonErrors.notFound('Webhook delivery');
    const attempts = await this.attempts.find({ where: { deliveryId: id }, order: { attemptNumber: 'ASC' } });
    return presentDelivery(row, attempts);
  }

  /** Queues one more attempt now, whatever the delivery's state; its scheduled retries are untouched. */
  async redeliver(scope: DeliveryScope, id: string): Promise<DeliveryDto> {
    const row = await this.deliveries.findOneBy({ ...scope, id });
    if (!row) throw CommonErrors.notFound('Webhook delivery');
    try {
      await this.queue.add({ deliveryId: id, trigger: 'manual' });
    } catch {
      throw CommonErrors.serviceUnavailable('The webhook queue');
    }
    return this.get(scope, id);
  }
}

export function presentDelivery(row: WebhookDelivery, attempts: WebhookDeliveryAttempt[]): DeliveryDto {
  return {
    id: row.id,
    event: row.event,
    job_id: row.jobId,
    batch_id: row.batchId,
    sandbox: row.sandbox,
    url: row.url,
    status: row.status,
    attempt_count: row.attemptCount,
    next_attempt_at: row.status === 'pending' ? iso(row.nextAttemptAt) : null,
    created_at: iso(row.createdAt),
    delivered_at: iso(row.deliveredAt),
    attempts: attempts.map((a) => ({
      attempt: a.attemptNumber,
      trigger: a.trigger,
      outcome: a.outcome,
      status_code: a.statusCode,
      error_kind: a.errorKind,
      error_message: a.errorMessage,
      latency_ms: a.latencyMs,
      response_excerpt: a.responseExcerpt,
      at: iso(a.attemptedAt),
    })),
  } satisfies DeliveryDto;
}
