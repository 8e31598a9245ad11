/** Browser storage keys fixed by the specification. */
export const TOKEN_KEY = 'agentforge_token';
export const USER_KEY = 'agentforge_user';
/** The refresh token, exchanged at /auth/refresh-token for a new pair before the access token expires. */
export const REFRESH_TOKEN_KEY = 'agentforge_refresh_token';
export const THEME_KEY = 'theme';
export const LANGUAGE_KEY = 'i18nextLng';
/** Session storage: the browser's voice was said to stand in for the speech provider this session (src/lib/speech.ts). */
export const SPEECH_FALLBACK_NOTED_KEY = 'agentforge_speech_fallback_noted';

/** Fired on window when the session is cleared outside React (e.g. a 401). */
export const SESSION_CLEARED_EVENT = 'agentforge:session-cleared';
/** Fired on window when a session (new or refreshed) is stored. */
export const SESSION_STORED_EVENT = 'agentforge:session-stored';

/** What a sign-in, registration, refresh or password change hands the browser. */
export type StoredSession = {
  token: string;
  refreshToken?: string;
  /** Seconds until `token` expires, as the server says. */
  expiresIn?: number;
  /** The user as the server or the app gives it; serialized as is. */
  user: unknown;
};

// The expiry of the current access token when the server told us (`expiresIn`); a JWT's own
// `exp` is used when this is unknown (e.g. after a reload).
let knownExpiry: { token: string; at: number } | null = null;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return read(TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return read(REFRESH_TOKEN_KEY);
}

/** The `exp` claim of a JWT, in milliseconds, or null when the token is not a readable JWT. */
export function decodeJwtExpiry(token: string): number | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = JSON.parse(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

/** When the stored access token expires (ms since epoch), or null when unknown. */
export function getTokenExpiresAt(token: string | null = getToken()): number | null {
  if (!token) return null;
  if (knownExpiry?.token === token) return knownExpiry.at;
  return decodeJwtExpiry(token);
}

/** Stores token, user and (when given) the rotated refresh token, and announces it. */
export function storeSession(session: StoredSession): void {
  try {
    localStorage.setItem(TOKEN_KEY, session.token);
    localStorage.setItem(USER_KEY, JSON.stringify(session.user));
    if (session.refreshToken) localStorage.setItem(REFRESH_TOKEN_KEY, session.refreshToken);
  } catch {
    // storage unavailable: the session lives for this page only
  }
  lastEnd = null;
  knownExpiry =
    typeof session.expiresIn === 'number' && session.expiresIn > 0 ? { token: session.token, at: Date.now() + session.expiresIn * 1000 } : null;
  window.dispatchEvent(new Event(SESSION_STORED_EVENT));
}

/** Replaces the stored user only (e.g. after GET /auth/me or a profile change). */
export function storeUser(user: unknown): void {
  try {
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  } catch {
    // storage unavailable
  }
}

/** Why the last session ended, until the next one is stored: `expired` (a 401) or `signed-out`. */
export type SessionEnd = 'expired' | 'signed-out';
let lastEnd: SessionEnd | null = null;

/** Whether the session just ended because the server refused it (a 401), not by signing out. */
export function sessionExpired(): boolean {
  return lastEnd === 'expired';
}

export function clearStoredSession(why: SessionEnd = 'signed-out'): void {
  lastEnd = why;
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(REFRESH_TOKEN_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
  knownExpiry = null;
  window.dispatchEvent(new Event(SESSION_CLEARED_EVENT));
}
