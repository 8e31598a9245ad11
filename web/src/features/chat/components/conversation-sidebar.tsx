import { MessageSquarePlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { sidebarParams, useConversations } from '@/lib/conversations';

function useWhen() {
  const { i18n } = useTranslation();
  return (iso: string) => {
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return '';
    const today = new Date().toDateString() === d.toDateString();
    return new Intl.DateTimeFormat(i18n.language, today ? { timeStyle: 'short' } : { dateStyle: 'medium' }).format(d);
  };
}

/** The caller's conversations with the agent (newest first) and "new conversation". */
export function ConversationSidebar({
  agentId,
  selectedId,
  onSelect,
  disabled,
}: {
  agentId: string;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation('agents');
  const when = useWhen();
  const conversations = useConversations(sidebarParams(agentId));
  const rows = conversations.data?.data ?? [];
  return (
    <aside aria-label={t('chat.conversations')} className="flex max-h-56 shrink-0 flex-col border-b border-zinc-200 md:max-h-none md:w-64 md:border-e md:border-b-0 dark:border-zinc-800">
      <div className="p-3">
        <Button data-testid="chat-new" variant="secondary" className="w-full" disabled={disabled} onClick={() => onSelect(null)}>
          <MessageSquarePlus aria-hidden className="size-4" />
          {t('chat.newConversation')}
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-2 pb-3">
        {conversations.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : conversations.isError ? (
          <Notice tone="error" className="mx-1">
            {t('chat.conversationsFailed')}
          </Notice>
        ) : rows.length === 0 ? (
          <p className="px-2 py-4 text-center text-xs text-zinc-500 dark:text-zinc-400">{t('chat.noConversations')}</p>
        ) : (
          <ul className="space-y-0.5">
            {rows.map((c) => {
              const selected = c.id === selectedId;
              return (
                <li key={c.id}>
                  <button
                    type="button"
                    data-testid="conversation-item"
                    aria-current={selected ? 'true' : undefined}
                    disabled={disabled && !selected}
                    onClick={() => onSelect(c.id)}
                    className={cn(
                      'block w-full rounded-lg px-3 py-2 text-start transition-colors disabled:opacity-60',
                      selected ? 'bg-zinc-100 dark:bg-zinc-800' : 'hover:bg-zinc-50 dark:hover:bg-zinc-800/50',
                    )}
                  >
                    <span dir="auto" className="block truncate text-sm font-medium">
                      {c.title || t('chat.untitled')}
                    </span>
                    <span className="mt-0.5 flex gap-2 text-xs text-zinc-500 dark:text-zinc-400">
                      <span>{when(c.lastMessageAt ?? c.startedAt)}</span>
                      <span aria-hidden>·</span>
                      <span>{t('chat.messageCount', { count: c.messageCount })}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </aside>
  );
}
