import { Bot } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { ChatComposer } from '@/features/chat/components/chat-composer';
import { ChatMessageView } from '@/features/chat/components/chat-message';
import { ConversationSidebar } from '@/features/chat/components/conversation-sidebar';
import { Markdown } from '@/components/ui/markdown';
import { useChat } from '@/features/chat/hooks/use-chat';

type Props = {
  agentId: string;
  /** The agent's greeting: the first bubble of a new conversation, shown but never stored. */
  greeting?: string | null;
  /** The token of the agent's public link (`/user/chat/:agentId?share=`). */
  shareToken?: string | null;
  className?: string;
};

/** Chat with one agent: its conversations, the messages, and the answer streaming in. */
export function ChatWindow({ agentId, greeting, shareToken, className }: Props) {
  const { t } = useTranslation('agents');
  const chat = useChat({ agentId, shareToken });
  const scroller = useRef<HTMLDivElement>(null);

  const last = chat.messages.at(-1);
  const lastAnswer = [...chat.messages].reverse().find((m) => m.role === 'assistant');
  const builtin = lastAnswer?.provider === 'builtin';
  // The greeting opens a new conversation on screen (it is not stored, so older ones lack it).
  const shownGreeting = greeting?.trim() && chat.isNew ? greeting : null;

  // Follow the conversation as it grows (and as the answer streams in).
  const contentLength = last?.content.length ?? 0;
  useEffect(() => {
    const el = scroller.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [chat.messages.length, contentLength, chat.conversationId]);

  return (
    <div className={cn('flex min-h-[28rem] flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm md:flex-row dark:border-zinc-800 dark:bg-zinc-900', className)}>
      <ConversationSidebar agentId={agentId} selectedId={chat.conversationId} onSelect={chat.selectConversation} disabled={chat.busy} />
      <section aria-label={t('chat.messagesLabel')} className="flex min-h-0 min-w-0 flex-1 flex-col">
        {builtin ? (
          <Notice tone="warning" className="m-3 mb-0">
            {t('chat.builtinBanner')}
          </Notice>
        ) : null}
        <div ref={scroller} role="log" aria-busy={chat.streaming} className="min-h-0 flex-1 overflow-y-auto p-4">
          {chat.loadingHistory ? (
            <div className="flex justify-center py-10">
              <Spinner className="size-6" />
              <span className="sr-only">{t('loading')}</span>
            </div>
          ) : chat.historyError ? (
            <Notice tone="error">{t('chat.messagesFailed')}</Notice>
          ) : chat.messages.length === 0 && !shownGreeting ? (
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
              {chat.messages.map((m) => (
                <ChatMessageView key={m.id} message={m} canRetry={!chat.busy && m === last} onRetry={chat.retry} />
              ))}
            </ol>
          )}
        </div>
        <ChatComposer busy={chat.busy} onSend={(text) => void chat.send(text)} onStop={chat.stop} />
      </section>
    </div>
  );
}
