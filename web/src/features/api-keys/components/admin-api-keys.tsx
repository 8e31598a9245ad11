import { KeyRound, Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '@/components/ui/data-table';
import { pageCount } from '@/components/ui/data-table-utils';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { ADMIN_PAGE_SIZE, useAdminApiKeys, useAdminRevokeApiKey, type AdminApiKey } from '@/features/api-keys/api/api-keys';
import { AgentsCell, ExpiresCell, KeyName, Prefix, RevokeButton } from '@/features/api-keys/components/key-cells';
import { formatDay, formatMinute } from '@/features/api-keys/utils/format';
import { useDebounced } from '@/lib/use-debounced';

/** /admin/api-keys: every key of the installation with its owner, searched and paged by the server; any can be revoked. */
export function AdminApiKeys() {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const debounced = useDebounced(search, 300);
  const keys = useAdminApiKeys({ page, search: debounced });
  const revoke = useAdminRevokeApiKey();
  const total = keys.data?.meta.total ?? 0;

  // A search starts from its first page; a page emptied by revocations goes back to the last one.
  const [seenSearch, setSeenSearch] = useState(debounced);
  if (debounced !== seenSearch) {
    setSeenSearch(debounced);
    setPage(1);
  }
  const last = pageCount(total, ADMIN_PAGE_SIZE);
  if (keys.isSuccess && !keys.isPlaceholderData && page > last) setPage(last);

  const confirmRevoke = useConfirmAction<AdminApiKey>({
    act: (k) => revoke.mutateAsync(k.id),
    title: (k) => t('apiKeys.revoke.title', { name: k.name, owner: k.ownerEmail }),
    body: () => t('apiKeys.revoke.body'),
    confirmLabel: t('apiKeys.revoke.confirm'),
    success: (_r, k) => t('apiKeys.revoke.done', { name: k.name }),
  });

  const columns: Column<AdminApiKey>[] = [
    { id: 'name', header: t('apiKeys.columns.name'), cell: (k) => <KeyName apiKey={k} /> },
    {
      id: 'owner',
      header: t('apiKeys.columns.owner'),
      cell: (k) => (
        <span className="block min-w-0">
          <span dir="auto" className="block truncate font-medium">
            {k.ownerName || k.ownerEmail}
          </span>
          <span className="block truncate text-xs text-zinc-500 dark:text-zinc-400">{k.ownerEmail}</span>
        </span>
      ),
    },
    { id: 'prefix', header: t('apiKeys.columns.prefix'), cell: (k) => <Prefix prefix={k.prefix} /> },
    { id: 'agents', header: t('apiKeys.columns.agents'), className: 'hidden md:table-cell', cell: (k) => <AgentsCell agentIds={k.agentIds} /> },
    { id: 'created', header: t('apiKeys.columns.created'), className: 'hidden lg:table-cell', cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400', cell: (k) => formatDay(lng, k.createdAt) },
    {
      id: 'lastUsed',
      header: t('apiKeys.columns.lastUsed'),
      className: 'hidden lg:table-cell',
      cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (k) => formatMinute(lng, k.lastUsedAt) ?? t('apiKeys.never'),
    },
    { id: 'expires', header: t('apiKeys.columns.expires'), className: 'hidden sm:table-cell', cell: (k) => <ExpiresCell apiKey={k} /> },
    {
      id: 'actions',
      header: t('apiKeys.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (k) => <RevokeButton label={t('apiKeys.revoke.label', { name: k.name, owner: k.ownerEmail })} onRevoke={() => confirmRevoke.ask(k)} />,
    },
  ];

  return (
    <div className="w-full space-y-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.apiKeys.title')}</h1>
        <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('pages.apiKeys.description')}</p>
      </header>
      <DataTable
        caption={t('apiKeys.caption')}
        columns={columns}
        rows={keys.data?.data}
        rowKey={(k) => k.id}
        rowProps={() => ({ 'data-testid': 'admin-api-key-row' })}
        loading={keys.isPending}
        error={keys.isError ? keys.error.message : null}
        empty={
          <EmptyState
            size="sm"
            bordered={false}
            icon={KeyRound}
            title={debounced.trim() ? t('apiKeys.empty.noMatch') : t('apiKeys.empty.title')}
            description={debounced.trim() ? t('apiKeys.empty.noMatchHint') : t('apiKeys.empty.description')}
          />
        }
        filters={
          <div className="relative max-w-sm">
            <Search aria-hidden className="pointer-events-none absolute start-3 bottom-3 size-4 text-zinc-400" />
            <FormField label={t('apiKeys.search')} type="search" placeholder={t('apiKeys.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.target.value)} className="[&_input]:ps-9" />
          </div>
        }
        pagination={{ page, pageSize: ADMIN_PAGE_SIZE, total, onPageChange: setPage, noneLabel: t('apiKeys.none') }}
      />
      {confirmRevoke.dialog}
    </div>
  );
}
