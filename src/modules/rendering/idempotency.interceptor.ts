import { applyDecorators, CallHandler, ExecutionContext, Injectable, NestInterceptor, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { from, lastValueFrom, map, Observable } from 'rxjs';
import type { AuthenticatedRequestFields } from '../auth';
import { IdempotencyService } from './idempotency.service';

/**
 * Runs a create route under the request's `Idempotency-Key` header, if any: the first response
 * is remembered (status and body) and a repeat with the same body gets it again, marked
 * `Idempotent-Replayed: true`. The key's scope is the route (`POST /v1/render`).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  constructor(private readonly idempotency: IdempotencyService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & AuthenticatedRequestFields>();
    const res = http.getResponse<Response>();
    const key = IdempotencyService.parseKey(req.headers['idempotency-key']);
    if (key === undefined) return next.handle();
    if (!req.principal) throw new Error('@Idempotent() used on a route without authentication');
    const routePath = (req.route as { path?: string } | undefined)?.path ?? req.path;
    const request = { accountId: req.principal.accountId, key, scope: `${req.method} ${routePath}`, body: req.body as unknown };
    // The route's own status (@HttpCode) is already set when the handler's result arrives.
    const handle = async () => ({ body: await lastValueFrom(next.handle(), { defaultValue: undefined }), status: res.statusCode });
    return from(this.idempotency.run(request, handle)).pipe(
      map((outcome) => {
        if (outcome.replayed) res.setHeader('Idempotent-Replayed', 'true');
        res.status(outcome.status);
        return outcome.body;
      }),
    );
  }
}

/**
 * Makes a create route idempotent under the optional `Idempotency-Key` header (contract §3) and
 * documents the header. The route must be authenticated: keys are per account.
 */
export const Idempotent = () =>
  applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description: 'Up to 255 characters; the same key and body within 24 h return the first response again.',
    }),
  );
