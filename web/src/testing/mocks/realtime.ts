import type { RealtimeEvent } from '@/lib/realtime';

/**
 * A stand-in for the browser's WebSocket: it never connects by itself; a test opens it, pushes
 * frames and drops it. Installed for every test by setup-tests.ts.
 */
export class FakeWebSocket {
  static instances: FakeWebSocket[] = [];

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  /** The newest socket (the one the app uses after any reconnection). */
  static last(): FakeWebSocket {
    const socket = FakeWebSocket.instances.at(-1);
    if (!socket) throw new Error('no WebSocket was opened');
    return socket;
  }

  readonly url: string;
  readyState = 0;
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;

  constructor(url: string) {
    this.url = url;
    FakeWebSocket.instances.push(this);
  }

  send(): void {}

  close(): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code: 1000 }));
  }

  /** The server accepted the upgrade (and says `ready`, as the real one does). */
  open(userId = '2'): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
    this.emit({ type: 'ready', userId });
  }

  /** One JSON text frame from the server, as the API document declares them. */
  emit(frame: RealtimeEvent): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(frame) }));
  }

  /** The server closed the socket with a code (4001: its token expired or its session was signed out). */
  closeWith(code: number, reason = ''): void {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code, reason }));
  }

  /** The connection dropped. */
  drop(): void {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

export const fakeSocketFactory = (url: string) => new FakeWebSocket(url) as unknown as WebSocket;
