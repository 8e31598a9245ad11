import { useCallback } from 'react';
import { api, ApiError } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { i18n } from '@/lib/i18n';
import { SPEECH_FALLBACK_NOTED_KEY } from '@/lib/storage';
import { useFeature } from '@/lib/system';
import { toast } from '@/lib/toast';

// Speech in the browser (docs/voice.md): ElevenLabs through POST /elevenlabs/text-to-speech while
// the `voiceProvider` flag is on, else the browser's own `speechSynthesis`. Any failure of the
// provider (its quota, key or credits, the flag turned off meanwhile, no account connected, a
// 5xx) falls back to the browser's voice, and says so once per browser session, quietly. A 429 is
// never retried: the client retries only a 401 after a refresh, and speech is no query.
// The voice screen (`voice`) and the agent form's voice previews (`agents`) both speak through here.

type S = components['schemas'];
/** The settings a call may give; each one left out is the server's (the voice's category's, or 0.5, 0.75, 0.2, on). */
export type SpeechSettings = Pick<S['SpeechIn'], 'modelId' | 'stability' | 'similarityBoost' | 'style' | 'speakerBoost'>;

export type SpeakOptions = {
  /** A catalogue voice's name or a voice id; left out: the server's default (rachel). */
  voiceId?: string | null;
  /** Speak with this agent's account (its team's or owner's ElevenLabs). */
  agentId?: string | null;
  settings?: SpeechSettings;
  /** The `voiceProvider` flag: ElevenLabs speaks when on. */
  provider: boolean;
  /** The language the browser's voice speaks (BCP 47; the page's language when left out). */
  lang?: string;
  signal?: AbortSignal;
};

/** Who spoke. */
export type Speaker = 'elevenlabs' | 'browser';

/** The provider's failures the browser speaks instead of (docs/voice.md, "When the browser speaks instead"). */
export const SPEECH_FALLBACK_CODES = ['QUOTA_EXCEEDED', 'INVALID_API_KEY', 'INSUFFICIENT_CREDITS', 'RATE_LIMIT_EXCEEDED', 'SPEECH_REJECTED', 'SPEECH_UNAVAILABLE', 'speech_not_configured', 'feature_disabled'] as const;
type FallbackCode = (typeof SPEECH_FALLBACK_CODES)[number];
const isFallbackCode = (code: string | null | undefined): code is FallbackCode => SPEECH_FALLBACK_CODES.some((c) => c === code);

const REASONS = {
  QUOTA_EXCEEDED: 'speech.fallback.QUOTA_EXCEEDED',
  INVALID_API_KEY: 'speech.fallback.INVALID_API_KEY',
  INSUFFICIENT_CREDITS: 'speech.fallback.INSUFFICIENT_CREDITS',
  RATE_LIMIT_EXCEEDED: 'speech.fallback.RATE_LIMIT_EXCEEDED',
  SPEECH_REJECTED: 'speech.fallback.SPEECH_REJECTED',
  SPEECH_UNAVAILABLE: 'speech.fallback.SPEECH_UNAVAILABLE',
  speech_not_configured: 'speech.fallback.speech_not_configured',
  feature_disabled: 'speech.fallback.feature_disabled',
} as const satisfies Record<FallbackCode, string>;

/** The toast's id: a second notice could only replace the first. */
export const SPEECH_FALLBACK_TOAST = 'speech-fallback';

/**
 * Says, once per browser session, that the browser's voice speaks because the provider could not
 * (`code`, the server's, says why). Answers whether it said so now.
 */
