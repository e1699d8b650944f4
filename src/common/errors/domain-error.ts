/**
 * A failure with a stable, documented code. Services and processors throw these; they know
 * nothing of HTTP. The app's one code → HTTP table (status, title, headers) and the exception
 * filter turn them into the contract's one error body.
 */
export class DomainError<Code extends string = string> extends Error {
  constructor(
    /** Stable UPPER_SNAKE code, e.g. RENDER_LIMIT_EXCEEDED. */
    readonly code: Code,
    message: string,
    /** Extra top-level fields of the error body (the contract lists them per code). */
    readonly extra: Record<string, unknown> = {},
    /** When a retry may succeed, in seconds (HTTP answers it as Retry-After). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
