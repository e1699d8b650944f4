import { Inject, Injectable } from '@nestjs/common';
import Redis from 'ioredis';
import { REDIS, RedisKeys } from '../../infrastructure/redis/redis.module';

/**
 * Access tokens ended before their expiry (`POST /v1/auth/logout`), by token id, in Redis so that every API process
 * refuses them: each is kept until the token would have expired anyway, then forgotten.
 */
@Injectable()
export class SessionRevocations {
  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    private readonly keys: RedisKeys,
  ) {}

  async revoke(tokenId: string, expiresAt: Date): Promise<void> {
    const ms = Math.max(1_000, expiresAt.getTime() - Date.now());
    await this.redis.set(this.keys.key('revoked-token', tokenId), '1', 'PX', ms);
  }

  async isRevoked(tokenId: string): Promise<boolean> {
    return (await this.redis.exists(this.keys.key('revoked-token', tokenId))) === 1;
  }
}