export function noteSpeechFallback(code?: string | null): boolean {
  try {
    if (sessionStorage.getItem(SPEECH_FALLBACK_NOTED_KEY)) return false;
    sessionStorage.setItem(SPEECH_FALLBACK_NOTED_KEY, code || 'unknown');
  } catch {
    // No storage (a locked-down browser): say it this time; the toast's id still keeps it single.
  }
  toast({
    id: SPEECH_FALLBACK_TOAST,
    status: 'info',
    title: i18n.t('common:speech.fallback.title'),
    description: i18n.t(isFallbackCode(code) ? `common:${REASONS[code]}` : 'common:speech.fallback.other'),
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// One voice at a time: whatever starts speaking (an answer's sentences, a recording played from
// the history, a voice's preview) stops what spoke before; `stopSpeaking` silences everything at
// once (barge-in: the person started talking).

type Playing = { stop: () => void };
let playing: Playing | null = null;

/** Takes the one voice: stops what is playing, and answers the release to call when done. */
export function claimPlayback(stop: () => void): () => void {
  const previous = playing;
  const mine: Playing = { stop };
  playing = mine;
  previous?.stop();
  return () => {
    if (playing === mine) playing = null;
  };
}

/** Stops every playback and the browser's speech at once. */
export function stopSpeaking(): void {
  const current = playing;
  playing = null;
  current?.stop();
  browserSynthesis()?.cancel();
}

function browserSynthesis(): SpeechSynthesis | undefined {
  return typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;
}

/** Whether the browser can speak by itself. */
export const canSpeakInBrowser = () => !!browserSynthesis() && typeof SpeechSynthesisUtterance !== 'undefined';

/** Plays audio to its end (or until `signal` aborts); rejects when the browser cannot play it. */
export function playBlob(blob: Blob, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return resolve();
    const url = URL.createObjectURL(blob);
    const audio = new Audio(url);
    const finish = (error?: unknown) => {
      audio.onended = null;
      audio.onerror = null;
      signal?.removeEventListener('abort', onAbort);
      URL.revokeObjectURL(url);
      if (error) reject(error instanceof Error ? error : new Error('The audio cannot be played'));
      else resolve();
    };
    const onAbort = () => {
      audio.pause();
      finish();
    };
    audio.onended = () => finish();
    audio.onerror = () => finish(new Error('The audio cannot be played'));
    signal?.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(audio.play()).catch(finish);
  });
}

/** Picks the browser's voice for a language: its default one for it, else any of it. */
function voiceFor(synth: SpeechSynthesis, lang: string): SpeechSynthesisVoice | undefined {
  const base = lang.toLowerCase().split('-')[0];
  const voices = synth.getVoices?.() ?? [];
  const fits = voices.filter((v) => v.lang.toLowerCase().replace('_', '-').split('-')[0] === base);
  return fits.find((v) => v.default) ?? fits.find((v) => v.localService) ?? fits[0];
}

/**
 * Speaks with the browser's own voice, resolving when it is done (or `signal` aborts). Some
 * browsers never say `end` (no voices installed, headless): a bound by the text's length keeps
 * whoever waits on it moving. Resolves at once where the browser cannot speak.
 */
export function speakWithBrowser(text: string, { lang, signal }: { lang?: string; signal?: AbortSignal } = {}): Promise<void> {
  const synth = browserSynthesis();
  if (!synth || typeof SpeechSynthesisUtterance === 'undefined' || !text.trim() || signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const utterance = new SpeechSynthesisUtterance(text);
    const language = lang || i18n.language || 'en';
    utterance.lang = language;
    const voice = voiceFor(synth, language);
    if (voice) utterance.voice = voice;
    const finish = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      resolve();
    };
    const onAbort = () => {
      synth.cancel();
      finish();
    };
    utterance.onend = finish;
    utterance.onerror = finish;
    const timer = setTimeout(finish, 3000 + text.length * 90);
    signal?.addEventListener('abort', onAbort, { once: true });
    synth.speak(utterance);
  });
}

/** The text-to-speech body: only what the call gives, so the server fills in the rest. */
function speechBody(text: string, { voiceId, agentId, settings = {} }: SpeakOptions): S['SpeechIn'] {
  const given = Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined && value !== null));
  return { text, ...(voiceId ? { voiceId } : {}), ...(agentId ? { agentId } : {}), ...given };
}

/**
 * Says `text` aloud: with ElevenLabs while the provider is on, else (or when it fails) with the
 * browser's voice. Stops whatever else was speaking; resolves once it has been said (or was
 * stopped), with who said it.
 */
export async function speak(text: string, options: SpeakOptions): Promise<Speaker> {
  const controller = new AbortController();
  const release = claimPlayback(() => controller.abort());
  const outer = options.signal;
  const onOuterAbort = () => controller.abort();
  if (outer?.aborted) controller.abort();
  else outer?.addEventListener('abort', onOuterAbort, { once: true });
  const signal = controller.signal;
  try {
    if (options.provider) {
      let audio: Blob | null = null;
      try {
        audio = await api.postFile('/elevenlabs/text-to-speech', { body: speechBody(text, options), signal });
      } catch (e) {
        if (signal.aborted) return 'browser';
        noteSpeechFallback(e instanceof ApiError ? e.code : undefined);
      }
      if (audio) {
        try {
          await playBlob(audio, signal);
          return 'elevenlabs';
        } catch {
          // The browser refused to play it (no user gesture yet, an unknown format): its own voice speaks.
          if (signal.aborted) return 'elevenlabs';
        }
      }
    }
    await speakWithBrowser(text, { lang: options.lang, signal });
    return 'browser';
  } finally {
    outer?.removeEventListener('abort', onOuterAbort);
    release();
  }
}

/** `speak` bound to the `voiceProvider` flag as the server states it (off while it loads). */
export function useSpeak() {
  const provider = useFeature('voiceProvider') === true;
  return useCallback((text: string, options: Omit<SpeakOptions, 'provider'> = {}) => speak(text, { ...options, provider }), [provider]);
}
