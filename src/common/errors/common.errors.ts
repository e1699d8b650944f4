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

/**
 * The most issues one VALIDATION_ERROR lists (contract §27): past it the list is cut and the body says
 * `issues_truncated: true`. Whoever collects issues may stop at one more than this (enough to know the list is cut).
 */
export const MAX_VALIDATION_ISSUES = 50;

function validationMessage(issues: ValidationIssue[]): string {
  if (issues.length === 1) return issues[0].message;
  if (issues.length > MAX_VALIDATION_ISSUES)
    return `More than ${MAX_VALIDATION_ISSUES} fields are invalid; issues lists the first ${MAX_VALIDATION_ISSUES}.`;
  return `${issues.length} fields are invalid; see issues.`;
}

/**
 * VALIDATION_ERROR: the invalid fields listed in `issues` (every one, up to MAX_VALIDATION_ISSUES; beyond it the first
 * ones and `issues_truncated: true`), plus any extra top-level fields. Every validation error is one of these, so the
 * cap holds for all of them.
 */
export class ValidationFailed extends DomainError<'VALIDATION_ERROR'> {
  readonly issues: ValidationIssue[];

  constructor(issues: ValidationIssue[], extra: Record<string, unknown> = {}) {
    const truncated = issues.length > MAX_VALIDATION_ISSUES;
    const listed = truncated ? issues.slice(0, MAX_VALIDATION_ISSUES) : issues;
    super('VALIDATION_ERROR', validationMessage(issues), {
      issues: listed,
      ...(truncated ? { issues_truncated: true } : {}),
      ...extra,
    });
    this.issues = listed;
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
