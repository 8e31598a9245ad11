import { AlertTriangle, Bot, MessagesSquare, User } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { Markdown } from '@/components/ui/markdown';
import { Spinner } from '@/components/ui/spinner';
import { MessageAudio } from '@/components/voice/message-audio';
import type { VoiceMessage } from '@/lib/voice';
import { VOICE_ERRORS } from '@/features/voice/api/voice-turn';
import { TurnTimings } from '@/features/voice/components/turn-timings';
import type { LiveTurn } from '@/features/voice/utils/voice-session';

function Bubble({ role, name, audio, children, footer, testId = 'voice-message' }: { role: 'user' | 'assistant'; name: string; audio?: ReactNode; children: ReactNode; footer?: ReactNode; testId?: string }) {
  const isUser = role === 'user';
  const Icon = isUser ? User : Bot;
  return (
    <li data-testid={testId} data-role={role} className={cn('flex gap-3', isUser && 'flex-row-reverse')}>
      <span
        aria-hidden
        className={cn(
          'mt-1 flex size-8 shrink-0 items-center justify-center rounded-full',
          isUser ? 'bg-accent-100 text-accent-700 dark:bg-accent-500/20 dark:text-accent-300' : 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300',
        )}
      >
        <Icon className="size-4" />
      </span>
      <article className={cn('flex min-w-0 max-w-[min(40rem,85%)] flex-col', isUser ? 'items-end' : 'items-start')}>
        <header className="flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span className="font-medium text-zinc-800 dark:text-zinc-200">{name}</span>
          {audio}
        </header>
        <div
          dir="auto"
          className={cn(
            'mt-1 max-w-full break-words rounded-2xl px-4 py-2.5 text-start text-sm',
            isUser ? 'whitespace-pre-wrap bg-accent-600 text-white dark:bg-accent-500' : 'border border-zinc-200 bg-white text-zinc-900 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100',
          )}
        >
          {children}
        </div>
        {footer}
      </article>
    </li>
  );
}

/** The conversation: the stored turns with their audio and timings, then the turn under way. */
export function VoiceLog({ messages, turn, agentName, loading }: { messages: VoiceMessage[]; turn: LiveTurn | null; agentName: string; loading?: boolean }) {
  const { t } = useTranslation('dashboard');
  // What the live turn shows is not shown twice from the stored rows.
  const live = new Set([turn?.userMessageId, turn?.messageId].filter(Boolean));
  const stored = messages.filter((m) => !live.has(m.message.id) && (m.message.role === 'user' || m.message.role === 'assistant'));
  const errorText = (message?: string) => (!message || message === VOICE_ERRORS.send ? t('voice.errors.send') : message);

  if (loading) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (stored.length === 0 && !turn) {
    return <EmptyState size="sm" icon={MessagesSquare} title={t('voice.empty.title')} description={t('voice.empty.description')} />;
  }
  return (
    <ol aria-label={t('voice.history')} className="space-y-5">
      {stored.map((m) => {
        const isUser = m.message.role === 'user';
        return (
          <Bubble
            key={m.message.id}
            role={isUser ? 'user' : 'assistant'}
            name={isUser ? t('voice.you') : agentName}
            audio={m.audio ? <MessageAudio messageId={m.message.id} kind={isUser ? 'question' : 'answer'} /> : null}
            footer={!isUser && m.timings ? <TurnTimings timings={m.timings} transcribedBy={m.transcribedBy} /> : null}
          >
            {isUser ? m.message.content : <Markdown>{m.message.content}</Markdown>}
          </Bubble>
        );
      })}
      {turn ? (
        <>
          <Bubble role="user" name={t('voice.you')} testId="voice-live-question">
            {turn.heard ? (
              <span data-testid="voice-heard">{turn.heard}</span>
            ) : (
              <span className="inline-flex items-center gap-2 opacity-90">
                <Spinner className="size-3.5 border-white/40 border-t-white" />
                {t('voice.transcribing')}
              </span>
            )}
          </Bubble>
          {turn.status === 'failed' ? (
            <li>
              <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300">
                <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span className="min-w-0">{errorText(turn.error)}</span>
              </div>
            </li>
          ) : (
            <Bubble role="assistant" name={agentName} testId="voice-live-answer">
              {turn.answer ? (
                <div data-testid="voice-answer">
                  <Markdown>{turn.answer}</Markdown>
                </div>
              ) : (
                <span className="inline-flex items-center gap-2 text-zinc-500 dark:text-zinc-400">
                  <Spinner className="size-3.5" />
                  {t('voice.thinking')}
                </span>
              )}
            </Bubble>
          )}
        </>
      ) : null}
    </ol>
  );
}
