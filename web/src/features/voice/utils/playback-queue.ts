import { claimPlayback, playBlob, speakWithBrowser } from '@/lib/speech';

// The answer's sentences, played in order as they arrive: a sentence with audio (the provider's
// MP3) is played, one without is said by the browser's voice, and one whose audio the browser
// cannot play is said too. `stop` silences it at once and drops what waits (barge-in).

export type QueuedSentence = { index: number; text: string; audio: string | null; contentType?: string | null };

/** Base64 audio as a Blob. */
export function audioBlob(base64: string, contentType?: string | null): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: contentType || 'audio/mpeg' });
}

export type PlaybackQueue = {
  push(sentence: QueuedSentence): void;
  stop(): void;
  readonly active: boolean;
};

export function createPlaybackQueue({ lang, onActiveChange }: { lang?: () => string | undefined; onActiveChange?: (active: boolean) => void } = {}): PlaybackQueue {
  let waiting: QueuedSentence[] = [];
  let controller: AbortController | null = null;
  let release: (() => void) | null = null;

  const setActive = (next: AbortController | null) => {
    const was = controller !== null;
    controller = next;
    if (was !== (next !== null)) onActiveChange?.(next !== null);
  };

  const stop = () => {
    waiting = [];
    const current = controller;
    release?.();
    release = null;
    setActive(null);
    current?.abort();
  };

  const run = async (mine: AbortController) => {
    release = claimPlayback(stop);
    while (!mine.signal.aborted && waiting.length > 0) {
      const next = waiting.shift()!;
      if (next.audio) {
        try {
          await playBlob(audioBlob(next.audio, next.contentType), mine.signal);
          continue;
        } catch {
          if (mine.signal.aborted) break;
        }
      }
      await speakWithBrowser(next.text, { lang: lang?.(), signal: mine.signal });
    }
    if (controller === mine) {
      release?.();
      release = null;
      setActive(null);
    }
  };

  return {
    push(sentence) {
      waiting = [...waiting, sentence].sort((a, b) => a.index - b.index);
      if (controller) return;
      const mine = new AbortController();
      setActive(mine);
      void run(mine);
    },
    stop,
    get active() {
      return controller !== null;
    },
  };
}
