// The visitor: an id this browser keeps, so their conversation follows them across pages and
// reloads. The server accepts `v_` and 16 to 64 of [A-Za-z0-9_-] (crates/domain/src/widget.rs).

export const VISITOR_KEY = 'agentforge.widget.visitor';
export const VISITOR_ID = /^v_[A-Za-z0-9_-]{16,64}$/;

/** A new id: `v_` and 32 random hexadecimal digits. */
export function newVisitorId(crypto: Crypto | undefined = globalThis.crypto): string {
  // randomUUID exists only in secure contexts (https, localhost); many shops are plain http.
  if (typeof crypto?.randomUUID === 'function') return `v_${crypto.randomUUID().replace(/-/g, '')}`;
  const bytes = new Uint8Array(16);
  if (typeof crypto?.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return `v_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** The page's localStorage, or null where it is blocked (a sandbox, blocked cookies). */
export function pageStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

let inMemory: string | null = null;

/**
 * This browser's visitor id: the stored one when valid, else a new one, stored when storage
 * works and kept in memory (for this page's life) when it does not.
 */
export function visitorId(storage: Storage | null = pageStorage()): string {
  try {
    const stored = storage?.getItem(VISITOR_KEY);
    if (stored && VISITOR_ID.test(stored)) return stored;
  } catch {
    // Reading can throw too (Safari's private mode of old, a storage-access policy).
  }
  if (inMemory) return inMemory;
  const id = newVisitorId();
  try {
    if (storage) {
      storage.setItem(VISITOR_KEY, id);
      return id;
    }
  } catch {
    // Full or refused: fall through to memory.
  }
  inMemory = id;
  return id;
}

/** For tests: forget the id kept in memory. */
export function forgetVisitorInMemory(): void {
  inMemory = null;
}
