import { AlertTriangle, Bot, FileText, Headset, Info, User, Wrench, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ToolCallList } from '@/components/chat/tool-calls';
import { AdminConfigurationLink } from '@/components/system/admin-configuration-link';
import { cn } from '@/components/ui/cn';
import { Markdown } from '@/components/ui/markdown';
import type { MessageRole, MessageStatus } from '@/lib/api-enums';
import { useAuth } from '@/lib/auth';
import type { MessageOut } from '@/lib/conversations';
import { formatNumber, formatTime } from '@/features/conversations/utils/format';
import { formatDuration } from '@/lib/format';
import type { KeyOf } from '@/types/i18n-keys';

const roleIcons: Record<MessageRole, LucideIcon> = { user: User, assistant: Bot, system: Info, tool: Wrench };

const amber = 'bg-amber-100 text-amber-800 dark:bg-amber-500/15 dark:text-amber-300';
const red = 'bg-red-100 text-red-700 dark:bg-red-500/15 dark:text-red-300';
/**
 * The badge beside a message's time, for every status of the API document (a status it adds
 * fails the type check until it is placed here). One being written has a note instead.
 */
const statusBadges: Record<MessageStatus, { label: KeyOf<'dashboard'>; className: string } | null> = {
  complete: null,
  streaming: null,
  partial: { label: 'conversations.message.partial', className: amber },
  interrupted: { label: 'conversations.message.interrupted', className: amber },
  failed: { label: 'conversations.message.failed', className: red },
};

/**
 * One message of a transcript (`audio`: a play button, when a voice conversation kept its sound). An answer is shown as formatted Markdown through the safe renderer
 * (raw HTML stays text); every other message is plain text, escaped by React, with
 * `whitespace-pre-wrap` keeping its line breaks and spacing.
 */
