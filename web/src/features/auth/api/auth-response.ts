import { normalizeUser, type User } from '@/lib/auth';

export const MISSING_TOKEN = 'Invalid response format: missing token';
export const UNDEFINED_TOKEN = 'Invalid response format: token is undefined';

export type AuthResult = { token: string; user: User; refreshToken?: string; expiresIn?: number };

/** Reads `data.token`/`data.user` from the envelope, or `token`/`user` at top level (plus the refresh token and expiry when present). */
export function readAuthResult(payload: unknown): AuthResult {
  if (typeof payload !== 'object' || payload === null) throw new Error(MISSING_TOKEN);
  const p = payload as Record<string, unknown>;
  const source = typeof p.data === 'object' && p.data !== null && 'token' in p.data ? (p.data as Record<string, unknown>) : p;
  if (!('token' in source)) throw new Error(MISSING_TOKEN);
  if (typeof source.token !== 'string' || source.token === '') throw new Error(UNDEFINED_TOKEN);
  const user = normalizeUser(source.user);
  if (!user) throw new Error(MISSING_TOKEN);
  const result: AuthResult = { token: source.token, user };
  if (typeof source.refreshToken === 'string' && source.refreshToken) result.refreshToken = source.refreshToken;
  if (typeof source.expiresIn === 'number') result.expiresIn = source.expiresIn;
  return result;
}
