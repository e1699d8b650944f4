import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config';
import { CommonErrors } from '../../common/errors';
import { newId, randomBase62 } from '../../common/util/ids';
import { ApiKey, ApiKeyMode } from './entities/api-key.entity';
import { User } from './entities/user.entity';
import type { Principal } from './principal';
import { credentialDigest, PrincipalCache } from './principal-cache.service';

/** last_used_at is advisory: write it at most once a minute per key, not on every request. */
const LAST_USED_RESOLUTION_MS = 60_000;

@Injectable()
export class ApiKeysService {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @InjectRepository(ApiKey) private readonly keys: Repository<ApiKey>,
    private readonly cache: PrincipalCache,
  ) {}

  /** `mapr_live_` or `mapr_test_`. */
  prefixFor(mode: ApiKeyMode): string {
    return `${this.config.auth.keyPrefix}_${mode}_`;
  }

  /** Whether a bearer credential is shaped like one of our API keys (anything else is treated as a JWT). */
  looksLikeApiKey(credential: string): boolean {
    return credential.startsWith(`${this.config.auth.keyPrefix}_`);
  }

  async create(accountId: string, input: { name: string; mode: ApiKeyMode }): Promise<{ record: ApiKey; key: string }> {
    const prefix = this.prefixFor(input.mode);
    const key = `${prefix}${randomBase62(40)}`;
    const record = this.keys.create({
      id: newId('key'),
      userId: accountId,
      name: input.name.trim(),
      mode: input.mode,
      keyHash: credentialDigest(key), // stored hashed; also the principal cache's key
      prefix,
      last4: key.slice(-4),
      createdAt: new Date(),
      lastUsedAt: null,
      revokedAt: null,
    });
    await this.keys.insert(record);
    return { record, key };
  }

  list(accountId: string): Promise<ApiKey[]> {
    return this.keys.find({ where: { userId: accountId }, order: { createdAt: 'DESC' } });
  }

  /** One of the account's keys (revoked ones included); another account's is NOT_FOUND. */
  async get(accountId: string, keyId: string): Promise<ApiKey> {
    const key = await this.keys.findOneBy({ id: keyId, userId: accountId });
    if (!key) throw CommonErrors.notFound('API key');
    return key;
  }

  async revoke(accountId: string, keyId: string): Promise<void> {
    const result = await this.keys.update({ id: keyId, userId: accountId, revokedAt: IsNull() }, { revokedAt: new Date() });
    if (!result.affected && !(await this.keys.existsBy({ id: keyId, userId: accountId }))) throw CommonErrors.notFound('API key');
    await this.cache.invalidate(`key:${keyId}`);
  }

  /**
   * The principal behind a key, or null when it is unknown or revoked. Remembered in the
   * principal cache, which the global guard consults before asking again.
   */
  async authenticate(key: string): Promise<Principal | null> {
    const keyHash = credentialDigest(key);
    const row = await this.keys
      .createQueryBuilder('k')
      .innerJoinAndMapOne('k.user', User, 'u', 'u.id = k.user_id')
      .where('k.key_hash = :hash', { hash: keyHash })
      .andWhere('k.revoked_at IS NULL')
      .getOne();
    if (!row) return null;
    const user = (row as ApiKey & { user: User }).user;
    const now = Date.now();
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
      void this.keys.update({ id: row.id }, { lastUsedAt: new Date(now) }).catch(() => undefined);
    }
    const principal: Principal = {
      accountId: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      accountCreatedAt: user.createdAt,
      via: 'api_key',
      apiKeyId: row.id,
      sandbox: row.mode === 'test',
    };
    this.cache.set(keyHash, principal, [`key:${row.id}`, `account:${user.id}`]);
    return principal;
  }
}
