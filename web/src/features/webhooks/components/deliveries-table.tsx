import { ChevronRight, Inbox, RefreshCw, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { expandedRowId } from '@/components/ui/data-table-utils';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/select-field';
import { useOpenRows } from '@/components/ui/use-open-rows';
import { useDeliveries, useRetryDelivery, type Delivery, type DeliveryFilter, type Endpoint } from '@/features/webhooks/api/endpoints';
import { DeliveryDetails } from '@/features/webhooks/components/delivery-details';
import { DeliveryStatusBadge } from '@/features/webhooks/components/status-badge';
import { useWebhookFormat } from '@/features/webhooks/hooks/use-webhook-format';
import { DELIVERY_STATUSES } from '@/features/webhooks/utils/endpoint-events';
import { errorMessage, useWebhookMessage } from '@/features/webhooks/utils/messages';
import { oneOf } from '@/lib/api-enums';
import { toast } from '@/lib/toast';

const PAGE_SIZE = 10;

/**
 * The endpoint's delivery log: the newest 100 deliveries (of one status, or all), 10 a page, each
 * with its event, where it stands, the last answer or error, and Retry; a row opens on the body
 * sent and every attempt. Read again every few seconds while one is pending.
 */
export function DeliveriesTable({ endpoint }: { endpoint: Endpoint }) {
  const { t } = useTranslation('dashboard');
  const f = useWebhookFormat();
  const msg = useWebhookMessage();
  const [status, setStatus] = useState<DeliveryFilter>('all');
  const deliveries = useDeliveries(endpoint.id, status);
  const retry = useRetryDelivery(endpoint.id);
  const { open, toggle } = useOpenRows();
  const [page, setPage] = useState(1);
  const rows = deliveries.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const current = Math.min(page, pages);

  const onRetry = (d: Delivery) =>
    retry.mutate(d.id, {
      onSuccess: () => toast({ id: `delivery-retry-${d.id}`, title: t('webhooks.endpoints.deliveries.retried', { event: d.eventType }), status: 'success' }),
      onError: (e) => toast({ title: t('webhooks.endpoints.deliveries.retryFailed'), description: msg(errorMessage(e)), status: 'error' }),
    });

  const columns: Column<Delivery>[] = [
    {
      id: 'event',
      header: t('webhooks.endpoints.deliveries.columns.event'),
      cell: (d) => {
        const expanded = open.has(d.id);
        return (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={expanded ? expandedRowId(d.id) : undefined}
            onClick={() => toggle(d.id)}
            className="inline-flex items-center gap-1.5 rounded text-start outline-none hover:text-accent-700 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:text-accent-300"
          >
            <ChevronRight aria-hidden className={cn('size-4 shrink-0 transition-transform rtl:rotate-180', expanded && 'rotate-90 rtl:rotate-90')} />
            <code dir="ltr" className="font-mono text-[0.8125rem] font-medium">
              {d.eventType}
            </code>
          </button>
        );
      },
    },
    {
      id: 'status',
      header: t('webhooks.endpoints.deliveries.columns.status'),
      cell: (d) => (
        <div className="space-y-0.5">
          <DeliveryStatusBadge status={d.status} />
          <p className="whitespace-nowrap text-xs text-zinc-600 dark:text-zinc-400">
            {t('webhooks.endpoints.deliveries.attempts', { count: d.attempts })}
            {d.status === 'pending' && d.nextAttemptAt ? (
              <span className="block" title={f.dateTime(d.nextAttemptAt)}>
                {t('webhooks.endpoints.deliveries.nextAttempt', { value: f.ago(d.nextAttemptAt) })}
              </span>
            ) : null}
          </p>
        </div>
      ),
    },
    {
      id: 'answer',
      header: t('webhooks.endpoints.deliveries.columns.answer'),
      cell: (d) => (
        <div className="min-w-40 max-w-md space-y-0.5 text-xs">
          {d.lastStatus !== null && d.lastStatus !== undefined ? (
            <p className={cn('font-medium tabular-nums', d.lastStatus >= 200 && d.lastStatus < 300 ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400')}>
              {t('webhooks.endpoints.deliveries.http', { value: d.lastStatus })}
            </p>
          ) : null}
          {d.lastError ? (
            <p dir="auto" className="line-clamp-2 text-red-700 [overflow-wrap:anywhere] dark:text-red-400" data-testid="delivery-last-error" title={d.lastError}>
              {d.lastError}
            </p>
          ) : null}
          {d.attempts === 0 ? <p className="text-zinc-600 dark:text-zinc-400">{t('webhooks.endpoints.deliveries.notTried')}</p> : null}
        </div>
      ),
    },
    {
      id: 'created',
      header: t('webhooks.endpoints.deliveries.columns.created'),
      className: 'hidden sm:table-cell',
      cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (d) => <span title={f.dateTime(d.createdAt)}>{f.ago(d.createdAt)}</span>,
    },
    {
      id: 'actions',
      header: t('webhooks.endpoints.deliveries.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (d) => (
        <Button size="sm" variant="secondary" onClick={() => onRetry(d)} disabled={retry.isPending && retry.variables === d.id}>
          <RotateCcw aria-hidden className="size-4" />
          {/* The visible word, then which delivery for screen readers (the name holds what is shown). */}
          <Trans t={t} i18nKey="webhooks.endpoints.deliveries.retryLabel" values={{ event: d.eventType, when: f.ago(d.createdAt) }} components={[<span key="which" className="sr-only" />]} />
        </Button>
      ),
    },
  ];

  const filtered = status !== 'all';
  return (
    <section aria-labelledby={`deliveries-${endpoint.id}-title`} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h3 id={`deliveries-${endpoint.id}-title`} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
            {t('webhooks.endpoints.deliveries.title')}
          </h3>
          <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{t('webhooks.endpoints.deliveries.description')}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label={t('webhooks.endpoints.deliveries.filter')}
            value={status}
            onChange={(e) => {
              setStatus(oneOf(DELIVERY_STATUSES, e.target.value, 'all' as const));
              setPage(1);
            }}
            className="w-44"
          >
            <option value="all">{t('webhooks.endpoints.deliveries.allStatuses')}</option>
            {DELIVERY_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`webhooks.endpoints.deliveries.status.${s}`)}
              </option>
            ))}
          </SelectField>
          <Button variant="secondary" onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
            <RefreshCw aria-hidden className={deliveries.isFetching ? 'size-4 animate-spin' : 'size-4'} />
            {t('webhooks.endpoints.deliveries.refresh')}
          </Button>
        </div>
      </div>
      <DataTable
        variant="plain"
        caption={t('webhooks.endpoints.deliveries.caption', { url: endpoint.url })}
        columns={columns}
        rows={rows.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)}
        rowKey={(d) => d.id}
        rowProps={() => ({ 'data-testid': 'delivery-row' })}
        expanded={(d) => (open.has(d.id) ? <DeliveryDetails delivery={d} /> : null)}
        loading={deliveries.isPending}
        error={deliveries.isError ? msg(errorMessage(deliveries.error)) : null}
        empty={
          filtered ? (
            t('webhooks.endpoints.deliveries.noMatch')
          ) : (
            <EmptyState size="sm" bordered={false} icon={Inbox} title={t('webhooks.endpoints.deliveries.empty.title')} description={t('webhooks.endpoints.deliveries.empty.description')} />
          )
        }
        pagination={rows.length > PAGE_SIZE ? { page: current, pageSize: PAGE_SIZE, total: rows.length, onPageChange: setPage } : undefined}
      />
    </section>
  );
}
