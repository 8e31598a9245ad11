import createClient, { type ParamsOption, type RequestBodyOption } from 'openapi-fetch';
import { env } from '@/config/env';
import type { components, paths } from '@/lib/api-types';
import { clearStoredSession, getRefreshToken, getToken, getTokenExpiresAt, storeSession, USER_KEY, type StoredSession } from '@/lib/storage';

// The one HTTP client. openapi-fetch builds every request from the committed API document
// (src/lib/api-types.ts): the path must be one of its paths, and the path and query parameters and
// the body are those of that operation, so a misspelt path, parameter or field fails
// `npm run typecheck`; the answer's type is the operation's. Around it, this module keeps the
// session (Bearer token, silent refresh, one retry on 401, the way to /login?expired=true), the
// time-out, the envelope (`data`, or the whole paged answer for lists) and the one ApiError.

export const REQUEST_TIMEOUT_MS = 600_000;
export const GENERIC_ERROR_MESSAGE = 'An unexpected error occurred';
export const SESSION_EXPIRED_MESSAGE = 'Your session has expired';
/** The access token is refreshed when it expires within this margin. */
export const REFRESH_MARGIN_MS = 60_000;

type S = components['schemas'];
export type FieldError = S['FieldError'];
export type ListMeta = S['ListMeta'];
/** A list answer keeps its envelope so the caller sees `meta` (the document's `Paged_…` shapes). */
export type Paged<T> = { success: boolean; data: T[]; meta: ListMeta };

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

// ---------------------------------------------------------------------------------------------
// Types: what a call on a path of the document takes and answers.

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
/** The document's paths that answer `method`. */
export type ApiPath<M extends Method> = { [P in keyof paths]: paths[P] extends Record<M, object> ? P : never }[keyof paths];
/** The operation behind `method path`. */
export type Operation<M extends Method, P extends ApiPath<M>> = paths[P][M];

type Responses<O> = O extends { responses: infer R } ? R : never;
type SuccessCode = 200 | 201 | 202 | 203 | 206;
type Content<O, C extends string> = O extends unknown
  ? { [K in keyof Responses<O>]: K extends SuccessCode ? (Responses<O>[K] extends { content: infer X } ? (C extends keyof X ? X[C] : never) : never) : never }[keyof Responses<O>]
  : never;
/** The whole JSON body of a successful answer (an `Envelope_…` or `Paged_…`). */
export type SuccessBody<O> = Content<O, 'application/json'>;
/** What a call hands back: the envelope's `data`. */
export type ResponseData<O> = SuccessBody<O> extends { data: infer D } ? D : SuccessBody<O>;
/** The JSON body of `method path`'s success. */
export type ApiBody<M extends Method, P extends ApiPath<M>> = SuccessBody<Operation<M, P>>;
/** The `data` of `method path`'s success. */
export type ApiData<M extends Method, P extends ApiPath<M>> = ResponseData<Operation<M, P>>;

/** Options of this client, beside the operation's own parameters and body. */
export type CallOptions = {
  signal?: AbortSignal;
  /** The message when the server gives none (the specification's error catalogue). */
  defaultMessage?: string;
  /** A 401 does not end the session (the sign-out, which ends it anyway). */
  keepSession?: boolean;
};

/** `params` (path, query) and `body` as the operation declares them, plus the client's options. */
export type CallInit<O> = ParamsOption<O> & RequestBodyOption<O> & CallOptions;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** The init argument may be left out when the operation needs no parameter and no body. */
type Args<O, I = CallInit<O>> = RequiredKeys<I> extends never ? [init?: I] : [init: I];

