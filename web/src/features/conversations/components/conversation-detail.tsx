import { ArrowLeft, CircleStop, Download, MessagesSquare, Trash2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { RealtimeIndicator } from '@/components/ui/realtime-indicator';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { MessageAudio } from '@/components/voice/message-audio';
import { ChannelTag, ConversationStatusBadge } from '@/features/conversations/components/badges';
import { HandoffActions } from '@/features/conversations/components/handoff-actions';
import { HandoffReply } from '@/features/conversations/components/handoff-reply';
import { HandoffStatus } from '@/features/conversations/components/handoff-status';
import { MessageItem } from '@/features/conversations/components/message-item';
import { useHandoff } from '@/features/conversations/hooks/use-handoff';
import { formatDateTime, formatNumber } from '@/features/conversations/utils/format';
import { ApiError } from '@/lib/api-client';
import {
  useConversation,
  useConversationMessages,
  useDeleteConversation,
  useEndConversation,
  useExportConversation,
} from '@/lib/conversations';
import type { ExportFormat } from '@/lib/api-enums';
import { useConversationsRealtime } from '@/lib/conversations-realtime';
import { toast } from '@/lib/toast';
import { useVoiceMessages, voiceKeys } from '@/lib/voice';

const LIST = '/dashboard/conversations';

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 truncate text-sm font-medium">{children}</dd>
    </div>
  );
}

function BackLink() {
  const { t } = useTranslation('dashboard');
  return (
    <Link to={LIST} className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
      <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
      {t('conversations.detail.back')}
    </Link>
  );
}

