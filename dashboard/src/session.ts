/**
 * The login session: the access token lives in sessionStorage (this tab only, gone when the tab
 * closes) and is removed at logout or when it expires, whichever comes first. API keys and the
 * webhook secret are never stored: they are shown once and kept only in the page's memory.
 */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
}

export interface Session {
  token: string;
  /** Milliseconds since the epoch, from the token's `exp` claim. */
  expiresAt: number;
  user: SessionUser;
}

const STORAGE_KEY = 'mapr.session';

/** The `exp` claim of a JWT (seconds) in milliseconds; a token without one is treated as lasting an hour. */
function expiryOf(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    if (typeof payload.exp === 'number') return payload.exp * 1000;
  } catch {
    // Not a JWT we can read: fall through.
  }
  return Date.now() + 3600_000;
}

export function saveSession(token: string, user: SessionUser): Session {
  const session = { token, expiresAt: expiryOf(token), user };
  sessionStorage.setItem(STORAGE_KEY, JSON.stringify(session));
  return session;
}

export function loadSession(): Session | null {
  const raw = sessionStorage.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as Session;
    if (typeof session.token === 'string' && session.expiresAt > Date.now()) return session;
  } catch {
    // Corrupt entry: drop it below.
  }
  sessionStorage.removeItem(STORAGE_KEY);
  return null;
}

export function clearSession(): void {
  sessionStorage.removeItem(STORAGE_KEY);
}

export function currentToken(): string | null {
  return loadSession()?.token ?? null;
}