/** GET paths that answer a page (`Paged_…`, with `meta`). */
export type ListPath = { [P in ApiPath<'get'>]: SuccessBody<Operation<'get', P>> extends { meta: ListMeta } ? P : never }[ApiPath<'get'>];
/** POST paths that can answer Server-Sent Events. */
export type StreamPath = { [P in ApiPath<'post'>]: [Content<Operation<'post', P>, 'text/event-stream'>] extends [never] ? never : P }[ApiPath<'post'>];
/** What `api.stream` answers: the events to read, or the whole answer in one piece. */
export type StreamAnswer<O> = { events: ReadableStream<Uint8Array>; whole?: never } | { events?: never; whole: ResponseData<O> };
/** POST paths taking a multipart form. */
export type UploadPath = {
  [P in ApiPath<'post'>]: Operation<'post', P> extends { requestBody: { content: { 'multipart/form-data': object } } } ? P : never;
}[ApiPath<'post'>];
type FormOf<P extends UploadPath> = Operation<'post', P> extends { requestBody: { content: { 'multipart/form-data': infer F } } } ? F : never;
/** The fields of a multipart form that carry a file (the document says a binary string). */
type FileField = 'file' | 'audio';
/** A multipart form: the document's fields, a file field (`file`, a voice message's `audio`) a Blob. */
export type UploadForm<P extends UploadPath> = { [K in keyof FormOf<P>]: K extends FileField ? Blob : FormOf<P>[K] };

// ---------------------------------------------------------------------------------------------
// The session: 401s, silent refresh.

type Navigate = (url: string) => void;
let navigateTo: Navigate = (url) => window.location.assign(url);

/** Replaces the full-page navigation used after a 401 (tests, embedding). */
export function setUnauthorizedNavigator(fn: Navigate): void {
  navigateTo = fn;
}

const AUTH_PAGES = ['/login', '/register'];

function handleUnauthorized(): void {
  // The route guards see the session end before this navigation lands, and send the user to
  // /login themselves; `expired` makes them add `?expired=true` too, so whichever navigation wins
  // (a same-document one may cancel this one) the login screen says the session expired.
  clearStoredSession('expired');
  if (!AUTH_PAGES.includes(window.location.pathname)) {
    navigateTo('/login?expired=true');
  }
}

/**
 * Endpoints that deal with credentials themselves: they never trigger a refresh first, and a
 * 401 from them is not retried after one.
 */
const AUTH_ENDPOINTS: ReadonlySet<string> = new Set<ApiPath<'post'>>([
  '/auth/login',
  '/auth/register',
  '/auth/refresh-token',
  '/auth/refresh',
  '/auth/logout',
  '/auth/forgot-password',
  '/auth/reset-password',
  '/auth/verify-email',
]);

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
    const session = readSessionPayload(await api.raw('post', '/auth/refresh-token', { body: { refreshToken } }));
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
    const run: Promise<RefreshOutcome> = locks
      ? // The lock's callback answers a promise, which the lock's own promise settles with.
        locks.request('agentforge-refresh', () => exchangeRefreshToken(tokenBefore)).then((outcome) => outcome)
      : exchangeRefreshToken(tokenBefore);
    inflightRefresh = run.finally(() => {
      inflightRefresh = null;
    });
  }
  return inflightRefresh;
}

// ---------------------------------------------------------------------------------------------
// Sending: the fetch openapi-fetch calls.

type SendContext = {
  /** The path is an auth endpoint (no refresh first, no retry). */
  auth: boolean;
  defaultMessage?: string;
  /** A 401 does not end the session (logout, which signs out anyway). */
  keepSession?: boolean;
};

/**
 * Sends one request built by openapi-fetch: refreshes a token about to expire first, adds the
 * Bearer token, times out after REQUEST_TIMEOUT_MS without an answer, and on 401 refreshes and
 * retries once or ends the session. Network failures become ApiErrors; answers (even failed
 * ones) are handed back for openapi-fetch to read.
 */
async function sessionFetch(request: Request, ctx: SendContext, retried = false): Promise<Response> {
  if (!ctx.auth && tokenExpiresSoon()) {
    const outcome = await refreshSession();
    if (outcome === 'expired') throw new ApiError(SESSION_EXPIRED_MESSAGE, 401, 'token_expired');
  }

  const token = getToken();
  // Kept unsent for the one retry after a refresh (a request's body can be read once).
  const spare = !ctx.auth && !retried && token && getRefreshToken() ? request.clone() : null;
  const headers = new Headers(request.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);

  // The caller's signal (in the request) and the time-out both cancel the call; the caller's
  // still cancels the body after the answer began (a stream being read).
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  if (request.signal.aborted) controller.abort();
  else request.signal.addEventListener('abort', onAbort, { once: true });

  let res: Response;
  try {
    res = await fetch(new Request(request, { headers, signal: controller.signal }));
  } catch (cause) {
    request.signal.removeEventListener('abort', onAbort);
    throw new ApiError(ctx.defaultMessage ?? (cause instanceof Error && cause.message ? cause.message : GENERIC_ERROR_MESSAGE), 500, 'network_error');
  } finally {
    clearTimeout(timer);
  }

  if (res.status === 401) {
    if (spare) {
      // The access token was refused (expired early, clock skew, a sleeping tab): refresh once and retry.
      const outcome = await refreshSession();
      if (outcome === 'refreshed') return sessionFetch(spare, ctx, true);
      if (outcome !== 'expired' && !ctx.keepSession) handleUnauthorized();
    } else if (!ctx.keepSession) {
      handleUnauthorized();
    }
  }
  return res;
}

