import { ChevronRight, Plus, Webhook as WebhookIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { sortRows, type SortDescriptor } from '@/components/ui/data-table-utils';
import { EmptyState } from '@/components/ui/empty-state';
import type { Webhook } from '@/features/webhooks/api/webhooks';
import { PlatformBadge } from '@/features/webhooks/components/platform-badge';
import { WebhookStatusBadge } from '@/features/webhooks/components/status-badge';
import { useWebhookFormat } from '@/features/webhooks/hooks/use-webhook-format';
import { DETAIL_ID } from '@/features/webhooks/utils/ids';

const sortValue = (w: Webhook, column: string) =>
  column === 'received' ? w.stats.received : column === 'last' ? (w.stats.lastReceivedAt ?? '') : column === 'agent' ? w.agentName : column === 'status' ? w.status : w.name;

/** My webhooks: name (opens its panel), platform, agent, status, what came in and when last. */
export function WebhooksTable({
  webhooks,
  loading,
  error,
  filters,
  filtered,
  selected,
  onSelect,
  onCreate,
}: {
  webhooks?: Webhook[];
  loading: boolean;
  error: ReactNode;
  filters: ReactNode;
  /** Whether the filters hide some (an empty list then says so rather than "none yet"). */
  filtered: boolean;
  selected: string | null;
  onSelect: (id: string) => void;
  onCreate: () => void;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const f = useWebhookFormat();
  const [sort, setSort] = useState<SortDescriptor | undefined>();

  const columns: Column<Webhook>[] = [
    {
      id: 'name',
      header: t('webhooks.list.columns.name'),
      sortable: true,
      cell: (w) => {
        const open = w.id === selected;
        return (
          <button
            type="button"
            aria-expanded={open}
            aria-controls={open ? DETAIL_ID : undefined}
            data-webhook-toggle={w.id}
            onClick={() => onSelect(w.id)}
            className="inline-flex max-w-64 items-center gap-1.5 rounded text-start font-medium outline-none hover:text-accent-700 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:text-accent-300"
          >
            <ChevronRight aria-hidden className={cn('size-4 shrink-0 transition-transform rtl:rotate-180', open && 'rotate-90 rtl:rotate-90')} />
            <span dir="auto" className="truncate">
              {w.name}
            </span>
          </button>
        );
      },
    },
    { id: 'platform', header: t('webhooks.list.columns.platform'), cell: (w) => <PlatformBadge platform={w.platform} /> },
    {
      id: 'agent',
      header: t('webhooks.list.columns.agent'),
      sortable: true,
      className: 'hidden md:table-cell',
      cell: (w) => (
        <span dir="auto" className="block max-w-48 truncate text-zinc-700 dark:text-zinc-300">
          {w.agentName}
        </span>
      ),
    },
    {
      id: 'status',
      header: t('webhooks.list.columns.status'),
      sortable: true,
      cell: (w) => (
        <div className="space-y-0.5">
          <WebhookStatusBadge status={w.status} title={w.status === 'failing' && w.lastError ? w.lastError : undefined} />
          {w.status === 'failing' ? <p className="whitespace-nowrap text-xs text-red-700 dark:text-red-400">{t('webhooks.list.failuresInRow', { value: f.count(w.failuresInRow) })}</p> : null}
        </div>
      ),
    },
    {
      id: 'received',
      header: t('webhooks.list.columns.received'),
      sortable: true,
      align: 'end',
      cellClassName: 'tabular-nums whitespace-nowrap',
      cell: (w) => (
        <>
          {f.count(w.stats.received)}
          <span className={cn('block text-xs', w.stats.failed > 0 ? 'text-red-700 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400')}>
            {t('webhooks.list.failedCount', { value: f.count(w.stats.failed) })}
          </span>
        </>
      ),
    },
    {
      id: 'last',
      header: t('webhooks.list.columns.lastReceived'),
      sortable: true,
      className: 'hidden sm:table-cell',
      cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (w) => <span title={w.stats.lastReceivedAt ? f.dateTime(w.stats.lastReceivedAt) : undefined}>{f.ago(w.stats.lastReceivedAt)}</span>,
    },
  ];

  return (
    <DataTable
      caption={t('webhooks.list.caption')}
      columns={columns}
      rows={sortRows(webhooks ?? [], sort, sortValue, i18n.language)}
      rowKey={(w) => w.id}
      rowProps={(w) => ({ 'data-testid': 'webhook-row', className: w.id === selected ? 'bg-accent-50/60 dark:bg-accent-500/10' : undefined })}
      loading={loading}
      error={error}
      sort={sort}
      onSortChange={setSort}
      filters={filters}
      empty={
        filtered ? (
          t('webhooks.list.noMatch')
        ) : (
          <EmptyState
            size="sm"
            bordered={false}
            icon={WebhookIcon}
            title={t('webhooks.list.empty.title')}
            description={t('webhooks.list.empty.description')}
            action={
              <Button size="sm" onClick={onCreate}>
                <Plus aria-hidden className="size-4" />
                {t('webhooks.create.button')}
              </Button>
            }
          />
        )
      }
    />
  );
}
