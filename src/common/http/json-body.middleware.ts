import type { NextFunction, Request, Response } from 'express';
import { Errors } from '../errors';

const JSON_TYPE = /^application\/([a-z0-9.+-]+\+)?json\s*(;|$)/i;

/**
 * A request that carries a body must say it is JSON (415 otherwise): without this, express would
 * silently ignore a form or text body and the request would fail validation for the wrong reason.
 */
export function requireJsonBodies(req: Request, _res: Response, next: NextFunction): void {
  const length = req.headers['content-length'];
  const hasBody = (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
  if (hasBody && !JSON_TYPE.test(req.headers['content-type'] ?? '')) {
    next(Errors.unsupportedMediaType());
    return;
  }
  next();
}
