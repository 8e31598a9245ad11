import { http as mswHttp, HttpResponse, type DefaultBodyType, type HttpHandler, type HttpResponseResolver } from 'msw';
import type { ApiPath, Method, Operation } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import type { ChatEventData, ChatEventType } from '@/lib/chat-stream';

// msw handlers typed by the API document: `mockApi.get('/agents/{id}', resolver)` answers the
// document's path (as `*/api/agents/:id`), its resolver sees the operation's path parameters and
// JSON body, and must answer one of the operation's JSON bodies (a success's envelope, or the
// ErrorBody of a failure): a mock that no longer matches the API fails `npm run typecheck`.

type S = components['schemas'];
export type ErrorBody = S['ErrorBody'];
export type FieldError = S['FieldError'];
export type ListMeta = S['ListMeta'];

type Responses<O> = O extends { responses: infer R } ? R : never;
type ContentOf<O> = { [K in keyof Responses<O>]: Responses<O>[K] extends { content: infer C } ? C : never }[keyof Responses<O>];
/** Every JSON body the operation may answer. */
type JsonAnswer<O> = ContentOf<O> extends infer C ? (C extends { 'application/json': infer J } ? J : never) : never;
/** A text file (the operation answers `text/csv`, as a transcript export does). */
type TextAnswer<O> = ContentOf<O> extends infer C ? (C extends { 'text/csv': infer T } ? T : never) : never;
/** A Server-Sent Events body, where the operation may answer `text/event-stream`. */
type SseAnswer<O> = [Extract<ContentOf<O>, { 'text/event-stream': unknown }>] extends [never] ? never : SseBody;
type RequestJson<O> = O extends { requestBody?: { content: { 'application/json': infer B extends DefaultBodyType } } } ? B : undefined;
type PathParamsOf<O> = O extends { parameters: { path: infer P } } ? { [K in keyof P]: string } : Record<string, never>;

/** What a resolver of `method path` may answer: one of the operation's bodies (never a bare Response, whose body msw cannot check). */
export type ApiAnswer<M extends Method, P extends ApiPath<M>> = HttpResponse<JsonAnswer<Operation<M, P>> | TextAnswer<Operation<M, P>> | SseAnswer<Operation<M, P>>>;
type ResolverInfo<M extends Method, P extends ApiPath<M>> = Parameters<HttpResponseResolver<PathParamsOf<Operation<M, P>>, RequestJson<Operation<M, P>>, never>>[0];
/** A resolver of `method path`: typed params and body in, one of the operation's answers out. */
export type ApiResolver<M extends Method, P extends ApiPath<M>> = (info: ResolverInfo<M, P>) => ApiAnswer<M, P> | Promise<ApiAnswer<M, P>>;

/**
 * `/agents/{id}` → msw's `*\/api/agents/:id`, any origin; a parameter given in `only` is matched
 * as that value (`{ id: 'a1' }`: `*\/api/agents/a1`).
 */
export const mswPath = (path: string, only: Partial<Record<string, string>> = {}) =>
  `*/api${path.replace(/\{([^}]+)\}/g, (_, name: string) => (only[name] !== undefined ? encodeURIComponent(only[name]) : `:${name}`))}`;

function handler<M extends Method>(method: M) {
  return <P extends ApiPath<M>>(path: P, resolver: ApiResolver<M, P>, only?: Partial<PathParamsOf<Operation<M, P>>>): HttpHandler =>
    // The resolver's types were checked above; msw's own cannot follow them through `method`.
    mswHttp[method](mswPath(path, only), resolver as unknown as HttpResponseResolver);
}

export const mockApi = {
  get: handler('get'),
  post: handler('post'),
  put: handler('put'),
  patch: handler('patch'),
  delete: handler('delete'),
};

/** The success envelope around `data` (the document's `Envelope_…`). */
export const ok = <T>(data: T, status = 200) => HttpResponse.json<{ success: true; data: T }>({ success: true, data }, { status });

/** A page of a list (the document's `Paged_…`): `meta` defaults to one page holding everything. */
export const paged = <T>(data: T[], meta: Partial<ListMeta> = {}) =>
  HttpResponse.json<{ success: true; data: T[]; meta: ListMeta }>({ success: true, data, meta: { page: 1, limit: Math.max(10, data.length), total: data.length, ...meta } });

/** A failure as the server sends it (the document's ErrorBody). */
export const fail = (status: number, error: string, message: string, errors: FieldError[] = []) =>
  HttpResponse.json<ErrorBody>({ success: false, error, message, errors }, { status });

/** The body of a streamed answer: its bytes, typed so only the chat endpoints may answer it. */
export type SseBody = ReadableStream<Uint8Array> & { readonly __sse: true };

/** One event of a streamed chat answer, its data the document's shape for its name. */
export type ChatSseEvent = { [K in ChatEventType]: [K, ChatEventData[K]] }[ChatEventType];

function sseStream(start: (controller: ReadableStreamDefaultController<Uint8Array>) => void): SseBody {
  const stream = new ReadableStream<Uint8Array>({ start });
  return Object.assign(stream, { __sse: true as const });
}

/** One Server-Sent Event as the server writes it. */
export const sseEvent = (event: string, data: unknown) => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

const encoder = new TextEncoder();
const sseInit = { headers: { 'Content-Type': 'text/event-stream' } };

/** A streamed answer: the given events, written one chunk each. */
export function sseResponse(events: ChatSseEvent[]) {
  const body = sseStream((controller) => {
    for (const [event, data] of events) controller.enqueue(encoder.encode(sseEvent(event, data)));
    controller.close();
  });
  return new HttpResponse<SseBody>(body, sseInit);
}

/** A streamed answer the test writes to as it goes. */
export function openSse() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = sseStream((c) => {
    controller = c;
  });
  return {
    response: () => new HttpResponse<SseBody>(body, sseInit),
    send: (...[event, data]: ChatSseEvent) => controller.enqueue(encoder.encode(sseEvent(event, data))),
    close: () => controller.close(),
  };
}
