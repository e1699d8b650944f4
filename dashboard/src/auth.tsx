/**
 * Who is logged in, for the whole app: the session (session.ts), logging in and out, and the
 * automatic logout when the token expires or the API stops accepting it.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { endSessionOnServer, onSessionRejected, publicApi } from './api/client';
import { clearSession, loadSession, saveSession, type Session } from './session';

interface SessionContextValue {
  session: Session | null;
  logIn(email: string, password: string): Promise<Session>;
  logOut(reason?: string): void;
  /** Why the last session ended, when it was not the user's choice (shown on the login page). */
  endedBecause: string | null;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session | null>(() => loadSession());
  const [endedBecause, setEndedBecause] = useState<string | null>(null);

  const logOut = useCallback(
    (reason?: string) => {
      // Asked for (no reason given): the token ends on the server as well. A refused or expired one has nothing to end.
      if (reason === undefined) endSessionOnServer();
      clearSession();
      queryClient.clear();
      setEndedBecause(reason ?? null);
      setSession(null);
    },
    [queryClient],
  );

  const logIn = useCallback(async (email: string, password: string) => {
    const response = await publicApi().auth.logIn({ email, password });
    const started = saveSession(response.accessToken, response.user);
    setEndedBecause(null);
    setSession(started);
    return started;
  }, []);

  useEffect(() => onSessionRejected(() => logOut('Your session has ended. Log in again to continue.')), [logOut]);

  // Leave when the token expires, not at the next failing request.
  useEffect(() => {
    if (!session) return;
    const timer = window.setTimeout(
      () => logOut('Your session has expired. Log in again to continue.'),
      Math.max(0, session.expiresAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [session, logOut]);

  const value = useMemo(() => ({ session, logIn, logOut, endedBecause }), [session, logIn, logOut, endedBecause]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession outside SessionProvider');
  return value;
}
