/**
 * A failure with a stable, documented code. Services and processors throw these; the HTTP
 * layer turns them into the contract's one error body in a single exception filter.
 */
export class DomainError extends Error {
  constructor(
    /** HTTP status the API answers with. */
    readonly status: number,
    /** Stable UPPER_SNAKE code, e.g. RENDER_LIMIT_EXCEEDED. */
    readonly code: string,
    /** Short title, e.g. "Render limit exceeded". */
    readonly title: string,
    message: string,
    /** Extra top-level fields of the error body (the contract lists them per code). */
    readonly extra: Record<string, unknown> = {},
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}
