import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { LessThan, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config';
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

/**
 * Safety net for the durable log: at start and every two webhook locks (`WEBHOOK_LOCK_SECONDS`; a minute by default)
 * across the fleet (SweepSchedule), pending deliveries whose automatic attempt is more than two locks overdue get their
 * queue entry again: by then a live entry would have run, or been handed on from a dead worker (webhookQueueSettings),
 * so the entry was lost (Redis refused it, lost its data, or dropped it after repeated crashes). The entry id is
 * derived from the row, so an entry that still exists is not duplicated.
 */
@Injectable()
export class WebhookDeliverySweeper implements OnModuleInit {
  private readonly logger = new Logger(WebhookDeliverySweeper.name);

  private readonly overdueMs: number;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @InjectRepository(WebhookDelivery) private readonly deliveries: Repository<WebhookDelivery>,
    private readonly queue: WebhookQueue,
    private readonly schedule: SweepSchedule,
  ) {
    this.overdueMs = 2 * config.webhooks.lockSeconds * 1000;
  }

  onModuleInit(): void {
    this.schedule.register({ name: 'webhook-deliveries', everyMs: this.overdueMs, run: () => this.sweep() });
  }

  async sweep(): Promise<number> {
    try {
      const overdue = await this.deliveries.find({
        where: { status: 'pending', nextAttemptAt: LessThan(new Date(Date.now() - this.overdueMs)) },
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
