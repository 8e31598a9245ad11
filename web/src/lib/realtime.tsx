import { createContext, useContext, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { env } from '@/config/env';
import { refreshSession, tokenExpiresSoon } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { getToken, SESSION_CLEARED_EVENT, SESSION_STORED_EVENT } from '@/lib/storage';

/** `connecting` (first try or a retry under way), `open`, or `closed` (waiting to retry, or signed out). */
export type RealtimeStatus = 'connecting' | 'open' | 'closed';

/** One JSON frame of the socket (docs/chat.md, "Realtime socket"), as the API document declares it. */
export type RealtimeEvent = components['schemas']['RealtimeEvent'];
export type RealtimeEventType = RealtimeEvent['type'];

// Every event type of the document, once: a type it adds or drops fails the type check here.
const EVENT_TYPES: Record<RealtimeEventType, true> = {
  ready: true,
  resync: true,
  'conversation.started': true,
  'message.created': true,
  'conversation.ended': true,
  'conversation.handed_off': true,
  'conversation.deleted': true,
  'team.notification': true,
  'configuration.changed': true,
  'workflow.execution': true,
};

/** `resumed`: this `ready` follows a reconnection, so events may have been missed meanwhile. */
export type RealtimeListener = (event: RealtimeEvent, info: { resumed: boolean }) => void;

export const REALTIME_PATH = '/ws';
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** The socket outlives its last user this long, so moving between two live screens keeps it. */
export const IDLE_CLOSE_MS = 2000;
/** The server's close code when the socket's access token expired or its session was signed out. */
export const CLOSE_UNAUTHORIZED = 4001;

/**
 * The socket address: the API's origin (the page's own unless VITE_API_URL says otherwise) with
 * ws: or wss:, and the access token in the query, since browsers cannot set headers on a WebSocket.
 */
export function realtimeUrl(token: string, apiUrl: string = env.API_URL): string {
  const url = new URL(apiUrl, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = REALTIME_PATH;
  url.search = `?token=${encodeURIComponent(token)}`;
  url.hash = '';
  return url.toString();
}

/** Back-off before retry number `attempt` (0-based): doubling from 1 s to 30 s, with ±20 % jitter. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_BASE_MS * 2 ** attempt, RECONNECT_MAX_MS);
  return Math.round(base * (0.8 + 0.4 * random()));
}

type SocketFactory = (url: string) => WebSocket;
let createSocket: SocketFactory = (url) => new WebSocket(url);

/** Replaces how sockets are made (tests use a fake one). */
export function setRealtimeSocketFactory(factory: SocketFactory): void {
  createSocket = factory;
}

/**
 * One shared socket for every screen that wants events: opened by the first user, closed a moment
 * after the last one leaves, reopened with back-off when it drops.
 */
export class RealtimeClient {
  private socket: WebSocket | null = null;
  private status: RealtimeStatus = 'closed';
  private users = 0;
  private attempt = 0;
  private hadReady = false;
  // Bumped whenever a connection attempt is abandoned, so a late await does not resurrect it.
  private generation = 0;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly listeners = new Set<RealtimeListener>();
  private readonly statusListeners = new Set<() => void>();

  getStatus = (): RealtimeStatus => this.status;

  subscribeStatus = (listener: () => void): (() => void) => {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  };

  subscribe(listener: RealtimeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Counts a user of the socket (connecting if needed); the returned function releases it. */
  acquire(): () => void {
    this.users += 1;
    this.clearIdle();
    if (!this.socket && !this.retryTimer && this.status !== 'connecting') void this.connect();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.users -= 1;
      if (this.users === 0) this.idleTimer = setTimeout(() => this.stop(), IDLE_CLOSE_MS);
    };
  }

  /** Reacts to the session: a new token reconnects at once, a cleared session closes. */
  watchSession(): () => void {
    const onStored = () => {
      if (this.users > 0 && this.status !== 'open') this.reconnectNow();
    };
    const onCleared = () => this.stop();
    const onOnline = () => {
      if (this.users > 0 && this.status === 'closed') this.reconnectNow();
    };
    window.addEventListener(SESSION_STORED_EVENT, onStored);
    window.addEventListener(SESSION_CLEARED_EVENT, onCleared);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener(SESSION_STORED_EVENT, onStored);
      window.removeEventListener(SESSION_CLEARED_EVENT, onCleared);
      window.removeEventListener('online', onOnline);
    };
  }

  /** Closes the socket and forgets retries; the next acquire starts afresh. */
  stop(): void {
    this.generation += 1;
    this.clearIdle();
    this.clearRetry();
    const socket = this.socket;
    this.socket = null;
    this.attempt = 0;
    this.hadReady = false;
    socket?.close();
    this.setStatus('closed');
  }

  private reconnectNow(): void {
    this.generation += 1;
    this.clearRetry();
    const socket = this.socket;
    this.socket = null;
    socket?.close();
    void this.connect();
  }

  private async connect(): Promise<void> {
    const generation = ++this.generation;
    if (!getToken()) {
      this.setStatus('closed');
      return;
    }
    this.setStatus('connecting');
    // The token is checked once, at the upgrade: present a fresh one.
    if (tokenExpiresSoon()) await refreshSession();
    const token = getToken();
    if (generation !== this.generation || this.users === 0) return;
    if (!token) {
      this.setStatus('closed');
      return;
    }
    let socket: WebSocket;
    try {
      socket = createSocket(realtimeUrl(token));
    } catch {
      this.setStatus('closed');
      this.scheduleRetry();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setStatus('open');
    };
    socket.onmessage = (message) => {
      if (this.socket !== socket) return;
      const event = parseFrame(message.data);
      if (!event) return;
      let resumed = false;
      if (event.type === 'ready') {
        resumed = this.hadReady;
        this.hadReady = true;
      }
      for (const listener of [...this.listeners]) {
        try {
          listener(event, { resumed });
        } catch (e) {
          // One screen's bug must not stop the others from hearing the event.
          console.error(e);
        }
      }
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.setStatus('closed');
      if (event.code === CLOSE_UNAUTHORIZED) void this.renew(token);
      else this.scheduleRetry();
    };
    // An error is always followed by close, which retries.
    socket.onerror = () => {};
  }

  /**
   * The server ended the socket because its token (`used`) expired or its session was signed out:
   * connect again at once with a newer token, refreshing first when none is stored yet. A session
   * that was signed out fails the refresh, and the API client ends it here too (which stops this).
   */
  private async renew(used: string): Promise<void> {
    const generation = this.generation;
    if (getToken() === used) {
      const outcome = await refreshSession();
      // A stored session reconnects by itself (watchSession), a cleared one stops: nothing left to do.
      if (generation !== this.generation) return;
      if (outcome !== 'refreshed') {
        if (outcome !== 'expired') this.scheduleRetry();
        return;
      }
    }
    if (this.users > 0) void this.connect();
  }

  private scheduleRetry(): void {
    if (this.users === 0 || this.retryTimer) return;
    const delay = reconnectDelay(this.attempt);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.users > 0) void this.connect();
    }, delay);
  }

  private clearRetry(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private setStatus(status: RealtimeStatus): void {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }
}

