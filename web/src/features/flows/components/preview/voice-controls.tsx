import { Mic, Square, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import type { PreviewChat } from '@/features/flows/components/preview/preview-panel';
import { canSpeakInBrowser, speakAnswer } from '@/features/flows/utils/speech';
import { canRecognize, startRecognition, type LiveRecognition } from '@/lib/recognition';
import { stopSpeaking } from '@/lib/speech';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

/**
 * The voice preview's controls: each new answer is spoken by the browser at its message's speed;
 * Talk listens with the browser's speech recognition (for at most the question's listening time)
 * and sends what was heard; where a question takes the phone's keys, a keypad sends them. Where
 * the browser cannot listen (or speak), it says so and the answers are typed (or read).
 */
export function VoiceControls({ chat }: { chat: PreviewChat }) {
  const { t, i18n } = useTranslation('dashboard');
  const [speakOn, setSpeakOn] = useState(true);
  const [speaking, setSpeaking] = useState(false);
  const [listening, setListening] = useState(false);
  const [heard, setHeard] = useState('');
  const recognition = useRef<LiveRecognition | null>(null);
  const spoken = useRef<Set<string> | null>(null);
  const canSpeak = canSpeakInBrowser();
  const canListen = canRecognize();
  const last = chat.messages.at(-1);
  const flow = chat.messages.findLast((m) => m.role === 'assistant')?.flow ?? null;
  const lang = i18n.language;

  // Each answer that arrives from now on is spoken once, when it is whole.
  useEffect(() => {
    spoken.current ??= new Set(chat.messages.map((m) => m.id));
    if (!last || last.role !== 'assistant' || last.status !== 'complete' || chat.busy || spoken.current.has(last.id)) return;
    spoken.current.add(last.id);
    if (!speakOn || !canSpeak) return;
    void speakAnswer(last.content, { lang, rate: last.flow?.voice?.speed ?? 1, onStart: () => setSpeaking(true) }).finally(() => setSpeaking(false));
  }, [last, chat.busy, chat.messages, speakOn, canSpeak, lang]);

  // Leaving the preview stops its voice and its ears.
  useEffect(
    () => () => {
      recognition.current?.abort();
      stopSpeaking();
    },
    [],
  );

  // At most the question's listening time, then what was heard is sent.
  const timeout = flow?.listenTimeoutSeconds ?? null;
  useEffect(() => {
    if (!listening || !timeout) return;
    const timer = window.setTimeout(() => void recognition.current?.stop(), timeout * 1000);
    return () => window.clearTimeout(timer);
  }, [listening, timeout]);

  const talk = () => {
    if (listening) {
      void recognition.current?.stop();
      return;
    }
    stopSpeaking();
    setHeard('');
    const live = startRecognition(lang, setHeard, {
      single: true,
      onEnd: (text) => {
        recognition.current = null;
        setListening(false);
        if (text.trim()) void chat.send(text);
      },
    });
    recognition.current = live;
    setListening(live !== null);
  };

  return (
    <div className="space-y-2 border-t border-zinc-200 px-3 py-2 dark:border-zinc-800" data-testid="voice-controls">
      {!canListen ? <Notice tone="info">{t('flowBuilder.voice.noRecognition')}</Notice> : null}
      {!canSpeak ? <Notice tone="info">{t('flowBuilder.voice.noSynthesis')}</Notice> : null}
      <div className="flex flex-wrap items-center gap-2">
        {canListen ? (
          <Button size="sm" variant={listening ? 'primary' : 'secondary'} onClick={talk} disabled={chat.busy} aria-pressed={listening}>
            {listening ? <Square aria-hidden className="size-3.5 fill-current" /> : <Mic aria-hidden className="size-4" />}
            {listening ? t('flowBuilder.voice.stop') : t('flowBuilder.voice.talk')}
          </Button>
        ) : null}
        {canSpeak ? (
          <Button
            size="sm"
            variant="ghost"
            aria-pressed={speakOn}
            onClick={() => {
              if (speakOn) stopSpeaking();
              setSpeakOn((on) => !on);
            }}
          >
            {speakOn ? <Volume2 aria-hidden className="size-4" /> : <VolumeX aria-hidden className="size-4" />}
            {t('flowBuilder.voice.speak')}
          </Button>
        ) : null}
        <span role="status" className={cn('text-xs text-zinc-500 dark:text-zinc-400', !(speaking || listening) && 'sr-only')}>
          {listening ? (timeout ? t('flowBuilder.voice.listeningFor', { seconds: timeout }) : t('flowBuilder.voice.listening')) : speaking ? t('flowBuilder.voice.speaking') : ''}
        </span>
      </div>
      {listening && heard ? (
        <p className="text-sm text-zinc-700 italic dark:text-zinc-300" dir="auto">
          {heard}
        </p>
      ) : null}
      {flow?.dtmf && !chat.busy ? (
        <div role="group" aria-label={t('flowBuilder.voice.keys')} className="grid grid-cols-6 gap-1" dir="ltr">
          {KEYS.map((key) => (
            <Button key={key} size="sm" variant="secondary" className="px-0 font-mono" aria-label={t('flowBuilder.voice.key', { key })} onClick={() => void chat.send(key)}>
              {key}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
