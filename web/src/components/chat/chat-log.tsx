import { Bot, MessageSquarePlus } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatMessageView } from '@/components/chat/chat-message';
import { AdminConfigurationLink } from '@/components/system/admin-configuration-link';
import { cn } from '@/components/ui/cn';
import { Button } from '@/components/ui/button';
import { Markdown } from '@/components/ui/markdown';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useAuth } from '@/lib/auth';
import type { ChatFlowView } from '@/lib/chat';
import type { ChatMessage } from '@/lib/chat-messages';

type Props = {
  messages: ChatMessage[];
  /** The agent's greeting, shown as the first bubble (never sent or stored); null for none. */
  greeting?: string | null;
  /** An answer is on its way: no retry meanwhile. */
  busy: boolean;
  /** The answer is streaming in (the log is busy for assistive technology). */
  streaming: boolean;
  loading?: boolean;
  failed?: boolean;
  onRetry?: () => void;
  /** Says above the log that the built-in responder answers (when the last answer is its). */
  builtinBanner?: boolean;
  /**
   * Who answers and what the agent's flow offers (`useChat`'s `flow`): a notice while a person of
   * the team holds the conversation, the buttons of the last answer, and the end of a conversation.
   */
  flow?: ChatFlowView;
  className?: string;
};

/**
 * A conversation on screen: the greeting, the messages and the answer streaming in, following
 * the end as it grows. Shared by the chat screens and an agent's test panel.
 */
export function ChatLog({ messages, greeting, busy, streaming, loading = false, failed = false, onRetry, builtinBanner = false, flow, className }: Props) {
  const { t } = useTranslation('agents');
  const { isAdmin } = useAuth();
  const scroller = useRef<HTMLDivElement>(null);
  const last = messages.at(-1);
  const lastAnswer = messages.findLast((m) => m.role === 'assistant');
  const shownGreeting = greeting?.trim() ? greeting : null;
  const handedOff = !!flow?.handedOff;
  const ended = !!flow?.ended;
  // The flow's buttons, under its last answer until one is chosen (or anything else is sent).
  const choices = flow && !busy && !handedOff && !ended && last?.role === 'assistant' && last.status === 'complete' ? (last.flow?.choices ?? []) : [];

  // Follow the conversation as it grows (as the answer streams in, and as its tools run).
  const contentLength = last?.content.length ?? 0;
  const toolsRunning = last?.toolCalls.filter((c) => c.pending).length ?? 0;
  const toolCount = last?.toolCalls.length ?? 0;
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages.length, contentLength, toolCount, toolsRunning, shownGreeting, choices.length, handedOff, ended]);

  return (
    <>
      {builtinBanner && lastAnswer?.provider === 'builtin' ? (
        <Notice tone="warning" className="m-3 mb-0" action={isAdmin ? <AdminConfigurationLink section="model">{t('chat.connectModel')}</AdminConfigurationLink> : undefined}>
          {t('chat.builtinBanner')}
        </Notice>
      ) : null}
      <div ref={scroller} role="log" aria-busy={streaming} className={cn('min-h-0 flex-1 overflow-y-auto p-4', className)}>
        {loading ? (
          <div className="flex justify-center py-10">
            <Spinner className="size-6" />
            <span className="sr-only">{t('loading')}</span>
          </div>
        ) : failed ? (
          <Notice tone="error">{t('chat.messagesFailed')}</Notice>
        ) : messages.length === 0 && !shownGreeting ? (
          <div className="flex h-full flex-col items-center justify-center py-10 text-center">
            <Bot aria-hidden className="size-8 text-zinc-300 dark:text-zinc-600" />
            <p className="mt-2 text-sm text-zinc-500 dark:text-zinc-400">{t('chat.empty')}</p>
          </div>
        ) : (
          <ol className="space-y-5">
            {shownGreeting ? (
              <li data-testid="chat-greeting" className="flex gap-3">
                <span aria-hidden className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-700 dark:bg-accent-500/20 dark:text-accent-300">
                  <Bot className="size-4" />
                </span>
                <div className="min-w-0 max-w-[85%] rounded-2xl bg-zinc-100 px-4 py-2.5 text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
                  <span className="sr-only">{t('chat.agent')}</span>
                  <Markdown>{shownGreeting}</Markdown>
                </div>
              </li>
            ) : null}
            {messages.map((m) => (
              // Nothing to retry while a person holds the conversation (what was sent reached them) or once it ended.
              <ChatMessageView key={m.id} message={m} canRetry={!busy && !handedOff && !ended && m === last} onRetry={onRetry} />
            ))}
            {choices.length > 0 && flow ? (
              <li className="ps-10">
                <div role="group" aria-label={t('chat.flow.choices')} data-testid="chat-choices" className="flex flex-wrap gap-2">
                  {choices.map((c) => (
                    <Button
                      key={c.id}
                      size="sm"
                      variant="secondary"
                      className="h-auto min-h-8 whitespace-normal rounded-full py-1.5 text-start"
                      onClick={() => flow.choose(c.label)}
                    >
                      <span dir="auto">{c.label}</span>
                    </Button>
                  ))}
                </div>
              </li>
            ) : null}
          </ol>
        )}
        {handedOff && !ended && !loading && !failed ? (
          <div data-testid="chat-handed-off" className="mt-5">
            <Notice tone="info">{t('chat.flow.handedOff')}</Notice>
          </div>
        ) : null}
        {ended && flow && !loading && !failed ? (
          <div data-testid="chat-ended" className="mt-5">
            <Notice
              tone="info"
              action={
                <Button size="sm" variant="secondary" onClick={flow.startOver} disabled={busy}>
                  <MessageSquarePlus aria-hidden className="size-4" />
                  {t('chat.flow.startNew')}
                </Button>
              }
            >
              {t('chat.flow.ended')}
            </Notice>
          </div>
        ) : null}
      </div>
    </>
  );
}
