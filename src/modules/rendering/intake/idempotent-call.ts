import { createParamDecorator, type ExecutionContext, HttpStatus } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { ApiHeader } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AuthenticatedRequestFields } from '../../auth';
import { CommonErrors } from '../../../common/errors';

/** A create request as its route received it, with the optional `Idempotency-Key` (contract §3). */
export interface IdempotentCall {
  /** The header's value; undefined when the request has none (then the route simply runs). */
  readonly key: string | undefined;
  readonly accountId: string;
  /** Made with a `mapr_test_` key: its keys are apart from the live ones (a dashboard session's calls are live). */
  readonly sandbox: boolean;
  /** The route, e.g. `POST /v1/render`: a key used on another route is a different request. */
  readonly scope: string;
  /** The body as received, hashed to tell a repeat from a different request under the same key. */
  readonly body: unknown;
  /** The route's success status (its `@HttpCode`), remembered with the response body. */
  readonly status: number;
  /** Answers with a remembered response: its status, and `Idempotent-Replayed: true`. */
  markReplayed(status: number): void;
}

/** The header's value, validated: 1–255 visible ASCII characters (else 400 VALIDATION_ERROR). */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) {
    throw CommonErrors.validation([
      { field: 'Idempotency-Key', code: 'invalid_format', message: 'Idempotency-Key must be 1 to 255 visible ASCII characters' },
    ]);
  }
  return value;
}

const HEADER_DOC = {
  name: 'Idempotency-Key',
  required: false,
  description: 'Up to 255 characters; the same key and body within 24 h return the first response again.',
};

/**
 * Parameter decorator of an idempotent create route: gives the handler its IdempotentCall (run it with
 * `IdempotencyService.respond`) and documents the header in OpenAPI. A parameter rather than an
 * interceptor because interceptors put an RxJS pipeline on every request of the route (measured: about
 * 12% of POST /v1/render's throughput), while most requests carry no key.
 */
export const Idempotency = createParamDecorator(
  (_data: unknown, context: ExecutionContext): IdempotentCall => {
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequestFields>();
    const res = context.switchToHttp().getResponse<Response>();
    if (!req.principal) throw new Error('@Idempotency() used on a route without authentication');
    const routePath = (req.route as { path?: string } | undefined)?.path ?? req.path;
    return {
      key: parseIdempotencyKey(req.headers['idempotency-key']),
      accountId: req.principal.accountId,
      sandbox: req.principal.sandbox,
      scope: `${req.method} ${routePath}`,
      body: req.body as unknown,
      status: (Reflect.getMetadata(HTTP_CODE_METADATA, context.getHandler()) as number | undefined) ?? HttpStatus.CREATED,
      markReplayed: (status) => {
        res.status(status);
        res.setHeader('Idempotent-Replayed', 'true');
      },
    };
  },
  [
    (target: object, propertyKey: string | symbol | undefined) => {
      if (propertyKey === undefined) return;
      const descriptor = Object.getOwnPropertyDescriptor(target, propertyKey);
      if (descriptor) ApiHeader(HEADER_DOC)(target, propertyKey, descriptor);
    },
  ],
);
