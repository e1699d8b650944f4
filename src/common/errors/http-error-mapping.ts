import type { DomainError } from './domain-error';

/** How one error code answers over HTTP. */
export interface HttpErrorMapping {
  status: number;
  /** Short title, the body's `error` field, e.g. "Render limit exceeded". */
  title: string;
  /**
   * Extra response headers, fixed (`WWW-Authenticate`) or read from the error (a 416's
   * `Content-Range`). `Retry-After` needs no entry: it follows the error's retryAfterSeconds.
   */
  headers?: Readonly<Record<string, string>> | ((error: DomainError) => Record<string, string>);
}

/**
 * Every code the API can answer with → its HTTP mapping. The app composes it from every module's
 * codes (src/http-errors.ts); common only knows its shape.
 */
export type HttpErrorTable = Readonly<Record<string, HttpErrorMapping>>;
