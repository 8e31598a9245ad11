import { canSpeakInBrowser, claimPlayback } from '@/lib/speech';

// The voice preview speaks each answer with the browser's own voice at the message's speed (what a
// call would do with the flow's voice settings, short of the provider's voice itself), one thing
// at a time with the app's other speakers (lib/speech.ts's one voice).

export { canSpeakInBrowser };

/** Says `text` in `lang` at `rate` (0.7–1.2); resolves once said or stopped (and at once where the browser cannot speak). */
export function speakAnswer(text: string, { lang, rate = 1, onStart }: { lang: string; rate?: number; onStart?: () => void }): Promise<void> {
  if (!canSpeakInBrowser() || !text.trim()) return Promise.resolve();
  const synth = window.speechSynthesis;
  return new Promise((resolve) => {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = lang;
    utterance.rate = rate;
    let release = () => {};
    const done = () => {
      window.clearTimeout(bound);
      release();
      resolve();
    };
    // Headless browsers and some without voices never say `end`.
    const bound = window.setTimeout(done, 3000 + (text.length * 90) / rate);
    release = claimPlayback(() => {
      synth.cancel();
      done();
    });
    utterance.onstart = () => onStart?.();
    utterance.onend = done;
    utterance.onerror = done;
    synth.speak(utterance);
  });
}
