import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Response } from 'express';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { Errors } from '../../common/errors';
import { IdempotencyRecord } from './entities/idempotency-record.entity';

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

export type IdempotentOutcome<T> = { replayed: true; status: number; body: unknown } | { replayed: false; status: number; body: T };

/**
 * `Idempotency-Key` handling (per account, 24 h): the same key and body replay the first
 * response; another body → 409 IDEMPOTENCY_KEY_REUSED; a duplicate still running → 409
 * IDEMPOTENCY_KEY_IN_USE. A request refused with a 4xx is forgotten, so a corrected retry works.
 */
@Injectable()
export class IdempotencyService {
  constructor(@InjectRepository(IdempotencyRecord) private readonly records: Repository<IdempotencyRecord>) {}

  async run<T>(
    accountId: string,
    key: string | undefined,
    scope: string,
    body: unknown,
    status: number,
    handler: () => Promise<T>,
  ): Promise<IdempotentOutcome<T>> {
    if (key === undefined) return { replayed: false, status, body: await handler() };
    const requestHash = createHash('sha256').update(canonicalJson(body)).digest('hex');
    const claimed = await this.claim(accountId, key, scope, requestHash);
    if (claimed !== true) return claimed;
    try {
      const result = await handler();
      await this.records.update({ accountId, key }, { state: 'completed', responseStatus: status, responseBody: result as object });
      return { replayed: false, status, body: result };
    } catch (err) {
      // Client errors are not remembered; server errors neither, so the client can simply retry.
      await this.records.delete({ accountId, key });
      throw err;
    }
  }

  private async claim(accountId: string, key: string, scope: string, requestHash: string): Promise<true | IdempotentOutcome<never>> {
    const now = new Date();
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await this.records.insert({ accountId, key, scope, requestHash, state: 'in_progress', responseStatus: null, responseBody: null as unknown as object, createdAt: now });
        return true;
      } catch (err) {
        const existing = await this.records.findOneBy({ accountId, key });
        if (!existing) {
          if (attempt === 0) continue; // deleted between our insert and read: try once more
          throw err;
        }
        const age = now.getTime() - existing.createdAt.getTime();
        const expired = age > RETENTION_MS || (existing.state === 'in_progress' && age > STALE_IN_PROGRESS_MS);
        if (expired) {
          await this.records.delete({ accountId, key, createdAt: existing.createdAt });
          continue;
        }
        if (existing.requestHash !== requestHash || existing.scope !== scope) throw Errors.idempotencyKeyReused();
        if (existing.state === 'in_progress') throw Errors.idempotencyKeyInUse();
        return { replayed: true, status: existing.responseStatus ?? 200, body: existing.responseBody };
      }
    }
    throw Errors.idempotencyKeyInUse();
  }

  /**
   * Runs a create endpoint under the request's `Idempotency-Key` header (if any) and writes the
   * status: the first response, or its replay (marked `Idempotent-Replayed: true`).
   */
  async respond<T>(
    res: Response,
    request: { accountId: string; header: string | string[] | undefined; scope: string; body: unknown; status: number },
    handler: () => Promise<T>,
  ): Promise<unknown> {
    const key = IdempotencyService.parseKey(request.header);
    const outcome = await this.run(request.accountId, key, request.scope, request.body, request.status, handler);
    if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
    res.status(outcome.status);
    return outcome.body;
  }

  /** Validates the header value: 1–255 visible ASCII characters. */
  static parseKey(header: string | string[] | undefined): string | undefined {
    if (header === undefined) return undefined;
    const value = Array.isArray(header) ? header[0] : header;
    if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
      throw Errors.validation([
        { field: 'Idempotency-Key', code: 'invalid_format', message: 'Idempotency-Key must be 1 to 255 visible ASCII characters' },
      ]);
    }
    return value;
  }
}


/** Documents the optional Idempotency-Key header of a create endpoint. */
export const ApiIdempotencyKey = () =>
  ApiHeader({ name: 'Idempotency-Key', required: false, description: 'Up to 255 characters; the same key and body within 24 h return the first response again.' });
