import type { Repository } from 'typeorm';
import type { IdempotencyRecord } from '../entities/idempotency-record.entity';
import { IdempotencyService } from './idempotency.service';
import type { IdempotentCall } from './idempotent-call';

/** A repository over one in-memory table keyed by (account, key): enough for respond()'s control flow. */
function recordsTable(): Repository<IdempotencyRecord> {
  const rows = new Map<string, IdempotencyRecord>();
  const id = (r: { accountId: string; sandbox: boolean; key: string }) => `${r.accountId}/${r.sandbox}/${r.key}`;
  return {
    insert: async (row: IdempotencyRecord) => {
      if (rows.has(id(row))) throw new Error('duplicate key');
      rows.set(id(row), { ...row });
    },
    findOneBy: async (where: { accountId: string; sandbox: boolean; key: string }) => rows.get(id(where)) ?? null,
    update: async (where: { accountId: string; sandbox: boolean; key: string }, changes: Partial<IdempotencyRecord>) => {
      Object.assign(rows.get(id(where)) ?? {}, changes);
    },
    delete: async (where: { accountId: string; sandbox: boolean; key: string }) => {
      rows.delete(id(where));
    },
  } as unknown as Repository<IdempotencyRecord>;
}

function call(key: string | undefined, body: unknown = { duration: 10 }): IdempotentCall & { replayedWith: number[] } {
  const replayedWith: number[] = [];
  return {
    key,
    accountId: 'usr_1',
    sandbox: false,
    scope: 'POST /v1/render',
    body,
    status: 202,
    replayedWith,
    markReplayed: (s) => replayedWith.push(s),
  };
}

describe('IdempotencyService.respond', () => {
  it('runs the handler every time when the request has no key', async () => {
    const service = new IdempotencyService(recordsTable());
    let runs = 0;
    const first = call(undefined);
    await service.respond(first, async () => ({ job: ++runs }));
    await service.respond(call(undefined), async () => ({ job: ++runs }));
    expect(runs).toBe(2);
    expect(first.replayedWith).toEqual([]);
  });

  it('answers a repeat with the remembered body and status, marked as a replay, without running the handler again', async () => {
    const service = new IdempotencyService(recordsTable());
    let runs = 0;
    const first = await service.respond(call('order-1'), async () => ({ job: ++runs }));
    const repeat = call('order-1');
    const second = await service.respond(repeat, async () => ({ job: ++runs }));
    expect(second).toEqual(first);
    expect(runs).toBe(1);
    expect(repeat.replayedWith).toEqual([202]);
  });

  it('refuses the same key with another body', async () => {
    const service = new IdempotencyService(recordsTable());
    await service.respond(call('order-1', { duration: 10 }), async () => ({ job: 1 }));
    await expect(service.respond(call('order-1', { duration: 12 }), async () => ({ job: 2 }))).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });
});
