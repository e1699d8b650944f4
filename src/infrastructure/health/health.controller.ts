import { existsSync } from 'node:fs';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorFunction, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import Redis from 'ioredis';
import { Public } from '../../common/http/public-route';
import { APP_CONFIG, AppConfig } from '../../config';
import { REDIS } from '../redis/redis.module';
import { QUEUE_HEALTH, QueueHealth } from './queue-health';

/** A readiness check answers within this, whatever its dependency does (a load balancer's probe must not hang). */
const CHECK_TIMEOUT_MS = 2000;

/** Rejects when `work` takes longer than `ms`. */
function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Liveness (the process answers) and readiness (its dependencies answer, each within CHECK_TIMEOUT_MS). */
@ApiExcludeController()
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicator: HealthIndicatorService,
    private readonly database: TypeOrmHealthIndicator,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(QUEUE_HEALTH) private readonly renderQueue: QueueHealth,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('live')
  @Public()
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  @HealthCheck()
  ready() {
    const checks: HealthIndicatorFunction[] = [
      () => this.database.pingCheck('database', { timeout: CHECK_TIMEOUT_MS }),
      async () => {
        const check = this.indicator.check('redis');
        try {
          return (await within(CHECK_TIMEOUT_MS, this.redis.ping())) === 'PONG'
            ? check.up()
            : check.down({ message: 'unexpected PING reply' });
        } catch {
          return check.down({ message: 'Redis does not answer' });
        }
      },
      async () => {
        const check = this.indicator.check('queue');
        try {
          return check.up(await within(CHECK_TIMEOUT_MS, this.renderQueue.counts()));
        } catch {
          return check.down({ message: 'render queue unavailable' });
        }
      },
    ];
    if (this.config.role !== 'api') {
      checks.push(async () => {
        const check = this.indicator.check('renderer');
        const chromium = this.config.rendering.chromiumPath;
        return chromium && existsSync(chromium)
          ? check.up({ browser: chromium })
          : check.down({ message: 'Chromium not found; set CHROMIUM_PATH' });
      });
    }
    return this.health.check(checks);
  }
}
