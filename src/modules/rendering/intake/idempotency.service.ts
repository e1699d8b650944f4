import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { IdempotencyRecord } from '../entities/idempotency-record.entity';
import type { IdempotentCall } from './idempotent-call';
import { RenderingErrors } from '../errors/rendering.errors';

const RETENTION_MS = 24 * 3600_000;
/** An in-progress record older than this belonged to a crashed request and may be taken over. */
const STALE_IN_PROGRESS_MS = 60_000;

/** JSON with sorted keys, so `{a,b}` and `{b,a}` are the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Whose key: an account's, in one mode (`mapr_test_` keys' sandbox, or live). */
interface RecordOwner {
  accountId: string;
  sandbox: boolean;
}

/** A response as remembered under a key: its status and body. */
export interface IdempotentResponse<T = unknown> {
  status: number;
  body: T;
}

export type IdempotentOutcome<T> = ({ replayed: true } & IdempotentResponse) | ({ replayed: false } & IdempotentResponse<T>);

/**
 * `Idempotency-Key` handling (per account and mode, 24 h): the same key and body replay the first
 * response; another body → 409 IDEMPOTENCY_KEY_REUSED; a duplicate still running → 409
 * IDEMPOTENCY_KEY_IN_USE. A request refused with a 4xx is forgotten, so a corrected retry works.
 * Routes opt in with an `@Idempotency() call: IdempotentCall` parameter and `respond` (idempotent-call.ts).
 *
 * The record is finished after the handler's own write. A process that dies between the two (ADR 0013) leaves the
 * record `in_progress` while what the request created exists: a route that stores the key with what it creates
 * passes `recover`, which finds it, and a duplicate or a retry then gets that answer rather than a 409 now and a
 * second job (a second charge) once the record is stale.
 */
@Injectable()
export class IdempotencyService {
  constructor(@InjectRepository(IdempotencyRecord) private readonly records: Repository<IdempotencyRecord>) {}

  /**
   * A create route's answer under its IdempotentCall: without a key the handler just runs; with one,
   * the first response is remembered and a repeat gets it again (marked as a replay).
   */
  async respond<T>(
    call: IdempotentCall,
    handler: () => Promise<T>,
    recover?: (key: string, since: Date) => Promise<T | undefined>,
  ): Promise<T> {
    if (call.key === undefined) return handler();
    const key = call.key;
    const outcome = await this.run(
      { accountId: call.accountId, sandbox: call.sandbox, key, scope: call.scope, body: call.body },
      async () => ({ status: call.status, body: await handler() }),
      recover &&
        (async (since: Date) => {
          const body = await recover(key, since);
          return body === undefined ? undefined : { status: call.status, body };
        }),
    );
    if (outcome.replayed) call.markReplayed(outcome.status);
    return outcome.body as T;
  }

  /**
   * Runs `handler` once per (account, mode, key) and body; a repeat gets the remembered response. `recover` answers what
   * an earlier run under the key created since `since` (its record's creation), if anything, when its record was left
   * unfinished.
   */
  async run<T>(
    request: { accountId: string; sandbox: boolean; key: string; scope: string; body: unknown },
    handler: () => Promise<IdempotentResponse<T>>,
    recover?: (since: Date) => Promise<IdempotentResponse<T> | undefined>,
  ): Promise<IdempotentOutcome<T>> {
    const { key, scope } = request;
    // A key is the caller's in one mode: a test key's use of it never answers a live request, nor the reverse.
    const owner: RecordOwner = { accountId: request.accountId, sandbox: request.sandbox };
    const requestHash = createHash('sha256').update(canonicalJson(request.body)).digest('hex');
    const claimed = await this.claim(owner, key, scope, requestHash, recover);
    if (claimed !== true) return claimed;
    try {
      const result = await handler();
      await this.records.update(
        { ...owner, key },
        { state: 'completed', responseStatus: result.status, responseBody: result.body as object },
      );
      return { replayed: false, ...result };
    } catch (err) {
      // Client errors are not remembered; server errors neither, so the client can simply retry.
      await this.records.delete({ ...owner, key });
      throw err;
    }
  }
  private async claim(
    owner: RecordOwner,
    key: string,
    scope: string,
    requestHash: string,
    recover?: (since: Date) => Promise<IdempotentResponse | undefined>,
  ): Promise<true | IdempotentOutcome<never>> {
    const now = new Date();
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.records.insert({
          ...owner,
          key,
          scope,
          requestHash,
          state: 'in_progress',
          responseStatus: null,
          responseBody: null as unknown as object,
          createdAt: now,
        });
        return true;
      } catch (err) {
        const existing = await this.records.findOneBy({ ...owner, key });
        if (!existing) {
          if (attempt === 0) continue; // deleted between our insert and read: try once more
          throw err;
        }
        const sameRequest = existing.requestHash === requestHash && existing.scope === scope;
        if (existing.state === 'in_progress' && sameRequest && recover) {
          // Unfinished: still running, or its process died after creating what it creates. If that exists, it is the answer.
          const recovered = await recover(existing.createdAt);
          if (recovered) {
            await this.records.update(
              { ...owner, key, state: 'in_progress' },
              { state: 'completed', responseStatus: recovered.status, responseBody: recovered.body as object },
            );
            return { replayed: true, ...recovered };
          }
        }
        const age = now.getTime() - existing.createdAt.getTime();
        const expired = age > RETENTION_MS || (existing.state === 'in_progress' && age > STALE_IN_PROGRESS_MS);
        if (expired) {
          await this.records.delete({ ...owner, key, createdAt: existing.createdAt });
          continue;
        }
        if (existing.requestHash !== requestHash || existing.scope !== scope) throw RenderingErrors.idempotencyKeyReused();
        if (existing.state === 'in_progress') throw RenderingErrors.idempotencyKeyInUse();
        return { replayed: true, status: existing.responseStatus ?? 200, body: existing.responseBody };
      }
    }
    throw RenderingErrors.idempotencyKeyInUse();
  }
}
