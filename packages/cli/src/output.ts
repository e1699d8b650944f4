import { MaprConnectionError, MaprError, RenderFailedError } from '@mapr/sdk';

/** Exit codes, so scripts can tell what went wrong without parsing text. */
export const EXIT = {
  ok: 0,
  /** Anything unforeseen. */
  unexpected: 1,
  /** The command line or an input file is wrong (nothing was sent). */
  usage: 2,
  /** The API refused the request (4xx/5xx; the error code is printed). */
  api: 3,
  /** The render (or a job of the batch) failed or was cancelled. */
  renderFailed: 4,
  /** The service could not be reached. */
  connection: 5,
} as const;

/** A mistake in how the command was called, reported before anything is sent. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface Output {
  json: boolean;
}

/** Prints the result: the JSON value on stdout with `--json`, otherwise the human lines. */
export function emit(output: Output, value: unknown, human: () => string | string[]): void {
  if (output.json) {
    process.stdout.write(JSON.stringify(value, null, 2) + '\n');
    return;
  }
  const lines = human();
  process.stdout.write((Array.isArray(lines) ? lines.join('\n') : lines) + '\n');
}

/** Reports an error on stderr (as JSON with `--json`) and answers the exit code it deserves. */
export function reportError(error: unknown, output: Output): number {
  const { code, body, text } = describe(error);
  if (output.json) process.stderr.write(JSON.stringify({ error: body }, null, 2) + '\n');
  else process.stderr.write(`mapr: ${text}\n`);
  return code;
}

function describe(error: unknown): { code: number; body: unknown; text: string } {
  if (error instanceof UsageError) return { code: EXIT.usage, body: { error_code: 'USAGE', message: error.message }, text: error.message };
  if (error instanceof MaprError) {
    const issues = error.issues.map((issue) => `\n  - ${issue.field}: ${issue.message} (${issue.code})`).join('');
    const retry = error.retry_after_seconds !== undefined ? ` Retry in ${error.retry_after_seconds} s.` : '';
    const hint = error.status === 401 ? '\n  Log in with `mapr login`, or set MAPR_API_KEY.' : '';
    return {
      code: EXIT.api,
      body: { status: error.status, ...error.body },
      text: `${error.error_code} (HTTP ${error.status}): ${error.message}${retry}${issues}${hint}\n  request id: ${error.request_id ?? 'none'}`,
    };
  }
  if (error instanceof RenderFailedError) {
    return {
      code: EXIT.renderFailed,
      body: { error_code: error.error_code ?? 'CANCELLED', message: error.message, job: error.job },
      text: error.message,
    };
  }
  if (error instanceof MaprConnectionError) {
    return {
      code: EXIT.connection,
      body: { error_code: 'CONNECTION_FAILED', message: error.message },
      text: `${error.message}\n  Is the service running, and is the base URL right (--base-url, MAPR_BASE_URL, mapr login)?`,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { code: EXIT.unexpected, body: { error_code: 'UNEXPECTED', message }, text: message };
}
