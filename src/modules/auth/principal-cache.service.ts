import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS, RedisKeys, subscriberOf } from '../../infrastructure/redis/redis.module';
import type { Principal } from './principal';

/** Principals are re-read from the database at least this often. */
const TTL_MS = 10_000;
const MAX_ENTRIES = 50_000;
const CHANNEL = 'auth-invalidate';

/** SHA-256 of a bearer credential, hex: the cache never holds a usable secret. */
export function credentialDigest(credential: string): string {
  return createHash('sha256').update(credential).digest('hex');
}

/**
 * Resolving a credential costs passport's machinery and a database query on every request; this
 * keeps the principal behind a key or token for a few seconds, keyed by the credential's digest,
 * so the global guard can answer a credential it has just seen without either. An entry never
 * outlives its credential (a token's `exp`). Anything that changes what a credential may do
 * (a key revoked, an e-mail verified) invalidates by tag: at once in this process, and in every
 * other API process through Redis pub/sub.
 */
@Injectable()
export class PrincipalCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(PrincipalCache.name);
  private readonly entries = new Map<string, { principal: Principal; tags: string[]; expiresAt: number }>();
  private subscriber?: Redis;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async onModuleInit(): Promise<void> {
    this.subscriber = subscriberOf(this.redis, 'principal-cache');
    this.subscriber.on('message', (_channel, tag: string) => this.dropTag(tag));
    this.subscriber.on('error', (err) => this.logger.warn({ err }, 'Invalidation channel error'));
    await this.subscriber.subscribe(this.keys.key(CHANNEL));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => undefined);
  }

  /** The principal behind a credential seen in the last few seconds, by the credential's digest. */
  get(digest: string): Principal | undefined {
    const entry = this.entries.get(digest);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.entries.delete(digest);
      return undefined;
    }
    return entry.principal;
  }

  /**
   * Remembers the principal a credential resolved to, tagged for invalidation (`key:<id>`,
   * `account:<id>`), until `validUntil` (ms) when the credential itself expires sooner.
   */
  set(digest: string, principal: Principal, tags: string[], validUntil = Infinity): void {
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(digest, { principal, tags, expiresAt: Math.min(Date.now() + TTL_MS, validUntil) });
  }

  /** Forgets every principal carrying `tag` (`key:<id>` or `account:<id>`), here and in other processes. */
  async invalidate(tag: string): Promise<void> {
    this.dropTag(tag);
    await this.redis.publish(this.keys.key(CHANNEL), tag);
  }

  private dropTag(tag: string): void {
    for (const [cacheKey, entry] of this.entries) if (entry.tags.includes(tag)) this.entries.delete(cacheKey);
  }
}