/** A frame of a type the document knows, read as that event; anything else is ignored. */
function parseFrame(data: unknown): RealtimeEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value: unknown = JSON.parse(data);
    if (typeof value === 'object' && value !== null && 'type' in value && typeof value.type === 'string' && Object.hasOwn(EVENT_TYPES, value.type)) {
      // The server's frame, read as the document's shape for its type.
      return value as RealtimeEvent;
    }
  } catch {
    // not JSON: ignored
  }
  return null;
}

const RealtimeContext = createContext<RealtimeClient | null>(null);

/** Owns the app's realtime client; the socket itself opens only while a screen uses it. */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() => new RealtimeClient());
  useEffect(() => {
    const unwatch = client.watchSession();
    return () => {
      unwatch();
      client.stop();
    };
  }, [client]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/**
 * Keeps the realtime socket open while the calling component is mounted (and `enabled`), hands
 * each event to `onEvent` (the latest one given), and returns the connection state.
 */
export function useRealtime(onEvent?: RealtimeListener, { enabled = true }: { enabled?: boolean } = {}): RealtimeStatus {
  const client = useContext(RealtimeContext);
  if (!client) throw new Error('useRealtime must be used inside a RealtimeProvider');
  const listener = useRef(onEvent);
  useLayoutEffect(() => {
    listener.current = onEvent;
  });
  useEffect(() => {
    if (!enabled) return;
    const unsubscribe = client.subscribe((event, info) => listener.current?.(event, info));
    const release = client.acquire();
    return () => {
      unsubscribe();
      release();
    };
  }, [client, enabled]);
  return useSyncExternalStore(client.subscribeStatus, client.getStatus, client.getStatus);
}
