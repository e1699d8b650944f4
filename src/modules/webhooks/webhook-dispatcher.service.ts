import { Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { newId } from '../../common/util/ids';
import { WebhookDelivery, WebhookEvent } from './entities/webhook-delivery.entity';
import { WebhookQueue } from './webhook-queue';
import { WebhookSecretsService } from './webhook-secrets.service';

export interface WebhookDispatch {
  accountId: string;
  url: string;
  event: WebhookEvent;
  /** The event's JSON payload; serialised once here, and those bytes are what every attempt signs and sends. */
  payload: object;
  jobId?: string;
  batchId?: string;
}

/**
 * The rendering module's way to send a webhook. The delivery row is written before anything is
 * sent, then the first attempt is queued on the `webhooks` queue (entry id = delivery id); the
 * worker-side processor signs, sends, logs and schedules retries. If Redis refuses the queue entry,
 * the row stays pending and the worker's sweeper queues it later, so a written delivery is never lost.
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger(WebhookDispatcher.name);

  constructor(
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    private readonly queue: WebhookQueue,
    private readonly secrets: WebhookSecretsService,
  ) {}

  async dispatch(input: WebhookDispatch): Promise<WebhookDelivery> {
    const delivery = await this.record(input);
    await this.enqueue(delivery);
    return delivery;
  }

  /**
   * Writes the delivery row (optionally inside the caller's transaction) without queueing it; call
   * `enqueue` once the transaction has committed.
   */
  async record(input: WebhookDispatch, manager?: EntityManager): Promise<WebhookDelivery> {
    await this.secrets.getOrCreate(input.accountId, manager);
    const now = new Date();
    const delivery = this.deliveries.create({
      id: newId('dlv'),
      accountId: input.accountId,
      event: input.event,
      jobId: input.jobId ?? null,
      batchId: input.batchId ?? null,
      url: input.url,
      payload: JSON.stringify(input.payload),
      status: 'pending',
      attemptCount: 0,
      scheduledAttempt: 1,
      nextAttemptAt: now,
      createdAt: now,
      deliveredAt: null,
    });
    await (manager ? manager.getRepository(WebhookDelivery) : this.deliveries).insert(delivery);
    return delivery;
  }

  async enqueue(delivery: WebhookDelivery): Promise<void> {
    try {
      await this.queue.add({ deliveryId: delivery.id, trigger: 'automatic', attempt: 1 });
    } catch (err) {
      this.logger.error({ err, delivery_id: delivery.id }, 'Could not queue a webhook delivery; the sweeper will queue it');
    }
  }

  /** True when a delivery of `event` for this job was already recorded (a job's end reported twice). */
  async existsForJob(jobId: string, event: WebhookEvent): Promise<boolean> {
    return (await this.deliveries.countBy({ jobId, event })) > 0;
  }
}
