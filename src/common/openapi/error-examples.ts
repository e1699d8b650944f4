import { ApiResponse, type ApiResponseOptions } from '@nestjs/swagger';
import type { OpenAPIObject } from '@nestjs/swagger';
import { CommonErrors, DomainError, type HttpErrorTable } from '../errors';
import { ErrorResponseDto } from './error-response.dto';

/**
 * Example error bodies for the OpenAPI document, one set per status, built from the errors
 * themselves (`CommonErrors` here, each module's `<Module>ErrorExamples`), so that messages and
 * extra fields are the ones the API sends; titles come from the app's HTTP table (`withErrorTitles`).
 */
/** `key` names the example in the document; the error code unless a status shows one code twice. */
export type ErrorExample = { summary: string; error: DomainError; key?: string };

/** The body of an example; `error` (the title) is filled in from the HTTP table when the document is built. */
export function errorBody(error: DomainError, requestId = 'req_5f0c2d7e9b8a4c1d8e6f3a2b1c0d9e8f'): Record<string, unknown> {
  return { error: '', error_code: error.code, message: error.message, request_id: requestId, ...error.extra };
}

/** Documents one status with a named example per error code (Swagger UI offers them in a list), and its headers if any. */
export function ApiErrorResponse(status: number, description: string, examples: ErrorExample[], headers?: ApiResponseOptions['headers']) {
  return ApiResponse({
    status,
    description,
    type: ErrorResponseDto,
    examples: Object.fromEntries(examples.map(({ summary, error, key }) => [key ?? error.code, { summary, value: errorBody(error) }])),
    ...(headers ? { headers } : {}),
  });
}

/** The Retry-After header of an error a retry can cure. */
export const RETRY_AFTER_HEADER = {
  'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer', example: 5 } },
} satisfies ApiResponseOptions['headers'];

/** Sets each example error body's `error` to its code's title in the table (a copy; the input is untouched). */
export function withErrorTitles(document: OpenAPIObject, table: HttpErrorTable): OpenAPIObject {
  const fill = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(fill);
    if (node === null || typeof node !== 'object') return node;
    const copy = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, fill(value)]));
    const code = copy.error_code;
    if (copy.error === '' && typeof code === 'string' && Object.hasOwn(table, code)) copy.error = table[code].title;
    return copy;
  };
  return fill(document) as OpenAPIObject;
}

/** The catalogue of examples, by the situation they show. */
export const ErrorExamples = {
  renderValidation: {
    summary: 'A field of the wrong shape',
    error: CommonErrors.validation([
      { field: 'camera', code: 'invalid_type', message: 'camera must be an object, e.g. {"preset":"cinematic"}' },
    ]),
  },
  renderValidationMany: {
    key: 'VALIDATION_ERROR_unknown_place',
    summary: 'Several bad fields, an unknown place among them',
    error: CommonErrors.validation([
      { field: 'waypoints[1].lat', code: 'too_big', message: 'lat must not be greater than 90' },
      { field: 'waypoints[2].place', code: 'unknown_place', message: 'Unknown place "Lisbn". Did you mean: Lisbon?' },
    ]),
  },
  durationExceeded: {
    key: 'DURATION_EXCEEDS_TIER_LIMIT',
    summary: 'duration above the tier maximum',
    error: CommonErrors.validation(
      [{ field: 'duration', code: 'DURATION_EXCEEDS_TIER_LIMIT', message: 'duration 30 s exceeds the free tier maximum of 10 s' }],
      {
        max_duration_seconds: 10,
        tier: 'free',
      },
    ),
  },
  unknownTemplate: {
    key: 'VALIDATION_ERROR_unknown_template',
    summary: 'template_id names no template of this account (nor a built-in one)',
    error: CommonErrors.validation([
      { field: 'template_id', code: 'unknown_template', message: 'Template tpl_3kR8vN2xQ7mL9pT4wZ1cB6yH does not exist.' },
    ]),
  },
  batchValidation: {
    summary: 'A job of the batch has its own webhook_url',
    error: CommonErrors.validation([
      {
        field: 'jobs[1].webhook_url',
        code: 'not_allowed_in_batch',
        message: 'Jobs of a batch have no webhook_url of their own; set webhook_url on the batch.',
      },
    ]),
  },
  registerValidation: {
    summary: 'Bad e-mail address and a short password',
    error: CommonErrors.validation([
      { field: 'email', code: 'invalid_email', message: 'email must be an e-mail address' },
      { field: 'password', code: 'invalid_length', message: 'password must be 8 to 128 characters' },
    ]),
  },
  shortNewPassword: {
    summary: 'A new password shorter than 8 characters',
    error: CommonErrors.validation([{ field: 'password', code: 'invalid_length', message: 'password must be 8 to 128 characters' }]),
  },
  invalidCursor: {
    key: 'VALIDATION_ERROR_invalid_cursor',
    summary: 'A cursor that is not a next_cursor of this list',
    error: CommonErrors.validation([{ field: 'cursor', code: 'invalid_cursor', message: 'cursor is not a value returned as next_cursor' }]),
  },
  notFound: (what: string) => ({ summary: `No such ${what.toLowerCase()} (or another account's)`, error: CommonErrors.notFound(what) }),
} satisfies Record<string, ErrorExample | ((what: string) => ErrorExample)>;
