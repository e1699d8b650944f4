import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DomainError } from './domain-error';
import { Errors } from './errors';

const logger = new Logger('Errors');

/** Body-parser errors carry a `type`; map them to the contract's codes. */
function fromBodyParser(err: unknown): DomainError | undefined {
  const type = (err as { type?: string } | null)?.type;
  if (type === 'entity.parse.failed') return Errors.invalidJson();
  if (type === 'entity.too.large') return Errors.payloadTooLarge();
  if (type === 'encoding.unsupported' || type === 'charset.unsupported') return Errors.unsupportedMediaType();
  return undefined;
}

function fromHttpException(err: HttpException, req: Request): DomainError {
  const status = err.getStatus();
  if (status === 404) return Errors.routeNotFound(req.method, req.path);
  if (status === 413) return Errors.payloadTooLarge();
  if (status === 415) return Errors.unsupportedMediaType();
  if (status >= 500) return Errors.internal();
  const titles: Record<number, [string, string]> = {
    400: ['Bad request', 'BAD_REQUEST'],
    403: ['Forbidden', 'FORBIDDEN'],
    405: ['Method not allowed', 'METHOD_NOT_ALLOWED'],
    409: ['Conflict', 'CONFLICT'],
  };
  const [title, code] = titles[status] ?? ['Request refused', 'REQUEST_REFUSED'];
  const response = err.getResponse();
  return new DomainError(status, code, title, typeof response === 'string' ? response : err.message);
}

/** Any thrown value → the DomainError a client sees; unknown errors are logged and become a generic 500. */
export function toDomainError(exception: unknown, req: Request): DomainError {
  if (exception instanceof DomainError) return exception;
  const parserError = fromBodyParser(exception);
  if (parserError) return parserError;
  if (exception instanceof HttpException) {
    if (exception.getStatus() >= 500) logger.error({ err: exception, path: req.path }, 'Server error');
    return fromHttpException(exception, req);
  }
  logger.error({ err: exception, path: req.path }, 'Unhandled error');
  return Errors.internal();
}

/** Writes the contract's one error body: `{ error, error_code, message, request_id, ...extra }`. */
export function sendError(req: Request, res: Response, error: DomainError): void {
  if (res.headersSent) return;
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res.status(error.status).json({
    error: error.title,
    error_code: error.code,
    message: error.message,
    request_id: String((req as { id?: unknown }).id ?? ''),
    ...error.extra,
  });
}

/**
 * The one place where failures become HTTP inside Nest. Stack traces and internal messages
 * never reach a client.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    sendError(req, ctx.getResponse<Response>(), toDomainError(exception, req));
  }
}
