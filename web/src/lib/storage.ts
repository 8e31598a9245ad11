/** Browser storage keys fixed by the specification. */
export const TOKEN_KEY = 'agentforge_token';
export const USER_KEY = 'agentforge_user';
export const THEME_KEY = 'theme';
export const LANGUAGE_KEY = 'i18nextLng';

/** Fired on window when the session is cleared outside React (e.g. a 401). */
export const SESSION_CLEARED_EVENT = 'agentforge:session-cleared';

export function getToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function clearStoredSession(): void {
  try {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  } catch {
    // storage unavailable: nothing to clear
  }
  window.dispatchEvent(new Event(SESSION_CLEARED_EVENT));
}
