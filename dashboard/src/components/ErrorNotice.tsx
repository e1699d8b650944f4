import { MaprConnectionError, MaprError } from '@mapr/sdk';

/** What a person reads when no answer came at all (the SDK has already tried again). */
const UNREACHABLE = 'The service could not be reached. Check your connection and try again.';

/**
 * An error as the API gave it: its message first, then the validation issues field by field, and
 * the code and request id a user quotes to support.
 */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const api = error instanceof MaprError ? error : null;
  const message = api
    ? api.message
    : error instanceof MaprConnectionError
      ? UNREACHABLE
      : error instanceof Error
        ? error.message
        : String(error);
  return (
    <div className="notice notice-error" role="alert">
      {title ? <strong className="notice-title">{title}</strong> : null}
      <p className="notice-message">{message}</p>
      {api && api.issues.length > 0 && !(api.issues.length === 1 && api.issues[0]!.message === message) ? (
        <ul className="notice-issues">
          {api.issues.map((issue) => (
            <li key={`${issue.field}:${issue.code}`}>
              <code>{issue.field}</code> {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
      {api ? (
        <p className="notice-meta">
          <code>{api.error_code}</code>
          {api.request_id ? <> · request {api.request_id}</> : null}
        </p>
      ) : null}
    </div>
  );
}
