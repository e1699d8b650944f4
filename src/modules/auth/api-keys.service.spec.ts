import { createHash } from 'node:crypto';
import type { Repository } from 'typeorm';
import type { AppConfig } from '../../config';
import { HTTP_ERRORS } from '../../http-errors';
import { ApiKeysService } from './api-keys.service';
import type { ApiKey } from './entities/api-key.entity';
import type { PrincipalCache } from './principal-cache.service';

describe('ApiKeysService', () => {
  const config = { auth: { keyPrefix: 'mapr' } } as AppConfig;
  let stored: ApiKey[];
  let invalidated: string[];
  let service: ApiKeysService;

  beforeEach(() => {
    stored = [];
    invalidated = [];
    const keys = {
      create: (row: ApiKey) => ({ ...row }),
      insert: async (row: ApiKey) => void stored.push({ ...row }),
      update: async (where: { id: string; userId: string }, patch: Partial<ApiKey>) => {
        const row = stored.find((k) => k.id === where.id && k.userId === where.userId && k.revokedAt === null);
        if (row) Object.assign(row, patch);
        return { affected: row ? 1 : 0 };
      },
      existsBy: async (where: { id: string; userId: string }) => stored.some((k) => k.id === where.id && k.userId === where.userId),
    } as unknown as Repository<ApiKey>;
    const cache = { invalidate: async (key: string) => void invalidated.push(key) } as unknown as PrincipalCache;
    service = new ApiKeysService(config, keys, cache);
  });

  it('makes live and sandbox keys with the service prefix and 40 random base62 characters', async () => {
    const live = await service.create('usr_a', { name: 'Server', mode: 'live' });
    const test = await service.create('usr_a', { name: 'CI', mode: 'test' });
    expect(live.key).toMatch(/^mapr_live_[A-Za-z0-9]{40}$/);
    expect(test.key).toMatch(/^mapr_test_[A-Za-z0-9]{40}$/);
    expect(live.key).not.toBe((await service.create('usr_a', { name: 'Server', mode: 'live' })).key);
  });

  it('stores only the SHA-256 of the key, its prefix and last 4 characters: the full key is returned once', async () => {
    const { key, record } = await service.create('usr_a', { name: '  Server  ', mode: 'live' });
    expect(stored).toHaveLength(1);
    const row = stored[0];
    expect(row.keyHash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(row).toMatchObject({
      userId: 'usr_a',
      name: 'Server',
      mode: 'live',
      prefix: 'mapr_live_',
      last4: key.slice(-4),
      revokedAt: null,
    });
    expect(row.id).toMatch(/^key_/);
    // Neither the stored row nor the record handed to the controller holds the key itself.
    expect(JSON.stringify(row)).not.toContain(key.slice('mapr_live_'.length));
    expect(JSON.stringify(record)).not.toContain(key.slice('mapr_live_'.length));
  });

  it('tells API keys from JWTs by the service prefix', () => {
    expect(service.looksLikeApiKey('mapr_live_abc')).toBe(true);
    expect(service.looksLikeApiKey('mapr_test_abc')).toBe(true);
    expect(service.looksLikeApiKey('eyJhbGciOiJIUzI1NiJ9.e30.x')).toBe(false);
  });

  it('revoking drops the key from the principal cache; another account’s key is a 404', async () => {
    const { record } = await service.create('usr_a', { name: 'Server', mode: 'live' });
    await service.revoke('usr_a', record.id);
    expect(stored[0].revokedAt).toBeInstanceOf(Date);
    expect(invalidated).toEqual([`key:${record.id}`]);
    await service.revoke('usr_a', record.id); // again: not an error
    await expect(service.revoke('usr_b', record.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(HTTP_ERRORS.NOT_FOUND.status).toBe(404);
  });
});
