import { useTranslation } from 'react-i18next';
import { ChatComposer } from '@/components/chat/chat-composer';
import { ChatLog } from '@/components/chat/chat-log';
import { cn } from '@/components/ui/cn';
import { ConversationSidebar } from '@/features/chat/components/conversation-sidebar';
import { useChat } from '@/lib/chat';

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

  return (
    <div className={cn('flex min-h-[28rem] flex-col overflow-hidden rounded-2xl border border-zinc-200 bg-white shadow-sm md:flex-row dark:border-zinc-800 dark:bg-zinc-900', className)}>
      <ConversationSidebar agentId={agentId} selectedId={chat.conversationId} onSelect={chat.selectConversation} disabled={chat.busy} />
      <section aria-label={t('chat.messagesLabel')} className="flex min-h-0 min-w-0 flex-1 flex-col">
        <ChatLog
          messages={chat.messages}
          // The greeting opens a new conversation on screen (it is not stored, so older ones lack it).
          greeting={chat.isNew ? greeting : null}
          busy={chat.busy}
          streaming={chat.streaming}
          loading={chat.loadingHistory}
          failed={chat.historyError}
          onRetry={chat.retry}
          builtinBanner
          flow={chat.flow}
        />
        <ChatComposer busy={chat.busy} disabled={chat.flow.ended} onSend={(text) => void chat.send(text)} onStop={chat.stop} />
      </section>
    </div>
  );
}
