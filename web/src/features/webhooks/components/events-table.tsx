import { Inbox, MessageSquare, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { useWebhookEvents, type Webhook, type WebhookEvent } from '@/features/webhooks/api/webhooks';
import { EventStatusBadge } from '@/features/webhooks/components/status-badge';
import { useWebhookFormat } from '@/features/webhooks/hooks/use-webhook-format';
import { errorMessage, useWebhookMessage } from '@/features/webhooks/utils/messages';

const PAGE_SIZE = 10;

/** The webhook's newest events (100 at most, 10 a page): when, what became of each, who asked what, the answer or the error, and its conversation. */
export function EventsTable({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('dashboard');
  const f = useWebhookFormat();
  const msg = useWebhookMessage();
  const events = useWebhookEvents(webhook.id);
  const [page, setPage] = useState(1);
  const rows = events.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);

  const columns: Column<WebhookEvent>[] = [
    {
      id: 'received',
      header: t('webhooks.events.columns.received'),
      cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (e) => <span title={f.dateTime(e.receivedAt)}>{f.ago(e.receivedAt)}</span>,
    },
    {
      id: 'status',
      header: t('webhooks.events.columns.status'),
      cell: (e) => (
        <div className="flex flex-wrap items-center gap-1">
          <EventStatusBadge status={e.status} />
          {e.test ? <span className="rounded-md bg-violet-50 px-1.5 py-0.5 text-xs font-medium text-violet-700 dark:bg-violet-500/10 dark:text-violet-300">{t('webhooks.events.test')}</span> : null}
        </div>
      ),
    },
    {
      id: 'message',
      header: t('webhooks.events.columns.message'),
      cell: (e) => (
        <div className="min-w-48 max-w-md space-y-1">
          <p dir="auto" className="line-clamp-2 [overflow-wrap:anywhere]">
            {e.message}
          </p>
          {e.answer ? (
            <p dir="auto" className="line-clamp-2 text-xs text-zinc-600 [overflow-wrap:anywhere] dark:text-zinc-400">
              <span className="font-medium">{t('webhooks.events.answer')}</span> {e.answer}
            </p>
          ) : null}
          {e.error ? (
            <p dir="auto" className="text-xs text-red-700 [overflow-wrap:anywhere] dark:text-red-400" data-testid="webhook-event-error">
              <span className="font-medium">{t('webhooks.events.error')}</span> {e.error}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'sender',
      header: t('webhooks.events.columns.sender'),
      className: 'hidden lg:table-cell',
      cell: (e) => (
        <span dir="ltr" className="block max-w-48 truncate font-mono text-xs text-zinc-600 dark:text-zinc-400" title={e.sender}>
          {e.sender}
        </span>
      ),
    },
    {
      id: 'latency',
      header: t('webhooks.events.columns.latency'),
      align: 'end',
      className: 'hidden sm:table-cell',
      cellClassName: 'whitespace-nowrap tabular-nums',
      cell: (e) => (e.latencyMs === null || e.latencyMs === undefined ? f.none : f.ms(e.latencyMs)),
    },
    {
      id: 'conversation',
      header: t('webhooks.events.columns.conversation'),
      hideHeader: true,
      align: 'end',
      cell: (e) =>
        e.conversationId ? (
          <Link
            to={`/dashboard/conversations/${e.conversationId}`}
            className="inline-flex items-center gap-1 whitespace-nowrap text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
          >
            <MessageSquare aria-hidden className="size-4" />
            {t('webhooks.events.open')}
          </Link>
        ) : null,
    },
  ];

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('webhooks.events.description')}</p>
        <Button variant="secondary" size="sm" onClick={() => void events.refetch()} disabled={events.isFetching}>
          <RefreshCw aria-hidden className={events.isFetching ? 'size-4 animate-spin' : 'size-4'} />
          {t('webhooks.events.refresh')}
        </Button>
      </div>
      <DataTable
        variant="plain"
        caption={t('webhooks.events.caption', { name: webhook.name })}
        columns={columns}
        rows={rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
        rowKey={(e) => e.id}
        rowProps={() => ({ 'data-testid': 'webhook-event-row' })}
        loading={events.isPending}
        error={events.isError ? msg(errorMessage(events.error)) : null}
        empty={<EmptyState size="sm" bordered={false} icon={Inbox} title={t('webhooks.events.empty.title')} description={t('webhooks.events.empty.description')} />}
        pagination={rows.length > PAGE_SIZE ? { page: current, pageSize: PAGE_SIZE, total: rows.length, onPageChange: setPage } : undefined}
      />
    </div>
  );
}
