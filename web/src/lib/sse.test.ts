import { describe, expect, it } from 'vitest';
import { createSseParser, readSseStream, type SseEvent } from '@/lib/sse';

function parse(chunks: string[]): SseEvent[] {
  const events: SseEvent[] = [];
  const parser = createSseParser((e) => events.push(e));
  for (const c of chunks) parser.push(c);
  parser.end();
  return events;
}

const STREAM = 'event: start\ndata: {"conversationId":"c1"}\n\nevent: delta\ndata: {"text":"Hel"}\n\nevent: delta\ndata: {"text":"lo"}\n\nevent: end\ndata: {"message":{}}\n\n';

describe('SSE parser', () => {
  it('reads named events with their data', () => {
    expect(parse([STREAM])).toEqual([
      { event: 'start', data: '{"conversationId":"c1"}' },
      { event: 'delta', data: '{"text":"Hel"}' },
      { event: 'delta', data: '{"text":"lo"}' },
      { event: 'end', data: '{"message":{}}' },
    ]);
  });

  it('gives the same events however the stream is cut into chunks', () => {
    const whole = parse([STREAM]);
    // Every single cut position, and one character at a time.
    for (let i = 1; i < STREAM.length; i++) expect(parse([STREAM.slice(0, i), STREAM.slice(i)])).toEqual(whole);
    expect(parse(STREAM.split(''))).toEqual(whole);
  });

  it('accepts CRLF and CR line endings, even with CR and LF in different chunks', () => {
    const crlf = STREAM.replace(/\n/g, '\r\n');
    const whole = parse([STREAM]);
    expect(parse([crlf])).toEqual(whole);
    expect(parse(crlf.split(''))).toEqual(whole);
    expect(parse([STREAM.replace(/\n/g, '\r')])).toEqual(whole);
  });

  it('joins multi-line data with newlines and keeps spaces after the first', () => {
    expect(parse(['event: delta\ndata: line one\ndata:  indented\ndata\ndata:last\n\n'])).toEqual([{ event: 'delta', data: 'line one\n indented\n\nlast' }]);
  });

  it("ignores comments and unknown fields, calls unnamed events 'message' and remembers the id", () => {
    expect(parse([': keep-alive\n\nretry: 1000\nfoo: bar\nid: 7\ndata: x\n\n'])).toEqual([{ event: 'message', data: 'x', id: '7' }]);
  });

  it('does not dispatch an event without data, nor a last event the stream cut off', () => {
    expect(parse(['event: start\n\nevent: delta\ndata: {"text":"cut'])).toEqual([]);
  });

  it('reads the error event', () => {
    expect(parse(['event: error\ndata: {"error":"provider_timeout","message":"The model did not answer in time"}\n\n'])).toEqual([
      { event: 'error', data: '{"error":"provider_timeout","message":"The model did not answer in time"}' },
    ]);
  });
});

describe('readSseStream', () => {
  const bytesStream = (parts: Uint8Array[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(p);
        controller.close();
      },
    });

  it('decodes UTF-8 split inside a character across chunks', async () => {
    const bytes = new TextEncoder().encode('event: delta\ndata: {"text":"héllo 👋"}\n\n');
    const cut = bytes.indexOf(0xf0) + 2; // inside the emoji
    const events: SseEvent[] = [];
    await readSseStream(bytesStream([bytes.slice(0, 5), bytes.slice(5, cut), bytes.slice(cut)]), (e) => events.push(e));
    expect(events).toEqual([{ event: 'delta', data: '{"text":"héllo 👋"}' }]);
  });

  it('stops reading when the signal aborts', async () => {
    const enc = new TextEncoder();
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(enc.encode('event: delta\ndata: {"text":"a"}\n\n'));
      },
      cancel() {
        cancelled = true;
      },
    });
    const abort = new AbortController();
    const events: SseEvent[] = [];
    const done = readSseStream(body, (e) => {
      events.push(e);
      abort.abort();
    }, abort.signal);
    await expect(done).resolves.toBeUndefined();
    expect(events).toHaveLength(1);
    expect(cancelled).toBe(true);
  });
});
