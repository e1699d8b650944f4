import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, AppConfig } from '../../../config';
import { REDIS, RedisKeys } from '../../../infrastructure/redis/redis.module';

/** How often a worker says it is alive. */
const HEARTBEAT_INTERVAL_MS = 1000;
/** A worker silent this long no longer counts: a dead worker drops out within seconds. */
export const ALIVE_WITHIN_MS = 4000;
/** The sorted set of heartbeats, under the app's key prefix. */
export const WORKER_PRESENCE_KEY = 'render-workers';
/** A worker's member starts with its host name, so a container's health check finds its own worker. */
export const presenceMemberPrefix = (host: string) => `${host}:`;

/**
 * Beats and their ages are read on Redis's clock, the one clock every process shares: a host whose own clock is
 * stepped (NTP, a VM resumed) neither drops the other workers from the set nor drops out itself.
 * `ALIVE_PRESENCE_SCRIPT` — KEYS: the set; ARGV: ALIVE_WITHIN_MS; answers the members alive now (and removes the rest).
 */
const REDIS_NOW_MS = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;
const BEAT_SCRIPT = `${REDIS_NOW_MS} redis.call('ZADD', KEYS[1], now, ARGV[1]) return now`;
const ALIVE_PRESENCE_SCRIPT = `${REDIS_NOW_MS}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[1]))
return redis.call('ZRANGE', KEYS[1], 0, -1)`;

/**
 * Render workers' heartbeats, in one Redis sorted set under the app's key prefix: member `<id>|<slots>` (slots:
 * WORKER_CONCURRENCY), score the time of its last beat. How many slots are alive decides how far a job is split
 * (contract §18, jobs/chunk-plan.ts). A worker leaves the set when it shuts down, or drops out once its beats stop.
 */
@Injectable()
export class WorkerPresence implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(WorkerPresence.name);
  private readonly member: string;
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {
    this.member = `${presenceMemberPrefix(hostname())}${process.pid}:${randomBytes(4).toString('hex')}|${config.rendering.workerConcurrency}`;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat(), HEARTBEAT_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.redis.zrem(this.key(), this.member).catch(() => undefined);
  }

  /** Render slots of the workers alive now (this one included): at least 1. */
  async aliveSlots(): Promise<number> {
    const members = (await this.redis.eval(ALIVE_PRESENCE_SCRIPT, 1, this.key(), ALIVE_WITHIN_MS)) as string[];
    const slots = members.reduce((sum, member) => sum + (Number(member.split('|').pop()) || 1), 0);
    return Math.max(1, slots);
  }

  private async beat(): Promise<void> {
    try {
      await this.redis.eval(BEAT_SCRIPT, 1, this.key(), this.member);
    } catch (err) {
      this.logger.warn({ err }, 'Worker heartbeat failed');
    }
  }

  private key(): string {
    return this.keys.key(WORKER_PRESENCE_KEY);
  }
}
