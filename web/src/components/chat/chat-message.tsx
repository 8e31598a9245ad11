import { AlertTriangle, Bot, Copy, FileText, Headset, Info, RotateCcw, User } from 'lucide-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ToolCallList } from '@/components/chat/tool-calls';
import { AdminConfigurationLink } from '@/components/system/admin-configuration-link';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Markdown } from '@/components/ui/markdown';
import type { ChatMessage } from '@/lib/chat-messages';
import { toast } from '@/lib/toast';

async function copyText(text: string, t: TFunction<'agents'>) {
  try {
    await navigator.clipboard.writeText(text);
    toast({ id: 'chat-copy', title: t('chat.copied'), status: 'success' });
  } catch {
    toast({ id: 'chat-copy', title: t('chat.copyFailed'), status: 'warning' });
  }
}

function Citations({ message }: { message: ChatMessage }) {
  const { t } = useTranslation('agents');
  if (message.citations.length === 0) return null;
  return (
    <div className="mt-3 border-t border-zinc-200 pt-2 dark:border-zinc-700">
      <p className="text-xs font-medium text-zinc-500 dark:text-zinc-400">{t('chat.sources')}</p>
      <ol className="mt-1 space-y-1.5">
        {message.citations.map((c, i) => (
          <li key={`${c.passageId}-${i}`} data-testid="chat-citation" className="text-xs">
            <p className="flex items-center gap-1.5 font-medium text-zinc-700 dark:text-zinc-300">
              <FileText aria-hidden className="size-3.5 shrink-0" />
              <span dir="auto" className="truncate">{c.documentName}</span>
            </p>
            {c.excerpt ? (
              <blockquote dir="auto" className="mt-0.5 line-clamp-3 border-s-2 border-zinc-200 ps-2 text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
                {c.excerpt}
              </blockquote>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

/** One message of the conversation: the user's at the end side, the agent's at the start side. */
export function ChatMessageView({ message, onRetry, canRetry }: { message: ChatMessage; onRetry?: () => void; canRetry: boolean }) {
  const { t } = useTranslation('agents');
  const mine = message.role === 'user';
  const streaming = message.status === 'streaming';
  // An answer a person of the team wrote (the conversation was handed to them).
  const byTeam = !mine && !!message.authorId;
  return (
    <li data-testid="chat-message" data-role={mine ? 'user' : 'assistant'} data-status={message.unsent ? 'unsent' : message.status} className={cn('flex gap-3', mine && 'flex-row-reverse')}>
      <span
        aria-hidden
        className={cn(
          'mt-1 flex size-7 shrink-0 items-center justify-center rounded-full',
          mine ? 'bg-zinc-200 text-zinc-700 dark:bg-zinc-700 dark:text-zinc-200' : 'bg-accent-100 text-accent-700 dark:bg-accent-500/20 dark:text-accent-300',
        )}
      >
        {mine ? <User className="size-4" /> : byTeam ? <Headset className="size-4" /> : <Bot className="size-4" />}
      </span>
      <div className={cn('flex min-w-0 max-w-[85%] flex-col', mine ? 'items-end' : 'items-start')}>
        {byTeam ? (
          <span data-testid="chat-team-author" className="mb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
            {t('chat.flow.teamMember')}
          </span>
        ) : (
          <span className="sr-only">{mine ? t('chat.you') : t('chat.agent')}</span>
        )}
        {!mine ? <ToolCallList calls={message.toolCalls} className="mb-2 w-md max-w-full" /> : null}
        <div
          className={cn(
            'min-w-0 max-w-full rounded-2xl px-4 py-2.5',
            mine ? 'bg-accent-600 text-white dark:bg-accent-500' : 'bg-zinc-100 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100',
            message.unsent && 'opacity-70',
          )}
        >
          {mine ? (
            <p dir="auto" className="whitespace-pre-wrap break-words text-sm">
              {message.content}
            </p>
          ) : message.content ? (
            <Markdown>{message.content}</Markdown>
          ) : streaming ? (
            <span role="status" className="flex items-center gap-1 py-1" aria-label={t('chat.thinking')}>
              <span className="size-1.5 animate-bounce rounded-full bg-zinc-400" />
              <span className="size-1.5 animate-bounce rounded-full bg-zinc-400 [animation-delay:150ms]" />
              <span className="size-1.5 animate-bounce rounded-full bg-zinc-400 [animation-delay:300ms]" />
            </span>
          ) : null}
          {!mine ? <Citations message={message} /> : null}
        </div>

        {message.notice ? (
          <p data-testid="chat-notice" dir="auto" className="mt-1 flex min-w-0 items-start gap-1 text-xs text-zinc-500 dark:text-zinc-400">
            <Info aria-hidden className="mt-px size-3.5 shrink-0" />
            {/* The built-in responder's notice is the server's English; say it in the reader's language. */}
            <span className="min-w-0 break-words">
              {message.provider === 'builtin' ? t('chat.builtinNotice') : message.notice}
              {message.provider === 'builtin' ? (
                <>
                  {' '}
                  <AdminConfigurationLink section="model">{t('chat.connectModel')}</AdminConfigurationLink>
                </>
              ) : null}
            </span>
          </p>
        ) : null}
        {streaming && message.content ? (
          <p data-testid="chat-message-streaming" className="mt-1 flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-accent-500" />
            {t('chat.status.streaming')}
          </p>
        ) : null}
        {message.status === 'interrupted' ? (
          <p className="mt-1 flex items-start gap-1 text-xs text-amber-700 dark:text-amber-400">
            <AlertTriangle aria-hidden className="mt-px size-3.5 shrink-0" />
            {t('chat.status.interrupted')}
          </p>
        ) : null}
        {message.status === 'partial' ? (
          <p className="mt-1 flex items-center gap-1 text-xs text-amber-700 dark:text-amber-400">
            <AlertTriangle aria-hidden className="size-3.5 shrink-0" />
            {t('chat.status.partial')}
          </p>
        ) : null}
        {message.status === 'failed' ? (
          <p className="mt-1 flex items-start gap-1 text-xs text-red-600 dark:text-red-400">
            <AlertTriangle aria-hidden className="mt-px size-3.5 shrink-0" />
            <span dir="auto">{message.error ? t('chat.status.failedWith', { error: message.error }) : t('chat.status.failed')}</span>
          </p>
        ) : null}
        {message.unsent ? (
          <p className="mt-1 flex items-center gap-1 text-xs text-red-600 dark:text-red-400">
            <AlertTriangle aria-hidden className="size-3.5 shrink-0" />
            {t('chat.status.unsent')}
          </p>
        ) : null}

        {!streaming && (message.content || (canRetry && onRetry)) ? (
          <div className="mt-1 flex items-center gap-1">
            {!mine && message.content ? (
              <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={() => void copyText(message.content, t)}>
                <Copy aria-hidden className="size-3.5" />
                {t('chat.copy')}
              </Button>
            ) : null}
            {canRetry && onRetry ? (
              <Button size="sm" variant="ghost" className="h-7 px-2 text-xs" onClick={onRetry}>
                <RotateCcw aria-hidden className="size-3.5" />
                {t('chat.retry')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}
