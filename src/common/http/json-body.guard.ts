import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import express from 'express';
import type { Request, Response } from 'express';
import { CommonErrors } from '../errors';
import type { ValidationIssue } from '../errors';
import { bodyShapeIssue, rawBodyShapeIssue } from './body-shape';

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;
const MAX_BODY = '1mb';

/** A body over a shape bound, found on its raw bytes: body-parser hands it on instead of parsing the body. */
class ShapeRefused extends Error {
  readonly type = 'entity.shape.refused';
  constructor(readonly issue: ValidationIssue) {
    super(issue.message);
  }
}

const parseJson = express.json({
  limit: MAX_BODY,
  type: () => true,
  strict: false,
  // Between reading and parsing: a UTF-8 body over a bound is refused without being parsed (body-shape.ts).
  verify: (_req, _res, raw, encoding) => {
    const issue = encoding === 'utf-8' ? rawBodyShapeIssue(raw) : undefined;
    if (issue) throw new ShapeRefused(issue);
  },
});

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Last global guard: reads the request body, after the caller is identified, counted and admitted,
 * so an unauthenticated or rate-limited request is answered 401/429 whatever its body, and every
 * body error carries the request id and rate-limit headers. A body must say it is JSON (415),
 * 1 MiB at most (413), keep within the shape bounds (body-shape.ts: 400 VALIDATION_ERROR, checked on
 * the raw bytes before parsing, and on the parsed value) and parse (400 INVALID_JSON; body-parser's errors become
 * contract codes in the exception filter). A guard rather than an interceptor so that every interceptor and pipe
 * (validation) sees the parsed body. Requests without a body cost one header check.
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (!hasBody(req)) return true;
    // Without this, a form or text body would be ignored and the request would fail validation for the wrong reason.
    if (!JSON_TYPE.test(req.headers['content-type'] ?? '')) throw CommonErrors.unsupportedMediaType();
    const res = context.switchToHttp().getResponse<Response>();
    return new Promise((resolve, reject) =>
      parseJson(req, res, (err?: unknown) => {
        if (err instanceof ShapeRefused) return reject(CommonErrors.validation([err.issue]));
        if (err) return reject(err);
        const issue = bodyShapeIssue(req.body);
        return issue ? reject(CommonErrors.validation([issue])) : resolve(true);
      }),
    );
  }
}
