import { AlertTriangle, CheckCircle2, ChevronRight, Wrench } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { Spinner } from '@/components/ui/spinner';
import type { ChatToolCall } from '@/lib/chat-messages';
import { formatDuration } from '@/lib/format';

/** The arguments as indented JSON (an empty object when the tool takes none). */
function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value ?? {}, null, 2);
  } catch {
    return String(value);
  }
}

const codeBlock = 'mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-zinc-950/[.04] p-2.5 font-mono text-xs text-zinc-800 dark:bg-black/30 dark:text-zinc-200';

/**
 * One tool the agent called: its name, server, time and outcome; opened, its arguments and what
 * it answered. A call still `pending` (asked for, not answered yet) says it is running.
 */
export function ToolCallCard({ call }: { call: ChatToolCall }) {
  const { t, i18n } = useTranslation('agents');
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const duration = !call.pending && call.durationMs ? formatDuration(i18n.language, call.durationMs) : null;
  const state = call.pending ? 'pending' : call.isError ? 'error' : 'done';
  return (
    <li
      data-testid="tool-call"
      data-state={state}
      className={cn(
        'rounded-xl border bg-white text-start text-xs shadow-sm dark:bg-zinc-900',
        call.isError ? 'border-red-200 dark:border-red-900/70' : 'border-zinc-200 dark:border-zinc-700',
      )}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full min-w-0 items-center gap-2 rounded-xl px-3 py-2 text-start outline-none hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:bg-zinc-800/60"
      >
        <ChevronRight aria-hidden className={cn('size-3.5 shrink-0 text-zinc-500 transition-transform rtl:rotate-180', open && 'rotate-90 rtl:rotate-90')} />
        <Wrench aria-hidden className="size-3.5 shrink-0 text-accent-600 dark:text-accent-400" />
        <span className="sr-only">{t('chat.tools.tool')}</span>
        <span dir="ltr" className="min-w-0 truncate font-mono font-medium text-zinc-900 dark:text-zinc-100">
          {call.name}
        </span>
        {call.source ? (
          <span className="min-w-0 truncate text-zinc-500 dark:text-zinc-400">
            <span aria-hidden>· </span>
            <span dir="auto">{t('chat.tools.from', { server: call.source })}</span>
          </span>
        ) : null}
        <span className="ms-auto flex shrink-0 items-center gap-1.5">
          {duration ? <span className="text-zinc-500 tabular-nums dark:text-zinc-400">{duration}</span> : null}
          {state === 'pending' ? (
            <span className="flex items-center gap-1 text-zinc-600 dark:text-zinc-300">
              <Spinner className="size-3" />
              {t('chat.tools.running')}
            </span>
          ) : state === 'error' ? (
            <span className="flex items-center gap-1 font-medium text-red-600 dark:text-red-400">
              <AlertTriangle aria-hidden className="size-3.5" />
              {t('chat.tools.failed')}
            </span>
          ) : (
            <span className="flex items-center gap-1 text-emerald-700 dark:text-emerald-400">
              <CheckCircle2 aria-hidden className="size-3.5" />
              {t('chat.tools.done')}
            </span>
          )}
        </span>
      </button>
      {open ? (
        <div id={panelId} className="space-y-2 border-t border-zinc-200 px-3 py-2.5 dark:border-zinc-700">
          <div>
            <p className="font-medium text-zinc-600 dark:text-zinc-400">{t('chat.tools.arguments')}</p>
            <pre dir="ltr" className={codeBlock}>
              {prettyJson(call.arguments)}
            </pre>
          </div>
          <div>
            <p className="font-medium text-zinc-600 dark:text-zinc-400">{call.isError ? t('chat.tools.error') : t('chat.tools.result')}</p>
            {call.pending ? (
              <p className="mt-1 text-zinc-500 dark:text-zinc-400">{t('chat.tools.waiting')}</p>
            ) : call.result ? (
              <pre dir="auto" className={cn(codeBlock, call.isError && 'text-red-700 dark:text-red-300')}>
                {call.result}
              </pre>
            ) : (
              <p className="mt-1 text-zinc-500 dark:text-zinc-400">{t('chat.tools.noResult')}</p>
            )}
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The tools an answer called, as cards, under a heading that counts them. */
export function ToolCallList({ calls, className }: { calls: ChatToolCall[]; className?: string }) {
  const { t } = useTranslation('agents');
  const headingId = useId();
  if (calls.length === 0) return null;
  return (
    <div className={cn('w-full min-w-0', className)}>
      <p id={headingId} className="mb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
        {t('chat.tools.count', { count: calls.length })}
      </p>
      <ul aria-labelledby={headingId} className="space-y-1.5">
        {calls.map((call, i) => (
          <ToolCallCard key={call.id || i} call={call} />
        ))}
      </ul>
    </div>
  );
}
