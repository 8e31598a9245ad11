import type { components } from '../src/lib/api-types';
import { readSseStream, type SseEvent } from '../src/lib/sse';

// The widget's public API (docs/widget.md): no account, the page's origin decides. Every call
// is a plain CORS request without credentials (the visitor is the id in the body or query).

type S = components['schemas'];
export type WidgetConfig = S['WidgetPublicOut'];
/** A button a flow offers under its answer: choosing it sends its label. */
export type WidgetChoice = S['ChoiceOption'];
/** `choices`: the buttons of a flow's answer (none otherwise). */
export type WidgetMessage = Pick<S['MessageOut'], 'id' | 'content' | 'status'> & { role: 'user' | 'assistant'; choices: WidgetChoice[] };
/** `handedOff`: a person of the team holds the conversation (their answers come with the history). */
export type WidgetHistory = { conversationId: string | null; messages: WidgetMessage[]; handedOff: boolean };
/**
 * What a turn amounts to: the answer (`content`, its `id`, the buttons a flow offers with it, and
 * `ending` when the flow handed the conversation to a person or ended it), or `handedOff` when a
 * person of the team holds the conversation: the message reached them and nobody answered yet.
 */
export type WidgetAnswer = { id: string | null; content: string; choices: WidgetChoice[]; ending: S['FlowEnding'] | null; handedOff: boolean };

export const DEFAULT_COLOR = '#4f46e5';
const POSITIONS: readonly string[] = ['bottom-right', 'bottom-left'] satisfies S['WidgetPosition'][];
const ICONS: readonly string[] = ['chat', 'help', 'sparkle'] satisfies S['WidgetIcon'][];

/** A failed call: its HTTP status (0 when nothing answered) and the server's error code. */
export class WidgetError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'WidgetError';
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown, fallback = ''): string => (typeof v === 'string' ? v : fallback);

/** The buttons of a message's flow (`flow.choices`), those with a label. */
function choicesOf(message: Record<string, unknown>): WidgetChoice[] {
  const flow = isRecord(message.flow) ? message.flow : {};
  const list = Array.isArray(flow.choices) ? flow.choices : [];
  return list.filter(isRecord).flatMap((c) => (typeof c.label === 'string' && c.label.trim() ? [{ id: str(c.id), label: c.label }] : []));
}

/** How a flow left the conversation with this answer: handed to a person, ended, or neither. */
function endingOf(message: Record<string, unknown>): WidgetAnswer['ending'] {
  const ending = isRecord(message.flow) ? message.flow.ending : null;
  return ending === 'handoff' || ending === 'end' ? ending : null;
}

/** A stored answer as a turn's outcome. */
function answerOf(message: Record<string, unknown>, fallback = ''): WidgetAnswer {
  return {
    id: typeof message.id === 'string' ? message.id : null,
    content: typeof message.content === 'string' ? message.content : fallback,
    choices: choicesOf(message),
    ending: endingOf(message),
    handedOff: false,
  };
}

const HANDED_OFF: WidgetAnswer = { id: null, content: '', choices: [], ending: null, handedOff: true };

/**
 * The config as the widget uses it, whatever arrived: unknown values fall back to the defaults,
 * so a server (or a preview) sending something odd cannot break the page's layout or styles.
 */
export function readConfig(raw: unknown, agentId: string): WidgetConfig {
  const c = isRecord(raw) ? raw : {};
  const color = str(c.color);
  const avatar = str(c.avatarUrl);
  return {
    agentId: str(c.agentId, agentId),
    title: str(c.title).slice(0, 200),
    greeting: str(c.greeting).slice(0, 2000),
    suggestedQuestions: Array.isArray(c.suggestedQuestions) ? c.suggestedQuestions.filter((q): q is string => typeof q === 'string' && q.trim() !== '').slice(0, 5) : [],
    color: /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_COLOR,
    position: (POSITIONS.includes(str(c.position)) ? c.position : 'bottom-right') as S['WidgetPosition'],
    icon: (ICONS.includes(str(c.icon)) ? c.icon : 'chat') as S['WidgetIcon'],
    avatarUrl: /^https:\/\/\S+$/i.test(avatar) ? avatar : null,
    language: str(c.language),
  };
}

async function failure(response: Response): Promise<WidgetError> {
  let code = '';
  let message = response.statusText;
  try {
    const body: unknown = await response.json();
    if (isRecord(body)) {
      code = str(body.error);
      message = str(body.message, message);
    }
  } catch {
    // Not JSON (a proxy's page): the status says enough.
  }
  return new WidgetError(response.status, code, message);
}

