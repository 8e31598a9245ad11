import { Mic, Square } from 'lucide-react';
import { useRef, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { TalkState } from '@/features/voice/utils/voice-session';

/** A press held this long is push-to-talk: letting go sends. A shorter one is a click: the next one sends. */
export const HOLD_MS = 400;

/**
 * The big press-to-talk button: hold it while you talk, or click to start and click again to
 * stop. The keyboard's Space and Enter toggle it as a click does.
 */
export function TalkButton({ talk, onStart, onStop, disabled }: { talk: TalkState; onStart: () => void; onStop: () => void; disabled?: boolean }) {
  const { t } = useTranslation('dashboard');
  // The press under way: when it began, and whether it started the recording.
  const press = useRef<{ at: number; started: boolean } | null>(null);
  const active = talk !== 'idle';

  const down = (e: PointerEvent<HTMLButtonElement>) => {
    if (e.button !== 0 || disabled) return;
    try {
      e.currentTarget.setPointerCapture(e.pointerId);
    } catch {
      // A pointer the browser does not track (synthetic events): the release still reaches us.
    }
    press.current = { at: Date.now(), started: !active };
    if (!active) onStart();
  };
  const up = () => {
    const p = press.current;
    if (!p) return;
    if (!p.started || Date.now() - p.at >= HOLD_MS) onStop();
  };

  return (
    <button
      type="button"
      data-testid="talk-button"
      data-state={talk}
      disabled={disabled}
      onPointerDown={down}
      onPointerUp={up}
      onPointerCancel={up}
      onClick={() => {
        // A pointer's click was handled by its press; a keyboard's comes alone.
        if (press.current) {
          press.current = null;
          return;
        }
        if (active) onStop();
        else onStart();
      }}
      aria-label={active ? t('voice.talk.stop') : t('voice.talk.start')}
      className={cn(
        'relative flex size-32 touch-none items-center justify-center rounded-full shadow-lg transition select-none focus-visible:ring-4 focus-visible:ring-accent-500/40 focus-visible:outline-none disabled:opacity-50',
        active ? 'bg-red-600 text-white hover:bg-red-700 dark:bg-red-500 dark:hover:bg-red-600' : 'bg-accent-600 text-white hover:bg-accent-700 dark:bg-accent-500 dark:hover:bg-accent-600',
      )}
    >
      {talk === 'recording' ? <span aria-hidden className="absolute inset-0 animate-ping rounded-full bg-red-500/30 motion-reduce:hidden" /> : null}
      {active ? <Square aria-hidden className="relative size-10 fill-current" /> : <Mic aria-hidden className="relative size-12" />}
    </button>
  );
}
