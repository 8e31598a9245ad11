import { ExternalLink, MessagesSquare, Radio } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import { RealtimeIndicator } from '@/components/ui/realtime-indicator';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/empty-state';
import { ChannelTag, ConversationStatusBadge } from '@/features/conversations/components/badges';
import { MessageItem } from '@/features/conversations/components/message-item';
import { formatTime, preview } from '@/features/conversations/utils/format';
import { CONVERSATION_ERRORS, LIVE_LIST_PARAMS, useConversation, useConversationMessages, useConversations } from '@/lib/conversations';
import { useConversationsRealtime } from '@/lib/conversations-realtime';

function LiveTranscript({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('dashboard');
  const conversation = useConversation(conversationId);
  const messages = useConversationMessages(conversationId, { fresh: true });
  const box = useRef<HTMLDivElement>(null);
  const list = messages.data ?? [];
  const count = list.length;

  // Follows the conversation: each new message scrolls into view.
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count]);

  const c = conversation.data;
  return (
    <section aria-labelledby="live-transcript-title" className="flex min-h-0 flex-col rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <header className="flex flex-wrap items-center gap-3 border-b border-zinc-200 px-5 py-3 dark:border-zinc-800">
        <h2 id="live-transcript-title" dir="auto" className="min-w-0 flex-1 truncate font-semibold">
          {c ? c.title || t('conversations.untitled') : t('conversations.detail.loading')}
        </h2>
        {c ? (
          <>
            <span className="text-sm text-zinc-500 dark:text-zinc-400">{c.agentName}</span>
            <ConversationStatusBadge status={c.status} />
            <Link
              to={`/dashboard/conversations/${encodeURIComponent(c.id)}`}
              className="inline-flex items-center gap-1 text-sm text-accent-700 hover:underline dark:text-accent-300"
            >
              {t('live.openTranscript')}
              <ExternalLink aria-hidden className="size-3.5" />
            </Link>
          </>
        ) : null}
      </header>
      {c && c.status !== 'active' ? (
        <Notice tone="info" className="mx-5 mt-3">
          {t('live.ended')}
        </Notice>
      ) : null}
      <div ref={box} role="log" aria-label={t('live.messagesLabel')} className="max-h-[65vh] min-h-64 flex-1 overflow-y-auto px-5 py-4">
        {messages.isError ? <Notice tone="error">{messages.error.message}</Notice> : null}
        {messages.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : list.length === 0 ? (
          <EmptyState size="sm" bordered={false} icon={MessagesSquare} title={t('live.waiting')} />
        ) : (
          <ol className="space-y-5">
            {list.map((m) => (
              <MessageItem key={m.id} message={m} testId="live-message" />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

/** /dashboard/conversations/live: the active conversations and one transcript, updated as they happen. */
export function LiveConversations() {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const [search, setSearch] = useSearchParams();
  const selectedId = search.get('c');
  // Each conversation carries the start of its latest message, kept current by the socket.
  const status = useConversationsRealtime();
  const conversations = useConversations(LIVE_LIST_PARAMS);
  const rows = conversations.data?.data ?? [];
  const total = conversations.data?.meta.total ?? 0;

  const select = (id: string) => setSearch({ c: id }, { replace: true });

  return (
    <div className="w-full max-w-7xl space-y-6">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{t('live.title')}</h1>
            <RealtimeIndicator status={status} />
          </div>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('live.description')}</p>
        </div>
        <Link to="/dashboard/conversations/all" className="text-sm text-accent-700 hover:underline dark:text-accent-300">
          {t('live.allConversations')}
        </Link>
      </header>

      {conversations.isError ? <Notice tone="error">{t('conversations.errors.loadFailed', { defaultValue: CONVERSATION_ERRORS.list })}</Notice> : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-labelledby="live-list-title" className="min-w-0">
          <h2 id="live-list-title" className="mb-3 flex items-center gap-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300">
            <Radio aria-hidden className="size-4 text-emerald-500" />
            {t('live.activeCount', { count: total })}
          </h2>
          {conversations.isPending ? (
            <div className="flex justify-center py-10">
              <Spinner />
            </div>
          ) : rows.length === 0 ? (
            <EmptyState size="sm" bordered icon={MessagesSquare} title={t('live.empty')} />
          ) : (
            <ul aria-labelledby="live-list-title" className="space-y-2">
              {rows.map((c) => {
                const last = c.lastMessage;
                const selected = c.id === selectedId;
                return (
                  <li key={c.id} data-testid="live-conversation" data-conversation-id={c.id}>
                    <button
                      type="button"
                      aria-pressed={selected}
                      onClick={() => select(c.id)}
                      className={cn(
                        'w-full rounded-xl border px-4 py-3 text-start transition-colors',
                        selected
                          ? 'border-accent-400 bg-accent-50/60 dark:border-accent-500/60 dark:bg-accent-500/10'
                          : 'border-zinc-200 bg-white hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:bg-zinc-800/60',
                      )}
                    >
                      <span className="flex items-center gap-2">
                        <span dir="auto" className="min-w-0 flex-1 truncate text-sm font-medium">
                          {c.title || t('conversations.untitled')}
                        </span>
                        <span className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{formatTime(lng, c.lastMessageAt ?? c.startedAt)}</span>
                      </span>
                      <span className="mt-1 flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
                        <span className="truncate">{c.agentName}</span>
                        <ChannelTag channel={c.channel} />
                        <span className="ms-auto shrink-0 tabular-nums">{t('live.messageCount', { count: c.messageCount })}</span>
                      </span>
                      {last ? (
                        <span dir="auto" className="mt-1.5 line-clamp-2 block text-xs text-zinc-600 dark:text-zinc-400">
                          <span className="font-medium">{t(`conversations.roles.${last.role}`, { defaultValue: last.role })}: </span>
                          <bdi>{preview(last.text)}</bdi>
                        </span>
                      ) : null}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>

        {selectedId ? (
          <LiveTranscript key={selectedId} conversationId={selectedId} />
        ) : (
          <div className="flex min-h-64 items-center justify-center rounded-2xl border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-500 dark:border-zinc-700 dark:text-zinc-400">
            {t('live.select')}
          </div>
        )}
      </div>
    </div>
  );
}
