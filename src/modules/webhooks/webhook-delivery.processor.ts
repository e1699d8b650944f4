import { Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { SweepSchedule } from '../../infrastructure/sweeps/sweep-schedule';
import { WebhookDelivery } from './entities/webhook-delivery.entity';
import { WebhookDeliveryRunner } from './webhook-delivery-runner.service';
import { WebhookQueue } from './webhook-queue';

/** Parallel attempts per worker process; each waits at most 30 s for its receiver. */
const CONCURRENCY = 10;

/** Consumes the `webhooks` queue: each entry is one attempt, run by WebhookDeliveryRunner. */
@Injectable()
export class WebhookDeliveryProcessor implements OnApplicationBootstrap {
  constructor(
    private readonly queue: WebhookQueue,
    private readonly runner: WebhookDeliveryRunner,
  ) {}

  onApplicationBootstrap(): void {
    this.queue.consume(CONCURRENCY, (data) => this.runner.run(data));
  }
}

/** An automatic attempt this long overdue has lost its queue entry (Redis refused it, or a crash). */
const OVERDUE_MS = 60_000;
const SWEEP_EVERY_MS = 60_000;

/**
 * Safety net for the durable log: at start and every minute across the fleet (SweepSchedule), pending deliveries whose automatic
 * attempt is overdue get their queue entry again. The entry id is derived from the row, so an
 * entry that still exists is not duplicated.
 */
@Injectable()
export class WebhookDeliverySweeper implements OnModuleInit {
  private readonly logger = new Logger(WebhookDeliverySweeper.name);

  constructor(
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    private readonly queue: WebhookQueue,
    private readonly schedule: SweepSchedule,
  ) {}

  onModuleInit(): void {
    this.schedule.register({ name: 'webhook-deliveries', everyMs: SWEEP_EVERY_MS, run: () => this.sweep() });
  }

  async sweep(): Promise<number> {
    try {
      const overdue = await this.deliveries.find({
        where: { status: 'pending', nextAttemptAt: LessThan(new Date(Date.now() - OVERDUE_MS)) },
        order: { nextAttemptAt: 'ASC' },
        take: 500,
      });
      for (const d of overdue) {
        await this.queue.add({ deliveryId: d.id, trigger: 'automatic', attempt: d.scheduledAttempt });
      }
      return overdue.length;
    } catch (err) {
      this.logger.warn({ err }, 'Webhook delivery sweep failed');
      return 0;
    }
  }
}