export function MessageItem({ message, testId, audio }: { message: MessageOut; testId: string; audio?: ReactNode }) {
  const { t, i18n } = useTranslation(['dashboard', 'agents']);
  const lng = i18n.language;
  const { user } = useAuth();
  const isUser = message.role === 'user';
  // An answer a team member typed in a conversation handed to a person: who wrote it.
  const author = message.authorId ? (user && message.authorId === user.id ? 'you' : 'team') : null;
  const Icon = author ? Headset : roleIcons[message.role];
  const badge = statusBadges[message.status];
  const time = formatTime(lng, message.createdAt);
  const latency = formatDuration(lng, message.latencyMs);
  const hasTokens = (message.tokensIn ?? 0) > 0 || (message.tokensOut ?? 0) > 0;
  const model = [message.provider, message.model].filter(Boolean).join(' · ');
  const citations = message.citations ?? [];
  const toolCalls = message.toolCalls ?? [];
  const formatted = message.role === 'assistant' && !!message.content;

  return (
    <li data-testid={testId} data-role={message.role} data-status={message.status} data-author={author ?? undefined} className={cn('flex gap-3', isUser && 'flex-row-reverse')}>
      <span
        aria-hidden
        className={cn(
          'mt-1 flex size-8 shrink-0 items-center justify-center rounded-full',
          isUser
            ? 'bg-accent-100 text-accent-700 dark:bg-accent-500/20 dark:text-accent-300'
            : author
              ? 'bg-sky-100 text-sky-700 dark:bg-sky-500/20 dark:text-sky-300'
              : 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300',
        )}
      >
        <Icon className="size-4" />
      </span>
      <article className={cn('min-w-0 max-w-[min(42rem,85%)]', isUser && 'text-end')}>
        <header className={cn('flex flex-wrap items-baseline gap-x-2 text-xs text-zinc-500 dark:text-zinc-400', isUser && 'justify-end')}>
          <span className="font-medium text-zinc-800 dark:text-zinc-200">
            {author === 'you'
              ? t('conversations.handoff.you')
              : author === 'team'
                ? t('conversations.handoff.teamMember')
                : t(`conversations.roles.${message.role}`, { defaultValue: message.role })}
          </span>
          {time ? <time dateTime={message.createdAt}>{time}</time> : null}
          {badge ? <span className={cn('rounded px-1.5 py-0.5 font-medium', badge.className)}>{t(badge.label)}</span> : null}
          {audio ? <span className="self-center">{audio}</span> : null}
        </header>
        {toolCalls.length > 0 ? <ToolCallList calls={toolCalls} className="mt-2 w-lg max-w-full" /> : null}
        {message.status === 'streaming' && !message.content ? null : (
          <div
            dir="auto"
            className={cn(
              'mt-1 inline-block max-w-full break-words rounded-2xl px-4 py-2.5 text-start text-sm',
              !formatted && 'whitespace-pre-wrap',
              isUser ? 'bg-accent-600 text-white dark:bg-accent-500' : 'border border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100',
              message.status === 'failed' && 'border-red-200 dark:border-red-900',
            )}
          >
            {formatted ? (
              <Markdown>{message.content}</Markdown>
            ) : (
              message.content || (message.status === 'failed' ? '' : t('conversations.message.empty'))
            )}
          </div>
        )}
        {message.status === 'streaming' ? (
          <p data-testid="message-streaming" className={cn('mt-1 flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400', isUser && 'justify-end')}>
            <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-accent-500" />
            {t('conversations.message.streaming')}
          </p>
        ) : null}
        {message.status === 'interrupted' ? (
          <p className={cn('mt-1 flex items-start gap-1 text-xs text-amber-700 dark:text-amber-400', isUser && 'justify-end')}>
            <AlertTriangle aria-hidden className="mt-px size-3.5 shrink-0" />
            {t('conversations.message.interruptedNote')}
          </p>
        ) : null}
        {message.status === 'failed' && message.error ? (
          <p className="mt-1 flex items-center gap-1 text-xs text-red-600 dark:text-red-400">
            <AlertTriangle aria-hidden className="size-3.5 shrink-0" />
            {message.error}
          </p>
        ) : null}
        {citations.length > 0 ? (
          <div className="mt-2 text-start">
            <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{t('conversations.message.sources')}</p>
            <ul className="mt-1 space-y-1.5" aria-label={t('conversations.message.sources')}>
              {citations.map((c, i) => (
                <li key={`${c.passageId}-${i}`} className="rounded-lg border border-zinc-200 bg-zinc-50 px-3 py-2 text-xs dark:border-zinc-800 dark:bg-zinc-900/60">
                  <span className="flex items-center gap-1.5 font-medium text-zinc-800 dark:text-zinc-200">
                    <FileText aria-hidden className="size-3.5 shrink-0" />
                    {c.documentName}
                  </span>
                  {c.excerpt ? (
                    <blockquote dir="auto" className="mt-1 line-clamp-4 whitespace-pre-wrap text-zinc-600 dark:text-zinc-400">
                      {c.excerpt}
                    </blockquote>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {message.notice ? (
          <p className="mt-2 flex items-start gap-1.5 text-start text-xs text-zinc-500 dark:text-zinc-400">
            <Info aria-hidden className="mt-0.5 size-3.5 shrink-0" />
            {/* The built-in responder's notice is the server's English; say it in the reader's language. */}
            <span className="min-w-0">
              {message.provider === 'builtin' ? t('agents:chat.builtinNotice') : message.notice}
              {message.provider === 'builtin' ? (
                <>
                  {' '}
                  <AdminConfigurationLink section="model">{t('agents:chat.connectModel')}</AdminConfigurationLink>
                </>
              ) : null}
            </span>
          </p>
        ) : null}
        {hasTokens || latency || model ? (
          <p className={cn('mt-1 flex flex-wrap gap-x-3 text-[11px] text-zinc-500 tabular-nums dark:text-zinc-400', isUser && 'justify-end')}>
            {hasTokens ? <span>{t('conversations.message.tokens', { input: formatNumber(lng, message.tokensIn), output: formatNumber(lng, message.tokensOut) })}</span> : null}
            {latency ? <span>{t('conversations.message.latency', { value: latency })}</span> : null}
            {model ? <span dir="ltr">{model}</span> : null}
          </p>
        ) : null}
      </article>
    </li>
  );
}
