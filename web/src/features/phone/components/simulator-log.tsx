import { AudioLines, Bot, PhoneOff, User } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import type { SimulatorLine } from '@/features/phone/utils/simulator-session';

function Line({ who, name, children, testId = 'sim-line' }: { who: 'agent' | 'caller'; name: string; children: ReactNode; testId?: string }) {
  const caller = who === 'caller';
  const Icon = caller ? User : Bot;
  return (
    <li data-testid={testId} data-who={who} className={cn('flex gap-3', caller && 'flex-row-reverse')}>
      <span
        aria-hidden
        className={cn(
          'mt-1 flex size-7 shrink-0 items-center justify-center rounded-full',
          caller ? 'bg-accent-100 text-accent-700 dark:bg-accent-500/20 dark:text-accent-300' : 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300',
        )}
      >
        <Icon className="size-3.5" />
      </span>
      <div className={cn('flex min-w-0 max-w-[85%] flex-col', caller ? 'items-end' : 'items-start')}>
        <span className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{name}</span>
        <div
          dir="auto"
          className={cn(
            'mt-1 max-w-full whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-start text-sm',
            caller ? 'bg-accent-600 text-white dark:bg-accent-500' : 'border border-zinc-200 bg-white text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
          )}
        >
          {children}
        </div>
      </div>
    </li>
  );
}

/**
 * The simulated call as a chat: what the agent said (each answer one line, growing as it is
 * spoken), what the caller said (or their silence), the call's end, and the agent thinking.
 */
export function SimulatorLog({ lines, agentName, waiting }: { lines: SimulatorLine[]; agentName: string; waiting: boolean }) {
  const { t } = useTranslation('dashboard');
  const end = useRef<HTMLLIElement>(null);
  const count = lines.length;
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [count, waiting]);

  return (
    <div role="log" aria-label={t('phone.simulator.transcript')} className="max-h-[28rem] min-h-40 overflow-y-auto rounded-xl border border-zinc-200 bg-zinc-50/60 p-4 dark:border-zinc-800 dark:bg-zinc-950/40">
      <ol className="space-y-4">
        {lines.map((line) => {
          if (line.who === 'system') {
            return (
              <li key={line.id} data-testid="sim-line" data-who="system" className="flex items-center justify-center gap-2 text-xs font-medium text-zinc-500 dark:text-zinc-400">
                <PhoneOff aria-hidden className="size-3.5" />
                {t('phone.simulator.callEnded')}
              </li>
            );
          }
          if (line.who === 'caller') {
            return (
              <Line key={line.id} who="caller" name={t('phone.simulator.you')}>
                {line.text || <span className="italic opacity-90">{t('phone.simulator.silence')}</span>}
              </Line>
            );
          }
          if (!line.text && !line.audio) return null;
          return (
            <Line key={line.id} who="agent" name={agentName}>
              {line.audio ? (
                <span className="mb-0.5 flex items-center gap-1 text-xs text-zinc-500 dark:text-zinc-400">
                  <AudioLines aria-hidden className="size-3.5" />
                  {t('phone.simulator.audio')}
                </span>
              ) : null}
              {line.text}
            </Line>
          );
        })}
        {waiting ? (
          <li data-testid="sim-waiting" className="flex items-center gap-2 text-sm text-zinc-500 dark:text-zinc-400">
            <Spinner className="size-3.5" />
            {t('phone.simulator.thinking', { name: agentName })}
          </li>
        ) : null}
        <li ref={end} aria-hidden className="h-0" />
      </ol>
    </div>
  );
}
