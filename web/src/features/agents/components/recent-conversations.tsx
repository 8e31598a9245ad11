import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { Card } from '@/features/agents/components/card';
import { formatRelativeTime } from '@/features/agents/utils/relative-time';
import { useAgentConversations, type ConversationOut } from '@/lib/conversations';

const tones: Record<string, string> = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30',
  ended: 'bg-zinc-100 text-zinc-600 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30',
  handed_off: 'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30',
};

function ConversationRow({ conversation: c }: { conversation: ConversationOut }) {
  const { t, i18n } = useTranslation('agents');
  const at = c.lastMessageAt ?? c.startedAt;
  const when = formatRelativeTime(at, i18n.language);
  const exact = new Date(at);
  return (
    <li>
      <Link
        to={`/dashboard/conversations/${encodeURIComponent(c.id)}`}
        data-testid="agent-conversation"
        className="block rounded-lg px-2 py-2 transition-colors hover:bg-zinc-50 dark:hover:bg-zinc-800/50"
      >
        <span className="flex items-center gap-2">
          <span dir="auto" className="min-w-0 flex-1 truncate text-sm font-medium">
            {c.title || t('chat.untitled')}
          </span>
          <span className={cn('shrink-0 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[c.status] ?? tones.ended)}>
            {t(`conversations.statuses.${c.status}`, { defaultValue: c.status })}
          </span>
        </span>
        <span className="mt-0.5 flex flex-wrap gap-x-2 text-xs text-zinc-500 dark:text-zinc-400">
          <span>{t('chat.messageCount', { count: c.messageCount })}</span>
          {when ? (
            <>
              <span aria-hidden>·</span>
              <time dateTime={at} title={new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(exact)}>
                {when}
              </time>
            </>
          ) : null}
        </span>
      </Link>
    </li>
  );
}

/** The agent's latest conversations, each opening its transcript, and the way to all of them. */
export function RecentConversations({ agentId }: { agentId: string }) {
  const { t } = useTranslation('agents');
  const conversations = useAgentConversations(agentId);
  const rows = conversations.data?.data ?? [];
  const total = conversations.data?.meta.total ?? 0;
  return (
    <Card
      id="conversations"
      title={t('conversations.title')}
      action={
        total > 0 ? (
          <Link
            to={`/dashboard/conversations/all?agentId=${encodeURIComponent(agentId)}`}
            className="shrink-0 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
          >
            {t('conversations.viewAll', { count: total })}
          </Link>
        ) : null
      }
    >
      {conversations.isPending ? (
        <div className="flex justify-center py-6">
          <Spinner />
          <span className="sr-only">{t('loading')}</span>
        </div>
      ) : conversations.isError ? (
        <Notice tone="error">{t('chat.conversationsFailed')}</Notice>
      ) : rows.length === 0 ? (
        <EmptyState size="sm" icon={MessagesSquare} title={t('conversations.empty')} description={t('conversations.emptyHint')} />
      ) : (
        <ul className="-mx-2 space-y-0.5">
          {rows.map((c) => (
            <ConversationRow key={c.id} conversation={c} />
          ))}
        </ul>
      )}
    </Card>
  );
}
