/** One Server-Sent Event: its `event` name ('message' when unnamed) and its joined `data` lines. */
export type SseEvent = { event: string; data: string; id?: string };

/**
 * An incremental Server-Sent Events parser (the WHATWG event-stream format): feed it text as
 * it arrives, in chunks cut anywhere (inside a line, between "\r" and "\n"), and it calls
 * `onEvent` for each complete event. Comments, `retry` and unknown fields are ignored; an
 * event without data is not dispatched, as browsers do.
 */
export function createSseParser(onEvent: (event: SseEvent) => void) {
  let buffer = '';
  let eventName = '';
  let data: string[] = [];
  let id: string | undefined;
  // A chunk ending in "\r" may be followed by the "\n" of the same line ending.
  let skipLeadingLf = false;

  const dispatch = () => {
    if (data.length > 0) onEvent({ event: eventName || 'message', data: data.join('\n'), id });
    eventName = '';
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventName = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) id = value;
  };

  return {
    push(chunk: string) {
      if (skipLeadingLf && chunk.startsWith('\n')) chunk = chunk.slice(1);
      skipLeadingLf = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        line(buffer.slice(start, i));
        if (c === '\r') {
          if (i + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[i + 1] === '\n') i++;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
    },
    /** The stream ended: a last event not followed by a blank line is dropped, per the format. */
    end() {
      buffer = '';
      eventName = '';
      data = [];
    },
  };
}

/**
 * Reads a byte stream of Server-Sent Events, calling `onEvent` as each event completes. Aborting
 * `signal` cancels the stream (closing the connection); the read then ends early.
 */
export async function readSseStream(body: ReadableStream<Uint8Array>, onEvent: (event: SseEvent) => void, signal?: AbortSignal): Promise<void> {
  const parser = createSseParser(onEvent);
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const cancel = () => void reader.cancel().catch(() => {});
  if (signal?.aborted) cancel();
  signal?.addEventListener('abort', cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || signal?.aborted) break;
      parser.push(decoder.decode(value, { stream: true }));
    }
    if (!signal?.aborted) parser.push(decoder.decode());
    parser.end();
  } finally {
    signal?.removeEventListener('abort', cancel);
    reader.releaseLock();
  }
}
