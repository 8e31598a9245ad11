import { ChevronRight, Plus, Send } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Switch } from '@/components/ui/switch';
import type { Endpoint } from '@/features/webhooks/api/endpoints';
import { EndpointStateBadge } from '@/features/webhooks/components/status-badge';
import { useEndpointToggle } from '@/features/webhooks/hooks/use-endpoint-toggle';
import { useWebhookFormat } from '@/features/webhooks/hooks/use-webhook-format';
import { endpointState, shortUrl } from '@/features/webhooks/utils/endpoint-events';
import { ENDPOINT_DETAIL_ID } from '@/features/webhooks/utils/ids';

/** How many of an endpoint's events its row names before "+n". */
const EVENTS_SHOWN = 2;

/** My event endpoints: the URL (opens its panel) and description, its events, how it stands, its switch, when it was made. */
export function EndpointsTable({
  endpoints,
  loading,
  error,
  selected,
  onSelect,
  onCreate,
}: {
  endpoints?: Endpoint[];
  loading: boolean;
  error: ReactNode;
  selected: string | null;
  onSelect: (id: string) => void;
  onCreate: () => void;
}) {
  const { t } = useTranslation('dashboard');
  const f = useWebhookFormat();
  const toggle = useEndpointToggle();

  const columns: Column<Endpoint>[] = [
    {
      id: 'url',
      header: t('webhooks.endpoints.list.columns.url'),
      cell: (e) => {
        const open = e.id === selected;
        return (
          <div className="min-w-0 max-w-80">
            <button
              type="button"
              aria-expanded={open}
              aria-controls={open ? ENDPOINT_DETAIL_ID : undefined}
              data-endpoint-toggle={e.id}
              onClick={() => onSelect(e.id)}
              title={e.url}
              className="inline-flex max-w-full items-center gap-1.5 rounded text-start font-medium outline-none hover:text-accent-700 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:text-accent-300"
            >
              <ChevronRight aria-hidden className={cn('size-4 shrink-0 transition-transform rtl:rotate-180', open && 'rotate-90 rtl:rotate-90')} />
              <bdi dir="ltr" className="truncate font-mono text-[0.8125rem]">
                {shortUrl(e.url)}
              </bdi>
            </button>
            {e.description ? (
              <p dir="auto" className="ms-5.5 truncate text-xs text-zinc-500 dark:text-zinc-400">
                {e.description}
              </p>
            ) : null}
          </div>
        );
      },
    },
    {
      id: 'events',
      header: t('webhooks.endpoints.list.columns.events'),
      className: 'hidden md:table-cell',
      cell: (e) => (
        <div className="flex max-w-72 flex-wrap items-center gap-1" title={e.events.join(', ')}>
          {e.events.slice(0, EVENTS_SHOWN).map((name) => (
            <code key={name} dir="ltr" className="rounded-md bg-zinc-100 px-1.5 py-0.5 font-mono text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
              {name}
            </code>
          ))}
          {e.events.length > EVENTS_SHOWN ? (
            <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('webhooks.endpoints.list.moreEvents', { count: e.events.length - EVENTS_SHOWN })}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: 'status',
      header: t('webhooks.endpoints.list.columns.status'),
      cell: (e) => (
        <div className="space-y-0.5">
          <EndpointStateBadge state={endpointState(e)} />
          {e.failingSince ? (
            <p className="whitespace-nowrap text-xs text-amber-800 dark:text-amber-300" title={f.dateTime(e.failingSince)}>
              {t('webhooks.endpoints.failingSince', { value: f.ago(e.failingSince) })}
            </p>
          ) : null}
        </div>
      ),
    },
    {
      id: 'enabled',
      header: t('webhooks.endpoints.list.columns.enabled'),
      cell: (e) => <Switch hideLabel label={t('webhooks.endpoints.list.toggle', { url: shortUrl(e.url) })} checked={e.enabled} onChange={(next) => toggle(e, next)} />,
    },
    {
      id: 'created',
      header: t('webhooks.endpoints.list.columns.created'),
      className: 'hidden lg:table-cell',
      cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (e) => <span title={f.dateTime(e.createdAt)}>{f.ago(e.createdAt)}</span>,
    },
  ];

  return (
    <DataTable
      caption={t('webhooks.endpoints.list.caption')}
      columns={columns}
      rows={endpoints}
      rowKey={(e) => e.id}
      rowProps={(e) => ({
        'data-testid': 'endpoint-row',
        className: cn(e.id === selected && 'bg-accent-50/60 dark:bg-accent-500/10', endpointState(e) === 'disabledByServer' && 'bg-red-50/50 dark:bg-red-950/20'),
      })}
      loading={loading}
      error={error}
      empty={
        <EmptyState
          size="sm"
          bordered={false}
          icon={Send}
          title={t('webhooks.endpoints.list.empty.title')}
          description={t('webhooks.endpoints.list.empty.description')}
          action={
            <Button size="sm" onClick={onCreate}>
              <Plus aria-hidden className="size-4" />
              {t('webhooks.endpoints.new')}
            </Button>
          }
        />
      }
    />
  );
}
