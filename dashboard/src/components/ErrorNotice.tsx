import { ApiError } from '../api/client';

/**
 * An error as the API gave it: its message first, then the validation issues field by field, and
 * the code and request id a user quotes to support.
 */
export function ErrorNotice({ error, title }: { error: unknown; title?: string }) {
  if (!error) return null;
  const api = error instanceof ApiError ? error : null;
  const message = api ? api.message : error instanceof Error ? error.message : String(error);
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
      {api && api.status !== 0 ? (
        <p className="notice-meta">
          <code>{api.code}</code>
          {api.requestId ? <> · request {api.requestId}</> : null}
        </p>
      ) : null}
    </div>
  );
}