const client = createClient<paths>({ baseUrl: env.API_URL.replace(/\/+$/, '') });
/**
 * openapi-fetch's `request` seen without the document's types: `send` serves every operation, and
 * the public functions below (`api.get` …) are the ones that check paths, parameters and bodies.
 */
type UntypedRequest = (method: Method, path: string, init: Record<string, unknown>) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
const request = client.request as unknown as UntypedRequest;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function toFieldErrors(v: unknown): FieldError[] {
  if (!Array.isArray(v)) return [];
  return v.filter(isRecord).map((e) => ({ field: String(e.field ?? ''), message: String(e.message ?? '') }));
}

/** A failed answer's ApiError: the server's message, else its code, else the call's default, else the generic one. */
function toApiError(body: unknown, status: number, ok: boolean, defaultMessage?: string): ApiError {
  const p = isRecord(body) ? body : {};
  const message = (typeof p.message === 'string' && p.message) || (typeof p.error === 'string' && p.error) || defaultMessage || GENERIC_ERROR_MESSAGE;
  return new ApiError(message, ok ? 500 : status || 500, typeof p.error === 'string' ? p.error : undefined, toFieldErrors(p.errors));
}

type Read = 'json' | 'stream';
type Init = CallOptions & { params?: object; body?: unknown };
type Sent = { body: unknown; response: Response };

/**
 * Sends `method path` through openapi-fetch and returns the successful answer: its parsed JSON
 * (`json`) or its Response with the body unread (`stream`). Throws ApiError otherwise.
 */
async function send(method: Method, path: string, init: Init = {}, read: Read = 'json', accept = 'application/json'): Promise<Sent> {
  const { signal, defaultMessage, keepSession, params, body } = init;
  const ctx: SendContext = { auth: AUTH_ENDPOINTS.has(path), defaultMessage, keepSession };
  let sent: { data?: unknown; error?: unknown; response: Response };
  try {
    sent = await request(method, path, {
      params,
      body,
      signal,
      headers: { Accept: accept },
      parseAs: read,
      fetch: (request: Request) => sessionFetch(request, ctx),
    });
  } catch (e) {
    if (e instanceof ApiError) throw e;
    // A success whose body is not the JSON announced, or a body cut off while read.
    throw new ApiError(defaultMessage ?? GENERIC_ERROR_MESSAGE, 500, 'invalid_response');
  }
  const { response } = sent;
  const payload = response.ok ? sent.data : sent.error;
  if (!response.ok || (read === 'json' && isRecord(payload) && payload.success === false)) {
    throw toApiError(payload, response.status, response.ok, defaultMessage);
  }
  return { body: payload, response };
}

/** `{success:true, data}` becomes `data`; anything else is returned as is. */
function unwrap(payload: unknown): unknown {
  return isRecord(payload) && payload.success === true && 'data' in payload ? payload.data : payload;
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

/** A multipart form of the operation's fields: text as text, a Blob as a file (a File keeps its name). */
function toFormData(fields: object): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') form.append(key, String(value));
    else if (value !== undefined && value !== null) form.append(key, value, typeof value.name === 'string' ? value.name : 'file');
  }
  return form;
}

// The one place where what the server sent meets the document's types: the answer is the
// operation's success body, which openapi-fetch reads as `unknown` through the untyped `send`.
const answer = <T>(value: unknown) => value as T;

function dataCall<M extends Method>(method: M) {
  return async <P extends ApiPath<M>>(path: P, ...[init]: Args<Operation<M, P>>): Promise<ResponseData<Operation<M, P>>> =>
    answer(unwrap((await send(method, path, init)).body));
}

