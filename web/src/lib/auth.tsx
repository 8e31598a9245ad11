import i18n from 'i18next';
import { createContext, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { api, refreshSession, REFRESH_MARGIN_MS } from '@/lib/api-client';
import type { Role } from '@/lib/api-enums';
import { isLanguageCode, type LanguageCode } from '@/lib/languages';
import {
  clearStoredSession,
  getRefreshToken,
  getToken,
  getTokenExpiresAt,
  REFRESH_TOKEN_KEY,
  SESSION_CLEARED_EVENT,
  SESSION_STORED_EVENT,
  storeSession,
  storeUser,
  TOKEN_KEY,
  USER_KEY,
  type StoredSession,
} from '@/lib/storage';

export type User = {
  id?: string;
  email: string;
  firstName?: string;
  lastName?: string;
  role: Role;
  emailVerified?: boolean;
  createdAt?: string;
  /** The language the account's email is written in: the app's, as last used (useAccountLanguage). */
  language?: LanguageCode;
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
    emailVerified: typeof r.emailVerified === 'boolean' ? r.emailVerified : undefined,
    createdAt: typeof r.createdAt === 'string' ? r.createdAt : undefined,
    language: isLanguageCode(r.language) ? r.language : undefined,
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

/** A session as sign-in, registration, refresh or a password change hands it over. */
export type SessionInput = { token: string; user: User; refreshToken?: string; expiresIn?: number };

export type AuthContextValue = {
  user: User | null;
  /** True during start-up, sign-in, registration and account deletion. */
  loading: boolean;
  isAdmin: boolean;
  /** Multi-factor authentication is never required. */
  mfaRequired: false;
  /** Stores a successful login or registration (and the refresh token and expiry when given). */
  signIn: (token: string, user: User, extra?: { refreshToken?: string; expiresIn?: number }) => void;
  /** Replaces the whole session, e.g. the new one a password change hands out. */
  setSession: (session: SessionInput) => void;
  /** Replaces the signed-in user (after a profile change). */
  updateUser: (user: User) => void;
  /** Runs a sign-in or registration call with the loading flag raised. */
  track: <T>(work: Promise<T>) => Promise<T>;
  /** Signs out on the server, and locally even when the server fails. */
  logout: () => Promise<{ success: true; message?: string }>;
  /** Deletes the account (the password confirms it), then signs out locally only. */
  deleteAccount: (password: string) => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

/** Refreshes about a minute before the access token expires, while the tab is open. */
function useSilentRefresh(active: boolean, version: number) {
  useEffect(() => {
    if (!active || !getRefreshToken()) return;
    const at = getTokenExpiresAt(getToken());
    if (at === null) return;
    const delay = Math.max(0, at - REFRESH_MARGIN_MS - Date.now());
    if (delay > 2 ** 31 - 1) return;
    const timer = setTimeout(() => void refreshSession(), delay);
    return () => clearTimeout(timer);
  }, [active, version]);
}

/**
 * Keeps the account's language (in which its email is written) the app's: when the two differ
 * for a signed-in user, or the language is switched, the account is told (PUT /settings/profile).
 */
function useAccountLanguage(user: User | null, setUser: (user: User) => void) {
  const known = user?.language;
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn || known === undefined) return;
    let current = known;
    const sync = (lng: string | undefined) => {
      const code = lng?.slice(0, 2);
      if (!isLanguageCode(code) || code === current || !getToken()) return;
      current = code;
      api
        .put('/settings/profile', { body: { language: code } })
        .then(({ user: fresh }) => {
          const next = normalizeUser(fresh);
          if (!next || !getToken()) return;
          storeUser(next);
          setUser(next);
        })
        .catch(() => {
          // Not saved: the next switch or visit tries again.
          current = known;
        });
    };
    sync(i18n.language);
    i18n.on('languageChanged', sync);
    return () => i18n.off('languageChanged', sync);
  }, [signedIn, known, setUser]);
}

export function AuthProvider({ children }: { children: ReactNode }) {
  // Storage is synchronous, so the stored session is restored before the first paint; `starting`
  // covers that start-up step, and the token is then confirmed in the background (GET /auth/me).
  const [user, setUser] = useState<User | null>(() => readStoredSession()?.user ?? null);
  const [starting, setStarting] = useState(true);
  const [pending, setPending] = useState(0);
  // Bumped whenever a session is stored, so the refresh timer follows the newest token.
  const [version, setVersion] = useState(0);

  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- start-up ends once the stored session is read
    setStarting(false);
  }, []);

  useEffect(() => {
    const onCleared = () => setUser(null);
    const onStored = () => {
      setUser(readStoredSession()?.user ?? null);
      setVersion((v) => v + 1);
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === null || e.key === TOKEN_KEY || e.key === USER_KEY || e.key === REFRESH_TOKEN_KEY) onStored();
    };
    window.addEventListener(SESSION_CLEARED_EVENT, onCleared);
    window.addEventListener(SESSION_STORED_EVENT, onStored);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(SESSION_CLEARED_EVENT, onCleared);
      window.removeEventListener(SESSION_STORED_EVENT, onStored);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  // Confirms a restored session: GET /auth/me updates the stored user; a 401 there clears it
  // (the API client does that and sends the user to /login?expired=true).
  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    api
      .get('/auth/me')
      .then((raw) => {
        const fresh = normalizeUser(raw);
        if (cancelled || !fresh || !getToken()) return;
        storeUser(fresh);
        setUser(fresh);
      })
      .catch(() => {
        // 401: handled by the API client; anything else: keep the stored session
      });
    return () => {
      cancelled = true;
    };
  }, []);

  useSilentRefresh(user !== null, version);
  useAccountLanguage(user, setUser);

  const track = useCallback(async <T,>(work: Promise<T>): Promise<T> => {
    setPending((n) => n + 1);
    try {
      return await work;
    } finally {
      setPending((n) => n - 1);
    }
  }, []);

  const setSession = useCallback((session: SessionInput) => {
    storeSession(session satisfies StoredSession);
    setUser(session.user);
  }, []);

  const signIn = useCallback(
    (token: string, next: User, extra: { refreshToken?: string; expiresIn?: number } = {}) => setSession({ token, user: next, ...extra }),
    [setSession],
  );

  const updateUser = useCallback((next: User) => {
    storeUser(next);
    setUser(next);
  }, []);

  const logout = useCallback(async (): Promise<{ success: true; message?: string }> => {
    const refreshToken = getRefreshToken();
    try {
      await api.post('/auth/logout', { body: refreshToken ? { refreshToken } : {}, keepSession: true });
      return { success: true };
    } catch {
      return { success: true, message: LOGGED_OUT_LOCALLY };
    } finally {
      clearStoredSession();
      setUser(null);
    }
  }, []);

  const deleteAccount = useCallback(
    async (password: string) => {
      await track(api.delete('/settings/account', { body: { password } }));
      // The account and its sessions are gone on the server: sign out locally only.
      clearStoredSession();
      setUser(null);
    },
    [track],
  );

  const loading = starting || pending > 0;
  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, isAdmin: user?.role === 'admin', mfaRequired: false, signIn, setSession, updateUser, track, logout, deleteAccount }),
    [user, loading, signIn, setSession, updateUser, track, logout, deleteAccount],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
