/**
 * Whether an error says a dependency is away (Redis or the database down, restarting, or dropping connections),
 * rather than a bug: a client then hears SERVICE_UNAVAILABLE with Retry-After, not INTERNAL_ERROR. Recognised by the
 * errors' own names and codes, so nothing here imports a driver.
 */

/** Connection-level failures of Node's sockets. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTCONN']);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not reachable: class 08 (connection exceptions), 57P01–03
 * (administrator shutdown, crash shutdown, cannot connect now), 53300 (too many connections).
 */
const POSTGRES_UNAVAILABLE = /^(08\d{3}|57P0[1-3]|53300)$/;

/** SQLite's "database is locked / busy": another process holds the file for longer than the busy timeout. */
const SQLITE_BUSY = new Set(['SQLITE_BUSY', 'SQLITE_LOCKED']);

const REDIS_MESSAGES = [
  /^Connection is closed\.?$/,
  /Stream isn't writeable and enableOfflineQueue options is false/,
  /^Reached the max retries per request limit/,
];

const DATABASE_MESSAGES = [
  /Connection terminated/i,
  /terminating connection/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
];

/** `connection`: a socket to a dependency failed, without saying which. */
export type Dependency = 'redis' | 'database' | 'connection';

/** The dependency an error says is unavailable, or undefined when it says nothing of the kind. */
export function unavailableDependency(error: unknown, depth = 0): Dependency | undefined {
  if (!error || typeof error !== 'object' || depth > 3) return undefined;
  const { name, code, message, driverError, cause, severity } = error as {
    severity?: unknown;
    name?: unknown;
    code?: unknown;
    message?: unknown;
    driverError?: unknown;
    cause?: unknown;
  };
  const text = typeof message === 'string' ? message : '';
  if (name === 'MaxRetriesPerRequestError' || REDIS_MESSAGES.some((pattern) => pattern.test(text))) return 'redis';
  if (typeof code === 'string' && (POSTGRES_UNAVAILABLE.test(code) || SQLITE_BUSY.has(code))) return 'database';
  // A FATAL (or PANIC) from PostgreSQL ends the session: the server refused or dropped the connection (e.g. 55000,
  // a database not accepting connections), whatever the SQLSTATE.
  if (severity === 'FATAL' || severity === 'PANIC') return 'database';
  if (DATABASE_MESSAGES.some((pattern) => pattern.test(text))) return 'database';
  // TypeORM wraps the driver's error (QueryFailedError.driverError); others chain it as `cause`.
  const inner = unavailableDependency(driverError, depth + 1) ?? unavailableDependency(cause, depth + 1);
  if (inner) return inner;
  if (typeof code === 'string' && SOCKET_CODES.has(code)) return 'connection';
  return undefined;
}
