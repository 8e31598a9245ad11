// The browser's own speech recognition (SpeechRecognition, or Chrome's webkitSpeechRecognition).
// The voice screen (`voice`) shows it as the live transcript while one talks, and its final text
// goes with the recording as `transcript`, which the server uses when it has no transcription
// service of its own; the call simulator (`phone`) hears the caller with it, one utterance at a
// time. Where the browser has none, or it fails (Chromium without its network service), the
// screens simply show no live text (the simulator's caller types instead).

type Alternative = { transcript: string };
type Result = { isFinal: boolean; 0: Alternative; length: number };
type ResultEvent = { resultIndex: number; results: { length: number; [index: number]: Result } };
type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: ResultEvent) => void) | null;
  onerror: (() => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
};
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | null {
  if (typeof window === 'undefined') return null;
  const ctor: unknown = Reflect.get(window, 'SpeechRecognition') ?? Reflect.get(window, 'webkitSpeechRecognition');
  // A browser API without types of its own: its shape is the one written above.
  return typeof ctor === 'function' ? (ctor as RecognitionConstructor) : null;
}

export const canRecognize = () => recognitionConstructor() !== null;

export type LiveRecognition = {
  /** Stops listening and answers the final text (waiting briefly for the last result). */
  stop(): Promise<string>;
  /** Stops without waiting. */
  abort(): void;
};

export type RecognitionOptions = {
  /** One utterance: the browser stops by itself once the speaker pauses (default: listens until stopped). */
  single?: boolean;
  /** Called once when listening ends (by itself, on an error, or stopped), with the final text. */
  onEnd?: (finalText: string) => void;
};

/**
 * Starts listening in `lang`; `onText` gets the text so far (final and interim) as it grows.
 * Null where the browser cannot.
 */
export function startRecognition(lang: string, onText: (text: string) => void, { single = false, onEnd }: RecognitionOptions = {}): LiveRecognition | null {
  const Ctor = recognitionConstructor();
  if (!Ctor) return null;
  let recognition: Recognition;
  try {
    recognition = new Ctor();
    recognition.lang = lang;
    recognition.continuous = !single;
    recognition.interimResults = true;
  } catch {
    return null;
  }
  const finals: string[] = [];
  let ended = false;
  let onEnded: (() => void) | null = null;
  recognition.onresult = (event) => {
    let interim = '';
    for (let i = event.resultIndex; i < event.results.length; i++) {
      const result = event.results[i];
      const text = result[0]?.transcript ?? '';
      if (result.isFinal) finals[i] = text;
      else interim += text;
    }
    onText(`${finals.filter(Boolean).join(' ')} ${interim}`.replace(/\s+/g, ' ').trim());
  };
  recognition.onerror = () => {};
  const finalText = () => finals.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
  recognition.onend = () => {
    ended = true;
    onEnded?.();
    onEnd?.(finalText());
  };
  try {
    recognition.start();
  } catch {
    return null;
  }
  return {
    stop: () =>
      new Promise<string>((resolve) => {
        if (ended) return resolve(finalText());
        const timer = setTimeout(() => resolve(finalText()), 1200);
        onEnded = () => {
          clearTimeout(timer);
          resolve(finalText());
        };
        try {
          recognition.stop();
        } catch {
          clearTimeout(timer);
          resolve(finalText());
        }
      }),
    abort: () => {
      try {
        recognition.abort();
      } catch {
        // already stopped
      }
    },
  };
}