/** /dashboard/conversations/:conversationId: the whole transcript, its details and actions. */
export function ConversationDetail({ conversationId }: { conversationId: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const navigate = useNavigate();
  const conversation = useConversation(conversationId);
  const messages = useConversationMessages(conversationId, { fresh: true });
  const live = useConversationsRealtime();
  // A voice conversation's messages carry their audio: each gets a play button.
  const isVoice = conversation.data?.channel === 'voice';
  const voice = useVoiceMessages(conversationId, isVoice);
  const qc = useQueryClient();
  const messageCount = messages.data?.length;
  const seenCount = useRef(messageCount);
  // A turn spoken meanwhile (the socket brought its messages) has audio to read too.
  useEffect(() => {
    const before = seenCount.current;
    seenCount.current = messageCount;
    if (isVoice && before !== undefined && messageCount !== before) void qc.invalidateQueries({ queryKey: voiceKeys.messages(conversationId), exact: true });
  }, [qc, isVoice, conversationId, messageCount]);
  // Taking it over, answering in it and handing it back, for those who may edit its agent.
  const handoff = useHandoff(conversation.data);
  const end = useEndConversation();
  const remove = useDeleteConversation();
  const exporter = useExportConversation();
  const confirmDelete = useConfirmAction<string>({
    act: (id) => remove.mutateAsync(id),
    title: () => t('conversations.detail.deleteTitle'),
    body: () => t('conversations.detail.deleteBody'),
    confirmLabel: t('conversations.detail.deleteConfirm'),
    success: () => t('conversations.detail.deleted'),
    onSuccess: () => navigate(LIST),
  });

  if (conversation.isPending) {
    return (
      <div role="status" className="flex justify-center py-20">
        <Spinner className="size-8" />
        <span className="sr-only">{t('conversations.detail.loading')}</span>
      </div>
    );
  }
  if (conversation.isError) {
    const notFound = conversation.error instanceof ApiError && conversation.error.status === 404;
    return (
      <div className="w-full max-w-3xl space-y-4">
        <BackLink />
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.conversation.title')}</h1>
        <Notice tone="error">{notFound ? t('conversations.errors.notFound') : conversation.error.message}</Notice>
      </div>
    );
  }

  const c = conversation.data;
  const list = messages.data ?? [];
  const onExport = (format: ExportFormat) =>
    exporter.mutate({ id: c.id, format }, { onError: (e) => toast({ title: t('conversations.detail.exportFailed'), description: e.message, status: 'error' }) });
  const onEnd = () =>
    end.mutate(c.id, {
      onSuccess: () => toast({ title: t('conversations.detail.endDone'), status: 'success' }),
      onError: (e) => toast({ title: e.message, status: 'error' }),
    });

  return (
    <div className="w-full max-w-5xl space-y-6">
      <div>
        <BackLink />
        <header className="mt-3 space-y-3">
          <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">
            <h1 dir="auto" className="min-w-0 max-w-full truncate text-2xl font-semibold tracking-tight">
              {c.title || t('conversations.untitled')}
            </h1>
            <ConversationStatusBadge status={c.status} />
            <RealtimeIndicator status={live} />
          </div>
          {/* One row of actions under the title; on a narrow screen it wraps as a row. */}
          <div className="flex flex-wrap items-center gap-2">
            <HandoffActions handoff={handoff} />
            <Button variant="secondary" size="sm" onClick={() => onExport('json')} disabled={exporter.isPending}>
              <Download aria-hidden className="size-4" />
              {t('conversations.detail.exportJson')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => onExport('csv')} disabled={exporter.isPending}>
              <Download aria-hidden className="size-4" />
              {t('conversations.detail.exportCsv')}
            </Button>
            {c.status !== 'ended' ? (
              <Button variant="secondary" size="sm" onClick={onEnd} disabled={end.isPending}>
                {end.isPending ? <Spinner className="size-4" /> : <CircleStop aria-hidden className="size-4" />}
                {t('conversations.detail.end')}
              </Button>
            ) : null}
            <Button variant="danger" size="sm" onClick={() => confirmDelete.ask(c.id)}>
              <Trash2 aria-hidden className="size-4" />
              {t('conversations.detail.delete')}
            </Button>
          </div>
          <HandoffStatus handoff={handoff} />
        </header>
      </div>

      <section aria-labelledby="conversation-meta" className="rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
        <h2 id="conversation-meta" className="sr-only">
          {t('conversations.detail.metadata')}
        </h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          <Meta label={t('conversations.detail.agent')}>
            <Link to={`/dashboard/agents/${encodeURIComponent(c.agentId)}`} className="text-accent-700 hover:underline dark:text-accent-300">
              {c.agentName}
            </Link>
          </Meta>
          <Meta label={t('conversations.detail.channel')}>
            <ChannelTag channel={c.channel} />
          </Meta>
          <Meta label={t('conversations.detail.status')}>{t(`conversations.statuses.${c.status}`, { defaultValue: c.status })}</Meta>
          <Meta label={t('conversations.detail.messages')}>{formatNumber(lng, c.messageCount)}</Meta>
          <Meta label={t('conversations.detail.started')}>{formatDateTime(lng, c.startedAt) ?? '—'}</Meta>
          <Meta label={t('conversations.detail.lastMessage')}>{formatDateTime(lng, c.lastMessageAt) ?? '—'}</Meta>
          <Meta label={t('conversations.detail.ended')}>{formatDateTime(lng, c.endedAt) ?? '—'}</Meta>
          <Meta label={t('conversations.detail.tokens')}>
            {t('conversations.detail.tokensValue', { input: formatNumber(lng, c.tokensIn), output: formatNumber(lng, c.tokensOut) })}
          </Meta>
        </dl>
      </section>

      <section aria-labelledby="transcript-title">
        <h2 id="transcript-title" className="mb-4 text-base font-semibold">
          {t('conversations.detail.transcript')}
        </h2>
        {messages.isError ? <Notice tone="error">{messages.error.message}</Notice> : null}
        {messages.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : list.length === 0 ? (
          <EmptyState size="sm" bordered icon={MessagesSquare} title={t('conversations.detail.noMessages')} />
        ) : (
          <ol aria-labelledby="transcript-title" className="space-y-5">
            {list.map((m) => {
              const sound = voice.data?.find((v) => v.message.id === m.id)?.audio;
              return (
                <MessageItem
                  key={m.id}
                  message={m}
                  testId="transcript-message"
                  audio={sound ? <MessageAudio messageId={m.id} kind={m.role === 'user' ? 'question' : 'answer'} /> : null}
                />
              );
            })}
          </ol>
        )}
        {handoff.mine ? (
          <HandoffReply
            conversationId={c.id}
            autoFocus={handoff.tookOver}
            className="mt-6 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
          />
        ) : null}
      </section>

      {confirmDelete.dialog}
    </div>
  );
}
