import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CommonErrors } from './common.errors';
import { unavailableDependency } from './dependency-outage';
import { DomainError } from './domain-error';
import type { HttpErrorMapping, HttpErrorTable } from './http-error-mapping';

const logger = new Logger('Errors');

/** Body-parser errors carry a `type`; map them to the contract's codes. */
function fromBodyParser(err: unknown): DomainError | undefined {
  const type = (err as { type?: string } | null)?.type;
  if (type === 'entity.parse.failed') return CommonErrors.invalidJson();
  if (type === 'entity.too.large') return CommonErrors.payloadTooLarge();
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return CommonErrors.unsupportedMediaType();
  return undefined;
}

/** A framework HttpException with no contract code of its own: it is HTTP already, and keeps its status. */
class FrameworkHttpError extends DomainError {
  constructor(
    readonly mapping: HttpErrorMapping,
    code: string,
    message: string,
  ) {
    super(code, message);
  }
}

function fromHttpException(err: HttpException, req: Request): DomainError {
  const status = err.getStatus();
  if (status === 404) return CommonErrors.routeNotFound(req.method, req.path);
  if (status === 413) return CommonErrors.payloadTooLarge();
  if (status === 415) return CommonErrors.unsupportedMediaType();
  if (status === 503) return notReady(err);
  if (status >= 500) return CommonErrors.internal();
  const titles: Record<number, [string, string]> = {
    400: ['Bad request', 'BAD_REQUEST'],
    403: ['Forbidden', 'FORBIDDEN'],
    405: ['Method not allowed', 'METHOD_NOT_ALLOWED'],
    409: ['Conflict', 'CONFLICT'],
  };
  const [title, code] = titles[status] ?? ['Request refused', 'REQUEST_REFUSED'];
  const response = err.getResponse();
  return new FrameworkHttpError({ status, title }, code, typeof response === 'string' ? response : err.message);
}

/** A 503 from the framework (the readiness check, @nestjs/terminus): which checks failed, in the one error shape. */
function notReady(err: HttpException): DomainError {
  const response = err.getResponse() as { error?: Record<string, unknown> } | string;
  const failing = typeof response === 'object' && response.error ? response.error : undefined;
  const names = failing ? Object.keys(failing).join(', ') : '';
  return new DomainError(
    'SERVICE_UNAVAILABLE',
    names ? `Not ready: ${names} not answering; retry shortly.` : 'The service is temporarily unavailable; retry shortly.',
    failing ? { checks: failing } : {},
    5,
  );
}

/** Any thrown value → the DomainError a client sees; unknown errors are logged and become a generic 500. */
export function domainErrorFrom(exception: unknown, req: Request): DomainError {
  if (exception instanceof DomainError) return exception;
  const parserError = fromBodyParser(exception);
  if (parserError) return parserError;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    // A 503 is a dependency away (the readiness check says so every few seconds while it lasts), not a bug.
    if (status === 503) logger.warn({ path: req.path, response: exception.getResponse() }, 'Service unavailable');
    else if (status >= 500) logger.error({ err: exception, path: req.path }, 'Server error');
    return fromHttpException(exception, req);
  }
  const away = unavailableDependency(exception);
  if (away) {
    // Not a bug: Redis or the database is down or restarting. The client may retry; the operator sees it here.
    logger.warn({ err: exception, path: req.path, dependency: away }, 'A dependency is unavailable');
    return CommonErrors.serviceUnavailable('The service');
  }
  logger.error({ err: exception, path: req.path }, 'Unhandled error');
  return CommonErrors.internal();
}

/** The table's entry for the error's code; a code without one is a bug, answered as INTERNAL_ERROR. */
function lookUp(error: DomainError, table: HttpErrorTable): [DomainError, HttpErrorMapping] {
  if (error instanceof FrameworkHttpError) return [error, error.mapping];
  const mapping = Object.hasOwn(table, error.code) ? table[error.code] : undefined;
  if (mapping) return [error, mapping];
  logger.error({ err: error }, `Error code ${error.code} has no HTTP mapping`);
  const internal = CommonErrors.internal();
  return [internal, table[internal.code] ?? { status: 500, title: 'Internal error' }];
}

/** Writes the contract's one error body: `{ error, error_code, message, request_id, ...extra }`. */
export function sendError(req: Request, res: Response, domainError: DomainError, table: HttpErrorTable): void {
  if (res.headersSent) return;
  const [error, mapping] = lookUp(domainError, table);
  const headers = typeof mapping.headers === 'function' ? mapping.headers(error) : (mapping.headers ?? {});
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  if (error.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(error.retryAfterSeconds));
  res.status(mapping.status).json({
    error: mapping.title,
    error_code: error.code,
    message: error.message,
    request_id: String((req as { id?: unknown }).id ?? ''),
    ...error.extra,
  });
}

/**
 * The one place where failures become HTTP inside Nest, through the app's code → HTTP table.
 * Stack traces and internal messages never reach a client.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  constructor(private readonly table: HttpErrorTable) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    sendError(req, ctx.getResponse<Response>(), domainErrorFrom(exception, req), this.table);
  }
}
