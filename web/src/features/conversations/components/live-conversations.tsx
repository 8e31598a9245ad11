import { ExternalLink, Hand, MessagesSquare, Radio } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import { RealtimeIndicator } from '@/components/ui/realtime-indicator';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/empty-state';
import { HANDED_OFF_LIST_PARAMS, isWaiting } from '@/features/conversations/api/handoff';
import { ChannelTag, ConversationStatusBadge } from '@/features/conversations/components/badges';
import { HandoffActions } from '@/features/conversations/components/handoff-actions';
import { HandoffReply } from '@/features/conversations/components/handoff-reply';
import { HandoffStatus } from '@/features/conversations/components/handoff-status';
import { MessageItem } from '@/features/conversations/components/message-item';
import { useHandoff, type Handoff } from '@/features/conversations/hooks/use-handoff';
import { formatTime, preview } from '@/features/conversations/utils/format';
import { liveRows } from '@/features/conversations/utils/live-rows';
import { CONVERSATION_ERRORS, LIVE_LIST_PARAMS, useConversation, useConversationMessages, useConversations, type ConversationOut } from '@/lib/conversations';
import { useConversationsRealtime } from '@/lib/conversations-realtime';

/** Under a live transcript: who answers, "Take over", the reply box and "Hand back to the agent". */
function LiveHandoff({ conversation, handoff }: { conversation: ConversationOut; handoff: Handoff }) {
  if (conversation.status === 'ended' || (!handoff.handedOff && !handoff.canTakeOver)) return null;
  return (
    <div data-testid="live-handoff" className="space-y-3 border-t border-zinc-200 px-5 py-3 dark:border-zinc-800">
      <HandoffStatus handoff={handoff} />
      {handoff.mine ? <HandoffReply conversationId={conversation.id} autoFocus={handoff.tookOver} /> : null}
      <div className="flex flex-wrap items-center justify-end gap-2">
        <HandoffActions handoff={handoff} />
      </div>
    </div>
  );
}

function LiveTranscript({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('dashboard');
  const conversation = useConversation(conversationId);
  const messages = useConversationMessages(conversationId, { fresh: true });
  const box = useRef<HTMLDivElement>(null);
  const list = messages.data ?? [];
  const count = list.length;
  const c = conversation.data;
  const handoff = useHandoff(c);
  const replying = handoff.mine;

  // Follows the conversation: each new message scrolls into view (and the end stays in view when
  // the reply box takes room under it).
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count, replying]);

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
      {c && c.status === 'ended' ? (
        <Notice tone="info" className="mx-5 mt-3">
          {t('live.ended')}
        </Notice>
      ) : null}
      <div
        ref={box}
        role="log"
        aria-label={t('live.messagesLabel')}
        // The reply box takes room under the messages: they get less, so both fit on screen.
        className={cn('min-h-64 flex-1 overflow-y-auto px-5 py-4', replying ? 'max-h-[50vh]' : 'max-h-[65vh]')}
      >
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
      {c ? <LiveHandoff conversation={c} handoff={handoff} /> : null}
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
  // The active conversations and those handed to a person, the ones waiting for one on top.
  const conversations = useConversations(LIVE_LIST_PARAMS);
  const handedOff = useConversations(HANDED_OFF_LIST_PARAMS);
  const rows = liveRows(conversations.data?.data ?? [], handedOff.data?.data ?? []);
  // Every conversation going on, with the agent or with a person.
  const total = (conversations.data?.meta.total ?? 0) + (handedOff.data?.meta.total ?? 0);
  const waiting = rows.filter(isWaiting).length;

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

      {conversations.isError || handedOff.isError ? <Notice tone="error">{t('conversations.errors.loadFailed', { defaultValue: CONVERSATION_ERRORS.list })}</Notice> : null}

      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-labelledby="live-list-title" className="min-w-0">
          <h2 id="live-list-title" className="mb-3 flex items-center gap-2 text-sm font-semibold text-zinc-700 dark:text-zinc-300">
            <Radio aria-hidden className="size-4 text-emerald-500" />
            {t('live.activeCount', { count: total })}
            {waiting > 0 ? (
              <span data-testid="live-waiting-count" className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-500/15 dark:text-amber-300">
                <Hand aria-hidden className="size-3" />
                {t('live.waitingCount', { count: waiting })}
              </span>
            ) : null}
          </h2>
          {conversations.isPending && handedOff.isPending ? (
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
                const waits = isWaiting(c);
                return (
                  <li key={c.id} data-testid="live-conversation" data-conversation-id={c.id} data-waiting={waits || undefined}>
                    <button
                      type="button"
                      aria-pressed={selected}
                      onClick={() => select(c.id)}
                      className={cn(
                        'w-full rounded-xl border px-4 py-3 text-start transition-colors',
                        selected
                          ? 'border-accent-400 bg-accent-50/60 dark:border-accent-500/60 dark:bg-accent-500/10'
                          : waits
                            ? 'border-amber-300 bg-amber-50/70 hover:bg-amber-50 dark:border-amber-500/50 dark:bg-amber-500/10 dark:hover:bg-amber-500/15'
                            : 'border-zinc-200 bg-white hover:border-zinc-300 hover:bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:bg-zinc-800/60',
                      )}
                    >
                      {waits ? (
                        <span className="mb-1.5 inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-inset ring-amber-600/20 dark:bg-amber-500/15 dark:text-amber-300 dark:ring-amber-400/30">
                          <Hand aria-hidden className="size-3" />
                          {t('conversations.handoff.waiting')}
                        </span>
                      ) : null}
                      <span className="flex items-center gap-2">
                        <span dir="auto" className="min-w-0 flex-1 truncate text-sm font-medium">
                          {c.title || t('conversations.untitled')}
                        </span>
                        <span className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{formatTime(lng, c.lastMessageAt ?? c.startedAt)}</span>
                      </span>
                      <span className="mt-1 flex items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
                        <span className="truncate">{c.agentName}</span>
                        <ChannelTag channel={c.channel} />
                        {c.status === 'handed_off' && !waits ? <ConversationStatusBadge status={c.status} /> : null}
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
