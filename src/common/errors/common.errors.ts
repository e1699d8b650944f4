import { DomainError } from './domain-error';

/** Codes that belong to no module: request shape, missing resources, the service itself. */
export type CommonErrorCode =
  | 'VALIDATION_ERROR'
  | 'INVALID_JSON'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'PAYLOAD_TOO_LARGE'
  | 'NOT_FOUND'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

/** One validation problem, addressed by a path such as `waypoints[1].lat`. */
export interface ValidationIssue {
  field: string;
  code: string;
  message: string;
}

/** VALIDATION_ERROR: every invalid field listed in `issues`, plus any extra top-level fields. */
export class ValidationFailed extends DomainError<'VALIDATION_ERROR'> {
  constructor(
    readonly issues: ValidationIssue[],
    extra: Record<string, unknown> = {},
  ) {
    super('VALIDATION_ERROR', issues.length === 1 ? issues[0].message : `${issues.length} fields are invalid; see issues.`, {
      issues,
      ...extra,
    });
  }
}

export const CommonErrors = {
  validation: (issues: ValidationIssue[], extra: Record<string, unknown> = {}) => new ValidationFailed(issues, extra),
  invalidJson: () => new DomainError('INVALID_JSON', 'The request body is not valid JSON.'),
  unsupportedMediaType: () => new DomainError('UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be JSON (Content-Type: application/json).'),
  payloadTooLarge: () => new DomainError('PAYLOAD_TOO_LARGE', 'Request bodies are limited to 1 MiB.'),
  notFound: (what = 'Resource') => new DomainError('NOT_FOUND', `${what} not found.`),
  routeNotFound: (method: string, path: string) => new DomainError('NOT_FOUND', `No endpoint ${method} ${path}.`),
  serviceUnavailable: (what: string) => new DomainError('SERVICE_UNAVAILABLE', `${what} is temporarily unavailable; retry shortly.`, {}, 5),
  internal: () => new DomainError('INTERNAL_ERROR', 'Something went wrong on our side; it has been logged.'),
} satisfies Record<string, (...args: never[]) => DomainError<CommonErrorCode>>;