async function call(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, mode: 'cors', credentials: 'omit' });
  } catch (e) {
    // Refused by CORS (an origin the widget does not allow) or no network: nothing to read.
    if (e instanceof DOMException && e.name === 'AbortError') throw e;
    throw new WidgetError(0, 'network_error', e instanceof Error ? e.message : 'Network error');
  }
  if (!response.ok) throw await failure(response);
  return response;
}

const data = async (response: Response): Promise<unknown> => {
  const body: unknown = await response.json();
  return isRecord(body) ? body.data : undefined;
};

export type WidgetApi = ReturnType<typeof widgetApi>;

/** The calls for one agent, against the server at `base` (the script's origin). */
export function widgetApi(base: string, agentId: string) {
  const root = `${base.replace(/\/+$/, '')}/api/widget/${encodeURIComponent(agentId)}`;
  return {
    /** GET /config: title, greeting, look, language. */
    async config(): Promise<WidgetConfig> {
      return readConfig(await data(await call(`${root}/config`, { headers: { Accept: 'application/json' } })), agentId);
    },

    /** GET /history: the visitor's conversation so far (user and assistant messages), and whether a person holds it. */
    async history(visitorId: string): Promise<WidgetHistory> {
      const raw = await data(await call(`${root}/history?visitorId=${encodeURIComponent(visitorId)}`, { headers: { Accept: 'application/json' } }));
      const h = isRecord(raw) ? raw : {};
      const messages = Array.isArray(h.messages) ? h.messages : [];
      return {
        conversationId: typeof h.conversationId === 'string' ? h.conversationId : null,
        messages: messages.filter(isRecord).flatMap((m) =>
          (m.role === 'user' || m.role === 'assistant') && typeof m.content === 'string'
            ? [{ id: str(m.id), role: m.role, content: m.content, status: str(m.status, 'complete') as WidgetMessage['status'], choices: choicesOf(m) }]
            : [],
        ),
        handedOff: h.handedOff === true,
      };
    },

    /**
     * POST /chat, streamed: `onDelta` gets each piece of the answer as it is written; resolves
     * with the whole answer once it ends (or says a person of the team holds the conversation).
     * Rejects with WidgetError when the call is refused (429 rate_limited …), the stream reports
     * an error, or it stops before its end.
     */
    async chat(visitorId: string, message: string, onDelta: (text: string) => void, signal?: AbortSignal): Promise<WidgetAnswer> {
      const response = await call(`${root}/chat`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
        body: JSON.stringify({ visitorId, message }),
        signal,
      });
      if (!response.headers.get('content-type')?.includes('text/event-stream') || !response.body) {
        // A server that answered in one piece (ChatOut).
        const out = await data(response);
        if (isRecord(out) && (out.handedOff === true || !isRecord(out.message))) return HANDED_OFF;
        const answer = answerOf(isRecord(out) && isRecord(out.message) ? out.message : {});
        if (answer.content) onDelta(answer.content);
        return answer;
      }
      return readChatStream(response.body, onDelta, signal);
    },
  };
}

/** What a stream's events amount to: the answer, a person of the team holding the conversation, or the error that ended it. */
export async function readChatStream(body: ReadableStream<Uint8Array>, onDelta: (text: string) => void, signal?: AbortSignal): Promise<WidgetAnswer> {
  let text = '';
  // Set by the event handler, below (a holder, since the compiler cannot follow a callback's writes).
  const state: { outcome: { done: true; answer: WidgetAnswer } | { done: false; error: WidgetError } | null } = { outcome: null };
  const onEvent = (e: SseEvent) => {
    if (state.outcome) return;
    let payload: unknown;
    try {
      payload = JSON.parse(e.data);
    } catch {
      return;
    }
    const d = isRecord(payload) ? payload : {};
    if (e.event === 'delta') {
      const piece = str(d.text);
      if (piece) {
        text += piece;
        onDelta(piece);
      }
    } else if (e.event === 'end') {
      state.outcome = { done: true, answer: answerOf(isRecord(d.message) ? d.message : {}, text) };
    } else if (e.event === 'handed_off') {
      // The only event of a turn that reached a person of the team.
      state.outcome = { done: true, answer: HANDED_OFF };
    } else if (e.event === 'error') {
      state.outcome = { done: false, error: new WidgetError(200, str(d.error, 'stream_error'), str(d.message)) };
    }
  };
  await readSseStream(body, onEvent, signal);
  const result = state.outcome;
  if (!result) throw new WidgetError(0, 'stream_interrupted', 'The answer stopped before its end');
  if (!result.done) throw result.error;
  return result.answer;
}
