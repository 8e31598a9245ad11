import { AlertTriangle, Pause, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import { claimPlayback } from '@/lib/speech';

type State = 'idle' | 'loading' | 'playing' | 'paused' | 'failed';

/**
 * Play and pause audio the API serves behind the session's token (a message's recording, a
 * call's recording): `load` fetches it on the first press, and it plays from an object URL that
 * is revoked when the button goes away. Playing it stops whatever else was speaking.
 */
export function AudioButton({ load, label, className, testId = 'audio-button' }: { load: (signal: AbortSignal) => Promise<Blob>; label: string; className?: string; testId?: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>('idle');
  const audio = useRef<HTMLAudioElement | null>(null);
  const url = useRef<string | null>(null);
  const release = useRef<(() => void) | null>(null);
  const loading = useRef<AbortController | null>(null);

  useEffect(
    () => () => {
      loading.current?.abort();
      audio.current?.pause();
      release.current?.();
      if (url.current) URL.revokeObjectURL(url.current);
    },
    [],
  );

  const play = async () => {
    if (!audio.current) {
      setState('loading');
      const controller = new AbortController();
      loading.current = controller;
      try {
        const blob = await load(controller.signal);
        if (controller.signal.aborted) return;
        url.current = URL.createObjectURL(blob);
        const element = new Audio(url.current);
        element.onended = () => {
          release.current?.();
          setState('idle');
        };
        element.onerror = () => setState('failed');
        audio.current = element;
      } catch {
        if (!controller.signal.aborted) setState('failed');
        return;
      }
    }
    const element = audio.current;
    release.current?.();
    release.current = claimPlayback(() => {
      element.pause();
      setState('paused');
    });
    setState('playing');
    try {
      await element.play();
    } catch {
      setState('failed');
    }
  };

  const pause = () => {
    audio.current?.pause();
    release.current?.();
    setState('paused');
  };

  const playing = state === 'playing';
  const name = playing ? t('audio.pause') : label;
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-xs', className)}>
      <button
        type="button"
        onClick={() => (playing ? pause() : void play())}
        disabled={state === 'loading'}
        aria-label={name}
        title={name}
        data-testid={testId}
        className="inline-flex size-7 items-center justify-center rounded-full border border-zinc-200 bg-white text-zinc-700 shadow-sm transition hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-accent-500/40 focus-visible:outline-none disabled:opacity-60 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200 dark:hover:bg-zinc-800"
      >
        {state === 'loading' ? <Spinner className="size-3.5" /> : playing ? <Pause aria-hidden className="size-3.5" /> : <Play aria-hidden className="size-3.5" />}
      </button>
      {state === 'failed' ? (
        <span role="status" className="inline-flex items-center gap-1 text-red-600 dark:text-red-400">
          <AlertTriangle aria-hidden className="size-3.5" />
          {t('audio.failed')}
        </span>
      ) : null}
    </span>
  );
}
