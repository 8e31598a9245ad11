import { env } from '@/config/env';
import { clearStoredSession, getRefreshToken, getToken, getTokenExpiresAt, storeSession, USER_KEY, type StoredSession } from '@/lib/storage';

export const REQUEST_TIMEOUT_MS = 600_000;
export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired';
/** The access token is refreshed when it expires within this margin. */
export const REFRESH_MARGIN_MS = 60_000;

export type FieldError = { field: string; message: string };
export type ListMeta = { page: number; limit: number; total: number };
/** A list answer keeps its envelope so the caller sees `meta`. */
export type Paginated<T> = { success: true; data: T[]; meta: ListMeta };

/** The one error type every failed call becomes. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly errors: FieldError[];

  constructor(message: string, status = 500, code?: string, errors: FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  params?: Query;
  /** Message used when the server gives none. */
  defaultMessage?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** A 401 on this call does not end the session (e.g. logout, which signs out anyway). */
  ignoreUnauthorized?: boolean;
  /** Hands back the successful Response unread (downloads); failures are still ApiErrors. */
  rawResponse?: boolean;
};

type Navigate = (url: string) => void;
let navigateTo: Navigate = (url) => window.location.assign(url);

/** Replaces the full-page navigation used after a 401 (tests, embedding). */
export function setUnauthorizedNavigator(fn: Navigate): void {
  navigateTo = fn;
}

const AUTH_PAGES = ['/login', '/register'];

function handleUnauthorized(): void {
  clearStoredSession();
  if (!AUTH_PAGES.includes(window.location.pathname)) {
    navigateTo('/login?expired=true');
  }
}

/**
 * Endpoints that deal with credentials themselves: they never trigger a refresh first, and a
 * 401 from them is not retried after one.
 */
const AUTH_ENDPOINTS = [
  '/auth/login',
  '/auth/register',
  '/auth/refresh-token',
  '/auth/refresh',
  '/auth/logout',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/verify-email',
];

function isAuthEndpoint(path: string): boolean {
  const p = `/${path.replace(/^\/+/, '').split('?')[0]}`;
  return AUTH_ENDPOINTS.includes(p);
}

/** Reads `{token, refreshToken, expiresIn, user}` from an envelope's data or the top level. */
export function readSessionPayload(payload: unknown): StoredSession | null {
  if (!isRecord(payload)) return null;
  const source = isRecord(payload.data) && 'token' in payload.data ? payload.data : payload;
  if (typeof source.token !== 'string' || source.token === '') return null;
  let user: unknown = source.user;
  if (!isRecord(user)) {
    try {
      user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
    } catch {
      user = null;
    }
  }
  return {
    token: source.token,
    refreshToken: typeof source.refreshToken === 'string' && source.refreshToken ? source.refreshToken : undefined,
    expiresIn: typeof source.expiresIn === 'number' ? source.expiresIn : undefined,
    user,
  };
}

/** True when a refresh token is at hand and the access token expires within the margin. */
export function tokenExpiresSoon(now = Date.now()): boolean {
  if (!getToken() || !getRefreshToken()) return false;
  const at = getTokenExpiresAt();
  return at !== null && at - now < REFRESH_MARGIN_MS;
}

export type RefreshOutcome = 'refreshed' | 'expired' | 'failed' | 'none';

let inflightRefresh: Promise<RefreshOutcome> | null = null;

async function exchangeRefreshToken(tokenBefore: string | null): Promise<RefreshOutcome> {
  // Another tab (sharing storage) may have refreshed while this one waited for the lock.
  if (tokenBefore !== getToken() && getToken() && !tokenExpiresSoon()) return 'refreshed';
  const refreshToken = getRefreshToken();
  if (!refreshToken) return 'none';
  try {
    const payload = await send('POST', '/auth/refresh-token', json({ refreshToken }), true);
    const session = readSessionPayload(payload);
    if (!session) return 'failed';
    storeSession(session);
    return 'refreshed';
  } catch (e) {
    // A 401 has already cleared the session and sent the user to /login?expired=true.
    return e instanceof ApiError && e.status === 401 ? 'expired' : 'failed';
  }
}

/**
 * Exchanges the refresh token for a new pair (rotation: the answer's refresh token replaces the
 * stored one). Single-flight: concurrent callers share one request; across tabs a Web Lock
 * keeps two tabs from presenting the same refresh token.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  if (!inflightRefresh) {
    const tokenBefore = getToken();
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    const run = locks
      ? (locks.request('agentforge-refresh', () => exchangeRefreshToken(tokenBefore)) as unknown as Promise<RefreshOutcome>)
      : exchangeRefreshToken(tokenBefore);
    inflightRefresh = run.finally(() => {
      inflightRefresh = null;
    });
  }
  return inflightRefresh;
}

function buildUrl(path: string, params?: Query): string {
  const base = env.API_URL.replace(/\/+$/, '');
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!params) return url;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${url}?${qs}` : url;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toFieldErrors(v: unknown): FieldError[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).map((e) => ({
    field: String(e.field ?? ''),
    message: String(e.message ?? ''),
  }));
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Sends one request and returns the parsed body, untouched; throws ApiError on failure. With
 * `stream`, a successful answer is returned as the unread Response (its body is read by the
 * caller) and the caller's signal stays connected so it can still cancel the body.
 */
