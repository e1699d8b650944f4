import { existsSync } from 'node:fs';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorFunction, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import Redis from 'ioredis';
import { Public } from '../../common/http/public-route';
import { APP_CONFIG, AppConfig } from '../../config';
import { REDIS } from '../redis/redis.module';
import { QUEUE_HEALTH, QueueHealth } from './queue-health';

/** Liveness (the process answers) and readiness (its dependencies answer). */
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
      () => this.database.pingCheck('database', { timeout: 2000 }),
      async () => {
        const check = this.indicator.check('redis');
        try {
          return (await this.redis.ping()) === 'PONG' ? check.up() : check.down({ message: 'unexpected PING reply' });
        } catch {
          return check.down({ message: 'Redis does not answer' });
        }
      },
      async () => {
        const check = this.indicator.check('queue');
        try {
          return check.up(await this.renderQueue.counts());
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
