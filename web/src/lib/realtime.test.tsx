import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLOSE_UNAUTHORIZED, IDLE_CLOSE_MS, RealtimeClient, realtimeUrl, reconnectDelay, type RealtimeEvent } from '@/lib/realtime';
import { REFRESH_TOKEN_KEY, SESSION_CLEARED_EVENT, SESSION_STORED_EVENT, TOKEN_KEY, USER_KEY } from '@/lib/storage';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { server } from '@/testing/mocks/server';
import { makeUser } from '@/testing/mocks/users';

describe('realtime address and back-off', () => {
  it('uses ws: or wss: like the API, the /ws path and the token in the query', () => {
    expect(realtimeUrl('a b', 'http://localhost:3000/api')).toBe('ws://localhost:3000/ws?token=a%20b');
    expect(realtimeUrl('t', 'https://agents.example.com/api')).toBe('wss://agents.example.com/ws?token=t');
  });

  it('doubles from 1 s to at most 30 s, with jitter', () => {
    const mid = () => 0.5;
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => reconnectDelay(n, mid))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 1)).toBe(1200);
  });
});

describe('realtime client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.setItem(TOKEN_KEY, 'tok');
  });
  afterEach(() => vi.useRealTimers());

  it('connects with the stored token, reports its state and hands events to listeners', () => {
    const client = new RealtimeClient();
    const events: Array<[RealtimeEvent, boolean]> = [];
    client.subscribe((e, info) => events.push([e, info.resumed]));
    client.acquire();
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(FakeWebSocket.last().url).toBe('ws://localhost:3000/ws?token=tok');
    expect(client.getStatus()).toBe('connecting');

    FakeWebSocket.last().open();
    expect(client.getStatus()).toBe('open');
    FakeWebSocket.last().emit({ type: 'conversation.deleted', conversationId: 'c1', agentId: 'a1' });
    FakeWebSocket.last().onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(events).toEqual([
      [{ type: 'ready', userId: '2' }, false],
      [{ type: 'conversation.deleted', conversationId: 'c1', agentId: 'a1' }, false],
    ]);
    client.stop();
  });

  it('reconnects with back-off after a drop and says the next ready is a resumption', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const client = new RealtimeClient();
    const resumed: boolean[] = [];
    client.subscribe((e, info) => e.type === 'ready' && resumed.push(info.resumed));
    client.acquire();
    FakeWebSocket.last().open();

    FakeWebSocket.last().drop();
    expect(client.getStatus()).toBe('closed');
    vi.advanceTimersByTime(999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(client.getStatus()).toBe('connecting');

    // A refused upgrade closes at once: the wait doubles.
    FakeWebSocket.last().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeWebSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(3);

    FakeWebSocket.last().open();
    expect(client.getStatus()).toBe('open');
    expect(resumed).toEqual([false, true]);
    client.stop();
  });

  it('keeps one socket for all users and closes it a moment after the last one leaves', () => {
    const client = new RealtimeClient();
    const releaseA = client.acquire();
    const releaseB = client.acquire();
    FakeWebSocket.last().open();
    expect(FakeWebSocket.instances).toHaveLength(1);
    releaseA();
    releaseB();
    vi.advanceTimersByTime(IDLE_CLOSE_MS - 1);
    const releaseC = client.acquire();
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(FakeWebSocket.last().readyState).toBe(1);
    releaseC();
    vi.advanceTimersByTime(IDLE_CLOSE_MS);
    expect(FakeWebSocket.last().readyState).toBe(3);
    expect(client.getStatus()).toBe('closed');
    // Closed on purpose: no retry.
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it('stays closed without a session and connects once one is stored', () => {
    localStorage.removeItem(TOKEN_KEY);
    const client = new RealtimeClient();
    const unwatch = client.watchSession();
    client.acquire();
    expect(FakeWebSocket.instances).toHaveLength(0);
    expect(client.getStatus()).toBe('closed');
    localStorage.setItem(TOKEN_KEY, 'fresh');
    window.dispatchEvent(new Event(SESSION_STORED_EVENT));
    expect(FakeWebSocket.last().url).toContain('token=fresh');
    window.dispatchEvent(new Event(SESSION_CLEARED_EVENT));
    expect(FakeWebSocket.last().readyState).toBe(3);
    expect(client.getStatus()).toBe('closed');
    unwatch();
  });

  it('connects again at once with the newer token when the server ends an expired one (4001)', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const client = new RealtimeClient();
    client.acquire();
    FakeWebSocket.last().open();
    // The silent refresh stored a new token a minute before the old one expired.
    localStorage.setItem(TOKEN_KEY, 'newer');
    FakeWebSocket.last().closeWith(CLOSE_UNAUTHORIZED, 'token_expired');
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(FakeWebSocket.last().url).toContain('token=newer');
    client.stop();
  });
});

describe('realtime client when the server ends the session', () => {
  const user = makeUser({ id: 'u1' });
  beforeEach(() => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh-1');
    localStorage.setItem(USER_KEY, JSON.stringify(user));
  });

  it('refreshes the session and connects again with the new token', async () => {
    const refreshed: unknown[] = [];
    server.use(
      mockApi.post('/auth/refresh-token', async ({ request }) => {
        refreshed.push(await request.json());
        return ok({ token: 'fresh', refreshToken: 'refresh-2', expiresIn: 900, user });
      }),
    );
    const client = new RealtimeClient();
    const unwatch = client.watchSession();
    client.acquire();
    FakeWebSocket.last().open();
    FakeWebSocket.last().closeWith(CLOSE_UNAUTHORIZED, 'session_revoked');
    await vi.waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    expect(FakeWebSocket.last().url).toContain('token=fresh');
    expect(refreshed).toEqual([{ refreshToken: 'refresh-1' }]);
    unwatch();
    client.stop();
  });

  it('stays closed when the session was signed out for good', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    server.use(mockApi.post('/auth/refresh-token', () => fail(401, 'token_reused', 'Signed out')));
    const client = new RealtimeClient();
    const unwatch = client.watchSession();
    client.acquire();
    FakeWebSocket.last().open();
    FakeWebSocket.last().closeWith(CLOSE_UNAUTHORIZED, 'session_revoked');
    await vi.waitFor(() => expect(localStorage.getItem(TOKEN_KEY)).toBeNull());
    expect(client.getStatus()).toBe('closed');
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    unwatch();
    vi.useRealTimers();
  });
});