async function send(method: string, path: string, body: BodyInit | undefined, isJson: boolean, opts: RequestOptions = {}, retried = false, stream = false): Promise<unknown> {
  const authEndpoint = isAuthEndpoint(path);
  if (!authEndpoint && tokenExpiresSoon()) {
    const outcome = await refreshSession();
    if (outcome === 'expired') throw new ApiError(SESSION_EXPIRED_MESSAGE, 401, 'token_expired');
  }

  const headers: Record<string, string> = { Accept: stream ? 'text/event-stream' : 'application/json', ...opts.headers };
  if (isJson && body !== undefined) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort);

  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.params), { method, headers, body, signal: controller.signal });
  } catch (cause) {
    opts.signal?.removeEventListener('abort', onAbort);
    throw new ApiError(opts.defaultMessage ?? (cause instanceof Error && cause.message ? cause.message : GENERIC_ERROR_MESSAGE), 500, 'network_error');
  } finally {
    clearTimeout(timer);
    if (!stream) opts.signal?.removeEventListener('abort', onAbort);
  }

  if (stream && res.ok) return res;
  opts.signal?.removeEventListener('abort', onAbort);
  if (opts.rawResponse && res.ok) return res;
  const payload = await readBody(res);
  if (res.status === 401) {
    if (!authEndpoint && !retried && token && getRefreshToken()) {
      // The access token was refused (expired early, clock skew, a sleeping tab): refresh once and retry.
      const outcome = await refreshSession();
      if (outcome === 'refreshed') return send(method, path, body, isJson, opts, true, stream);
      if (outcome !== 'expired' && !opts.ignoreUnauthorized) handleUnauthorized();
    } else if (!opts.ignoreUnauthorized) {
      handleUnauthorized();
    }
  }
  if (!res.ok || (isRecord(payload) && payload.success === false)) {
    const p = isRecord(payload) ? payload : {};
    const message =
      (typeof p.message === 'string' && p.message) ||
      (typeof p.error === 'string' && p.error) ||
      opts.defaultMessage ||
      GENERIC_ERROR_MESSAGE;
    throw new ApiError(message, res.ok ? 500 : res.status || 500, typeof p.error === 'string' ? p.error : undefined, toFieldErrors(p.errors));
  }
  return payload;
}

/** The file name of a `Content-Disposition` header (RFC 6266: `filename*` wins over `filename`). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // malformed percent-encoding: fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name || null;
}

/** `{success:true, data}` becomes `data`; anything else is returned as is. */
function unwrap<T>(payload: unknown): T {
  if (isRecord(payload) && payload.success === true && 'data' in payload) return payload.data as T;
  return payload as T;
}

function json(body: unknown): BodyInit | undefined {
  return body === undefined ? undefined : JSON.stringify(body);
}

export const api = {
  get: async <T>(path: string, opts?: RequestOptions) => unwrap<T>(await send('GET', path, undefined, true, opts)),
  post: async <T>(path: string, body?: unknown, opts?: RequestOptions) => unwrap<T>(await send('POST', path, json(body), true, opts)),
  put: async <T>(path: string, body?: unknown, opts?: RequestOptions) => unwrap<T>(await send('PUT', path, json(body), true, opts)),
  patch: async <T>(path: string, body?: unknown, opts?: RequestOptions) => unwrap<T>(await send('PATCH', path, json(body), true, opts)),
  /** DELETE, optionally with a JSON body (e.g. the password confirming an account deletion). */
  delete: async <T>(path: string, opts?: RequestOptions & { body?: unknown }) => unwrap<T>(await send('DELETE', path, json(opts?.body), true, opts)),

  /** A paginated list: the whole envelope, so `meta` is kept. */
  list: async <T>(path: string, opts?: RequestOptions): Promise<Paginated<T>> => {
    const payload = await send('GET', path, undefined, true, opts);
    if (isRecord(payload) && Array.isArray(payload.data)) {
      const data = payload.data as T[];
      const meta = isRecord(payload.meta) ? (payload.meta as ListMeta) : { page: 1, limit: data.length, total: data.length };
      return { success: true, data, meta };
    }
    const data = Array.isArray(payload) ? (payload as T[]) : [];
    return { success: true, data, meta: { page: 1, limit: data.length, total: data.length } };
  },

  /** Multipart upload: the file under `file`, plus extra string fields. */
  upload: async <T>(path: string, file: Blob, fields: Record<string, string> = {}, opts?: RequestOptions) => {
    const form = new FormData();
    form.append('file', file, file instanceof File ? file.name : 'file');
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    return unwrap<T>(await send('POST', path, form, false, opts));
  },

  /**
   * POSTs JSON asking for Server-Sent Events (`Accept: text/event-stream`) and returns the
   * Response with its body unread; sessions, refresh, 401 and failures as for every call.
   */
  stream: async (path: string, body: unknown, opts?: RequestOptions) => (await send('POST', path, json(body), true, opts, false, true)) as Response,

  /** A file to save (e.g. an export): its bytes and the name from `Content-Disposition`, if any. */
  download: async (path: string, opts?: RequestOptions): Promise<{ blob: Blob; filename: string | null }> => {
    const res = (await send('GET', path, undefined, false, { ...opts, headers: { Accept: '*/*', ...opts?.headers }, rawResponse: true })) as Response;
    return { blob: await res.blob(), filename: filenameFromDisposition(res.headers.get('content-disposition')) };
  },

  /** Raw envelope, for callers that read fields beside `data` themselves. */
  raw: (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, opts?: RequestOptions) =>
    send(method, path, json(body), true, opts),
};
