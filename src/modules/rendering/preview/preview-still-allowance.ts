import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../../config';
import { REDIS, RedisKeys } from '../../../infrastructure/redis/redis.module';
import { PlansService } from '../../billing';
import { PreviewStillErrors } from '../errors/rendering.errors';

/** The window of the per-minute budget of stills. */
const BUDGET_WINDOW_MS = 60_000;

/** Deletes the account's in-flight mark only if it is still this request's (it may have expired and been taken since). */
const RELEASE_IF_OURS = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/** One more in the window (a fixed window, opened by its first count): the count and the window's remaining ms. */
const COUNT_IN_WINDOW = `local n = redis.call('incr', KEYS[1])
if n == 1 then redis.call('pexpire', KEYS[1], ARGV[1]) end
return {n, redis.call('pttl', KEYS[1])}`;

/** Ends a request's claim on its account's one still in flight. */
export type ReleaseStill = () => Promise<void>;

/**
 * What one account may ask of the preview stills, shared by every API process through Redis: one still in flight at
 * a time (drawing or waiting in the line), the plan's `preview_stills_per_minute`, and, across the accounts behind one
 * network address, PREVIEW_STILLS_PER_SOURCE_PER_MINUTE (free accounts are easy to make). Because no account holds more
 * than one place in an API process's line, the line is fair: a burst from one account leaves it one place and
 * refuses the rest with 429, and another account's still waits behind one still at most per account.
 */
@Injectable()
export class PreviewStillAllowance {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
    private readonly plans: PlansService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Marks the account's still as in flight for at most `holdMs` (a crashed process's mark expires by itself);
   * 429 PREVIEW_STILL_IN_PROGRESS when one already is.
   */
  async claim(accountId: string, holdMs: number): Promise<ReleaseStill> {
    const key = this.keys.key('preview-stills', 'in-flight', accountId);
    const token = randomUUID();
    const claimed = await this.redis.set(key, token, 'PX', holdMs, 'NX');
    if (claimed !== 'OK') throw PreviewStillErrors.inProgress();
    return async () => {
      await this.redis.eval(RELEASE_IF_OURS, 1, key, token).catch(() => undefined);
    };
  }

  /**
   * Counts one still against the plan's budget of this minute, then against its network address's (`source`: many
   * accounts behind one address share it); 429 PREVIEW_STILL_LIMIT_EXCEEDED beyond either.
   */
  async spend(accountId: string, source: string): Promise<void> {
    const { limits } = await this.plans.limitsFor(accountId);
    const account = await this.count(this.keys.key('preview-stills', 'minute', accountId));
    if (account.used > limits.preview_stills_per_minute) {
      throw PreviewStillErrors.limitExceeded(limits.preview_stills_per_minute, account.retryAfter);
    }
    const perSource = this.config.rendering.previewStillsPerSourcePerMinute;
    const network = await this.count(this.keys.key('preview-stills', 'source-minute', source));
    if (network.used > perSource) throw PreviewStillErrors.sourceLimitExceeded(perSource, network.retryAfter);
  }

  private async count(key: string): Promise<{ used: number; retryAfter: number }> {
    const [used, ttl] = (await this.redis.eval(COUNT_IN_WINDOW, 1, key, BUDGET_WINDOW_MS)) as [number, number];
    return { used, retryAfter: Math.max(1, Math.ceil((ttl > 0 ? ttl : BUDGET_WINDOW_MS) / 1000)) };
  }
}
