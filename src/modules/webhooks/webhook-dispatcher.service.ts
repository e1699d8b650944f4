import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { newId } from '../../common/util/ids';
import { runInTransaction, serializeOnKey } from '../../database/transactions';
import { AccountEventSignal } from './account-event-signal';
import { AccountEvent } from './entities/account-event.entity';
import { WebhookDelivery, WebhookEvent } from './entities/webhook-delivery.entity';
import { WebhookQueue } from './webhook-queue';
import { WebhookSecretsService } from './webhook-secrets.service';

/** One event of an account: a job's or a batch's end. */
export type WebhookDispatch = {
  accountId: string;
  /** Where to POST it; without one the event is only recorded, for `GET /v1/events`. */
  url?: string | null;
  event: WebhookEvent;
  /** The event's JSON payload; serialised once here, and those bytes are what the event and every attempt carry. */
  payload: object;
  /** Sandbox work (a `mapr_test_` key's job or batch): the event and delivery are visible to test keys only. */
  sandbox: boolean;
} & ({ jobId: string; batchId?: undefined } | { batchId: string; jobId?: undefined });

/** What `record` wrote: the event, and its delivery when it has a URL. Hand it to `announce` after the commit. */
export interface RecordedEvent {
  event: AccountEvent;
  delivery?: WebhookDelivery;
}

/**
 * The rendering module's way to tell an account that work ended. Every event is recorded as an
 * account event (read by `GET /v1/events`), at most once per job or batch and event (unique
 * indexes: recording it again does nothing). When there is a URL, its webhook delivery row is
 * written in the same transaction, before anything is sent; once committed, the first attempt is
 * queued on the `webhooks` queue (entry id = delivery id) and waiting readers of the account are
 * woken. If Redis refuses the queue entry, the row stays pending and the worker's sweeper queues
 * it later, so a written delivery is never lost.
 */
@Injectable()
export class WebhookDispatcher {
  private readonly logger = new Logger(WebhookDispatcher.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queue: WebhookQueue,
    private readonly secrets: WebhookSecretsService,
    private readonly signal: AccountEventSignal,
  ) {}

  /** Records the event (and its delivery) and announces it; undefined when it had been recorded before. */
  async dispatch(input: WebhookDispatch): Promise<RecordedEvent | undefined> {
    const recorded = await this.record(input);
    if (recorded) await this.announce(recorded);
    return recorded;
  }

  /**
   * Writes the event row and, with a URL, the delivery row, inside the caller's transaction when
   * `manager` is given (else in one of its own), without queueing or announcing anything: call
   * `announce` once the transaction has committed. Undefined when this event of this job or batch
   * was recorded before (nothing is written then).
   */
  async record(input: WebhookDispatch, manager?: EntityManager): Promise<RecordedEvent | undefined> {
    if (!manager) return runInTransaction(this.dataSource, (m) => this.record(input, m));
    // Events of one account commit in the order of their `seq` (what `after=` relies on).
    await serializeOnKey(manager, `account-events:${input.accountId}`);
    const now = new Date();
    const body = JSON.stringify(input.payload);
    const url = input.url ?? null;
    const event: AccountEvent = manager.create(AccountEvent, {
      id: newId('evt'),
      accountId: input.accountId,
      event: input.event,
      payload: body,
      deliveryId: url ? newId('dlv') : null,
      jobId: input.jobId ?? null,
      batchId: input.batchId ?? null,
      sandbox: input.sandbox,
      createdAt: now,
    });
    await manager.createQueryBuilder().insert().into(AccountEvent).values(event).orIgnore().updateEntity(false).execute();
    const stored = await manager.findOne(AccountEvent, {
      where: input.jobId !== undefined ? { jobId: input.jobId, event: input.event } : { batchId: input.batchId, event: input.event },
      select: { id: true, seq: true },
    });
    if (stored?.id !== event.id) return undefined;
    event.seq = stored.seq;
    if (!url) return { event };

    await this.secrets.getOrCreate(input.accountId, manager);
    const delivery = manager.create(WebhookDelivery, {
      id: event.deliveryId!,
      accountId: input.accountId,
      event: input.event,
      jobId: input.jobId ?? null,
      batchId: input.batchId ?? null,
      url,
      payload: body,
      sandbox: input.sandbox,
      status: 'pending',
      attemptCount: 0,
      scheduledAttempt: 1,
      nextAttemptAt: now,
      createdAt: now,
      deliveredAt: null,
    });
    await manager.insert(WebhookDelivery, delivery);
    return { event, delivery };
  }

  /** After the commit: queues the delivery's first attempt and wakes the account's waiting readers. */
  async announce(recorded: RecordedEvent): Promise<void> {
    if (recorded.delivery) await this.enqueue(recorded.delivery);
    await this.signal.publish(recorded.event.accountId);
  }

  private async enqueue(delivery: WebhookDelivery): Promise<void> {
    try {
      await this.queue.add({ deliveryId: delivery.id, trigger: 'automatic', attempt: 1 });
    } catch (err) {
      this.logger.error({ err, delivery_id: delivery.id }, 'Could not queue a webhook delivery; the sweeper will queue it');
    }
  }
}
