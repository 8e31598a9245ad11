import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api } from '@/lib/api-client';
import { clearStoredSession, SESSION_CLEARED_EVENT, TOKEN_KEY, USER_KEY } from '@/lib/storage';

export type Role = 'user' | 'admin';

export type User = {
  id?: string;
  email: string;
  firstName?: string;
  lastName?: string;
  role: Role;
};

export const LOGGED_OUT_LOCALLY = 'Logged out (locally)';

/** A user as the server or storage gives it; role defaults to 'user' when absent. */
export function normalizeUser(raw: unknown): User | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.email !== 'string') return null;
  return {
    id: r.id === undefined || r.id === null ? undefined : String(r.id),
    email: r.email,
    firstName: typeof r.firstName === 'string' ? r.firstName : undefined,
    lastName: typeof r.lastName === 'string' ? r.lastName : undefined,
    role: r.role === 'admin' ? 'admin' : 'user',
  };
}

/** Reads the stored session; a stored user that does not parse clears both items. */
export function readStoredSession(): { token: string; user: User } | null {
  const token = localStorage.getItem(TOKEN_KEY);
  const rawUser = localStorage.getItem(USER_KEY);
  if (!token || !rawUser) return null;
  let user: User | null = null;
  try {
    user = normalizeUser(JSON.parse(rawUser));
  } catch {
    user = null;
  }
  if (!user) {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    return null;
  }
  return { token, user };
}

export type AuthContextValue = {
  user: User | null;
  loading: boolean;
  isAdmin: boolean;
  /** Stores a successful login or registration. */
  signIn: (token: string, user: User) => void;
  /** Signs out on the server, and locally even when the server fails. */
  logout: () => Promise<{ success: true; message?: string }>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  // Storage is synchronous, so the stored session is restored before the first render and
  // `loading` is only true while a later start-up check (token refresh) is under way.
  const [user, setUser] = useState<User | null>(() => readStoredSession()?.user ?? null);
  const loading = false;

  useEffect(() => {
    const onCleared = () => setUser(null);
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === TOKEN_KEY || e.key === USER_KEY) setUser(readStoredSession()?.user ?? null);
    };
    window.addEventListener(SESSION_CLEARED_EVENT, onCleared);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SESSION_CLEARED_EVENT, onCleared);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  const signIn = useCallback((token: string, next: User) => {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify(next));
    setUser(next);
  }, []);

  const logout = useCallback(async (): Promise<{ success: true; message?: string }> => {
    try {
      await api.post('/auth/logout');
      return { success: true };
    } catch {
      return { success: true, message: LOGGED_OUT_LOCALLY };
    } finally {
      clearStoredSession();
      setUser(null);
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, isAdmin: user?.role === 'admin', signIn, logout }),
    [user, loading, signIn, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