/** A streamed call's answer: the events to read, or the `data` of a server that answered in one JSON piece. */
async function readStreamAnswer<O>(response: Response, defaultMessage?: string): Promise<StreamAnswer<O>> {
  if ((response.headers.get('content-type') ?? '').includes('text/event-stream') && response.body) return { events: response.body };
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    throw new ApiError(defaultMessage ?? GENERIC_ERROR_MESSAGE, 500, 'invalid_response');
  }
  return { whole: answer<ResponseData<O>>(unwrap(body)) };
}

export const api = {
  /** GET: the envelope's `data`. */
  get: dataCall('get'),
  /** POST with the operation's JSON body: the envelope's `data`. */
  post: dataCall('post'),
  put: dataCall('put'),
  patch: dataCall('patch'),
  /** DELETE, with a JSON body where the operation takes one (the password confirming an account deletion). */
  delete: dataCall('delete'),

  /** A paginated list: the whole envelope, so `meta` is kept. */
  list: async <P extends ListPath>(path: P, ...[init]: Args<Operation<'get', P>>): Promise<SuccessBody<Operation<'get', P>>> => {
    const { body } = await send('get', path, init);
    if (isRecord(body) && Array.isArray(body.data)) {
      const meta = isRecord(body.meta) ? body.meta : { page: 1, limit: body.data.length, total: body.data.length };
      return answer({ success: true, data: body.data, meta });
    }
    const data = Array.isArray(body) ? body : [];
    return answer({ success: true, data, meta: { page: 1, limit: data.length, total: data.length } });
  },

  /** The whole JSON answer, for callers that read fields beside `data` themselves (sign-in). */
  raw: async <M extends Method, P extends ApiPath<M>>(method: M, path: P, ...[init]: Args<Operation<M, P>>): Promise<SuccessBody<Operation<M, P>>> =>
    answer((await send(method, path, init)).body),

  /** Multipart upload: the form's `file` and its other fields, as the operation declares them. */
  upload: async <P extends UploadPath>(path: P, init: CallOptions & { body: UploadForm<P> }): Promise<ResponseData<Operation<'post', P>>> =>
    answer(unwrap((await send('post', path, { ...init, body: toFormData(init.body) })).body)),

  /**
   * A multipart upload asking for Server-Sent Events (a voice message: its turn streams back while
   * it runs). Answers as `stream` does: `{ events }`, the body unread, or `{ whole }`, the
   * envelope's `data`, when the server answered in one JSON piece.
   */
  uploadStream: async <P extends UploadPath>(path: P, init: CallOptions & { body: UploadForm<P> }): Promise<StreamAnswer<Operation<'post', P>>> => {
    const { response } = await send('post', path, { ...init, body: toFormData(init.body) }, 'stream', 'text/event-stream');
    return readStreamAnswer(response, init.defaultMessage);
  },

  /**
   * POSTs JSON asking for Server-Sent Events (`Accept: text/event-stream`); sessions, refresh,
   * 401 and failures as for every call. Answers `{ events }`, the body unread, for the caller to
   * read as Server-Sent Events (aborting `signal` closes the connection, also while it is read),
   * or `{ whole }`, the envelope's `data`, when the server answered in one JSON piece.
   */
  stream: async <P extends StreamPath>(path: P, init: CallInit<Operation<'post', P>>): Promise<StreamAnswer<Operation<'post', P>>> => {
    const { response } = await send('post', path, init, 'stream', 'text/event-stream');
    return readStreamAnswer(response, init.defaultMessage);
  },

  /**
   * POSTs the operation's JSON body and answers the file it sends back (speech: `audio/mpeg`), its
   * bytes as a Blob of the answer's type. Failures are ApiErrors as for every call.
   */
  postFile: async <P extends ApiPath<'post'>>(path: P, init: CallInit<Operation<'post', P>>): Promise<Blob> => {
    const { response } = await send('post', path, init, 'stream', '*/*');
    return response.blob();
  },

  /** A file to save (e.g. an export): its bytes and the name from `Content-Disposition`, if any. */
  download: async <P extends ApiPath<'get'>>(path: P, ...[init]: Args<Operation<'get', P>>): Promise<{ blob: Blob; filename: string | null }> => {
    const { response } = await send('get', path, init, 'stream', '*/*');
    return { blob: await response.blob(), filename: filenameFromDisposition(response.headers.get('content-disposition')) };
  },
};
