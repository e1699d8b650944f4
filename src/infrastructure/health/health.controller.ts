import { timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Controller, Get, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
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

  /**
   * The readiness of this process. Its detail (queue counts, the Chromium path) is for the operator: requests from the
   * machine itself, or with `X-Health-Token` (HEALTH_DETAIL_TOKEN); anyone else learns the status alone. A failing
   * check is named either way (503), which is what a load balancer and its operator need.
   */
  @Get('ready')
  @Public()
  @HealthCheck()
  async ready(@Req() req: Request) {
    const result = await this.health.check(this.checks());
    return this.mayReadDetail(req) ? result : { status: result.status };
  }

  /** The machine itself (the client address as trusted proxies report it), or the operator's token. */
  private mayReadDetail(req: Request): boolean {
    if (isLoopback(req.ip)) return true;
    const expected = this.config.http.healthDetailToken;
    const given = req.header('x-health-token');
    if (!expected || given === undefined) return false;
    const [a, b] = [Buffer.from(given), Buffer.from(expected)];
    return a.length === b.length && timingSafeEqual(a, b);
  }

  private checks(): HealthIndicatorFunction[] {
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
    return checks;
  }
}

function isLoopback(ip: string | undefined): boolean {
  return ip !== undefined && (ip === '::1' || /^(::ffff:)?127\./.test(ip));
}
