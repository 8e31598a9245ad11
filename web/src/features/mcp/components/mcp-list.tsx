import { Blocks, ChevronRight, Download, FlaskConical, Pencil, Plus, Trash2, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { expandedRowId, sortRows, type SortDescriptor } from '@/components/ui/data-table-utils';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useOpenRows } from '@/components/ui/use-open-rows';
import { downloadMcpExport, useDeleteMcpServer, useSetMcpServerEnabled, useTestMcpServer } from '@/features/mcp/api/mcp-servers';
import { McpStatusBadge, TransportTag } from '@/features/mcp/components/status-badge';
import { ServerDetails } from '@/features/mcp/components/server-details';
import { useTestToast } from '@/features/mcp/hooks/use-test-toast';
import { endpointOf } from '@/features/mcp/utils/format';
import { errorMessage, useMcpMessage } from '@/features/mcp/utils/messages';
import { useMyMcpServers, type McpServer } from '@/lib/mcp';
import { toast } from '@/lib/toast';

function ExportControls() {
  const { t } = useTranslation('dashboard');
  const msg = useMcpMessage();
  const id = useId();
  const [credentials, setCredentials] = useState(false);
  const [busy, setBusy] = useState(false);
  const onExport = async () => {
    setBusy(true);
    try {
      await downloadMcpExport(credentials);
      toast({ title: t('mcp.export.done'), status: 'success' });
    } catch (e) {
      toast({ title: t('mcp.export.failed'), description: msg(errorMessage(e)), status: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label htmlFor={id} className="flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300">
        <input id={id} type="checkbox" checked={credentials} onChange={(e) => setCredentials(e.target.checked)} className="size-4 rounded accent-accent-600" />
        {t('mcp.export.includeCredentials')}
      </label>
      <Button variant="secondary" onClick={() => void onExport()} disabled={busy}>
        {busy ? <Spinner className="size-4" /> : <Download aria-hidden className="size-4" />}
        {t('mcp.export.button')}
      </Button>
    </div>
  );
}

const sortValue = (s: McpServer, column: string) =>
  column === 'tools' ? s.tools.length : column === 'agents' ? s.agentsCount : column === 'status' ? s.status : s.name;

/**
 * /dashboard/mcp: my MCP servers with their status, tools and agents; each can be switched on or
 * off, tested, edited or deleted, and opened in place to see how it is reached and what it offers.
 */
export function McpList() {
  const { t, i18n } = useTranslation('dashboard');
  const msg = useMcpMessage();
  const servers = useMyMcpServers();
  const remove = useDeleteMcpServer();
  const test = useTestMcpServer();
  const setEnabled = useSetMcpServerEnabled();
  const testToast = useTestToast();
  const { open, toggle, close } = useOpenRows();
  const [sort, setSort] = useState<SortDescriptor | undefined>();

  const confirmDelete = useConfirmAction<McpServer>({
    act: (s) => remove.mutateAsync(s.id),
    title: (s) => t('mcp.delete.title', { name: s.name }),
    body: (s) => (s.agentsCount > 0 ? t('mcp.delete.bodyUsed', { count: s.agentsCount }) : t('mcp.delete.body')),
    confirmLabel: t('mcp.delete.confirm'),
    success: (_r, s) => t('mcp.delete.done', { name: s.name }),
    error: (e) => msg(errorMessage(e)),
    onSuccess: (_r, s) => close(s.id),
  });

  const runTest = (s: McpServer) =>
    test.mutate(s.id, {
      onSuccess: (result) => testToast(s.name, result),
      onError: (e) => toast({ title: t('mcp.test.failed', { name: s.name }), description: msg(errorMessage(e)), status: 'error' }),
    });

  const switchServer = (s: McpServer, enabled: boolean) =>
    setEnabled.mutate(
      { server: s, enabled },
      {
        onSuccess: () => toast({ title: enabled ? t('mcp.enabled.on', { name: s.name }) : t('mcp.enabled.off', { name: s.name }), status: 'success' }),
        onError: (e) => toast({ title: t('mcp.enabled.failed', { name: s.name }), description: msg(errorMessage(e)), status: 'error' }),
      },
    );

  const testing = (s: McpServer) => test.isPending && test.variables === s.id;
  const switching = (s: McpServer) => setEnabled.isPending && setEnabled.variables?.server.id === s.id;

  const columns: Column<McpServer>[] = [
    {
      id: 'name',
      header: t('mcp.list.columns.name'),
      sortable: true,
      cell: (s) => {
        const expanded = open.has(s.id);
        return (
          <div className="min-w-0 max-w-64">
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={expanded ? expandedRowId(s.id) : undefined}
              onClick={() => toggle(s.id)}
              className="inline-flex max-w-full items-center gap-1.5 rounded text-start font-medium outline-none hover:text-accent-700 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:text-accent-300"
            >
              <ChevronRight aria-hidden className={cn('size-4 shrink-0 transition-transform rtl:rotate-180', expanded && 'rotate-90 rtl:rotate-90')} />
              <span dir="auto" className="truncate">
                {s.name}
              </span>
            </button>
            <p className="ms-5.5 flex min-w-0 items-center gap-2">
              <span className="2xl:hidden">
                <TransportTag transport={s.transport} />
              </span>
              <span dir="ltr" className="min-w-0 truncate text-left font-mono text-xs text-zinc-500 rtl:text-right dark:text-zinc-400">
                {endpointOf(s)}
              </span>
            </p>
          </div>
        );
      },
    },
    { id: 'transport', header: t('mcp.list.columns.transport'), className: 'hidden 2xl:table-cell', cell: (s) => <TransportTag transport={s.transport} /> },
    { id: 'status', header: t('mcp.list.columns.status'), sortable: true, cell: (s) => <McpStatusBadge status={s.status} error={s.lastError} /> },
    { id: 'tools', header: t('mcp.list.columns.tools'), sortable: true, align: 'end', cellClassName: 'tabular-nums', cell: (s) => new Intl.NumberFormat(i18n.language).format(s.tools.length) },
    {
      id: 'agents',
      header: t('mcp.list.columns.agents'),
      sortable: true,
      align: 'end',
      className: 'hidden sm:table-cell',
      cellClassName: 'tabular-nums',
      cell: (s) => new Intl.NumberFormat(i18n.language).format(s.agentsCount),
    },
    {
      id: 'enabled',
      header: t('mcp.list.columns.enabled'),
      cell: (s) => <Switch hideLabel label={t('mcp.enabled.label', { name: s.name })} checked={s.enabled} disabled={switching(s)} onChange={(next) => switchServer(s, next)} />,
    },
    {
      id: 'actions',
      header: t('mcp.list.columns.actions'),
      hideHeader: true,
      align: 'end',
      cell: (s) => (
        <div className="flex items-center justify-end gap-1">
          <Button size="sm" variant="ghost" onClick={() => runTest(s)} disabled={testing(s)} aria-label={t('mcp.list.testLabel', { name: s.name })}>
            {testing(s) ? <Spinner className="size-4" /> : <FlaskConical aria-hidden className="size-4" />}
            <span className="hidden 2xl:inline">{t('mcp.list.test')}</span>
          </Button>
          <ButtonLink size="sm" variant="ghost" to={`/dashboard/mcp/edit/${s.id}`} aria-label={t('mcp.list.editLabel', { name: s.name })}>
            <Pencil aria-hidden className="size-4" />
            <span className="hidden 2xl:inline">{t('mcp.list.edit')}</span>
          </ButtonLink>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
            onClick={() => confirmDelete.ask(s)}
            aria-label={t('mcp.list.deleteLabel', { name: s.name })}
          >
            <Trash2 aria-hidden className="size-4" />
            <span className="hidden 2xl:inline">{t('mcp.list.delete')}</span>
          </Button>
        </div>
      ),
    },
  ];

  const none = servers.isSuccess && servers.data.length === 0;
  return (
    <div className="w-full max-w-6xl space-y-6">
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.mcp.title')}</h1>
          <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('pages.mcp.description')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to="/dashboard/mcp/import" variant="secondary">
            <Upload aria-hidden className="size-4" />
            {t('mcp.list.import')}
          </ButtonLink>
          <ButtonLink to="/dashboard/mcp/create">
            <Plus aria-hidden className="size-4" />
            {t('mcp.list.add')}
          </ButtonLink>
        </div>
      </header>
      {none ? (
        <EmptyState
          icon={Blocks}
          title={t('mcp.list.empty.title')}
          description={t('mcp.list.empty.description')}
          action={
            <>
              <ButtonLink to="/dashboard/mcp/create">
                <Plus aria-hidden className="size-4" />
                {t('mcp.list.add')}
              </ButtonLink>
              <ButtonLink to="/dashboard/mcp/import" variant="secondary">
                <Upload aria-hidden className="size-4" />
                {t('mcp.list.import')}
              </ButtonLink>
            </>
          }
        />
      ) : (
        <DataTable
          caption={t('mcp.list.caption')}
          columns={columns}
          rows={sortRows(servers.data ?? [], sort, sortValue, i18n.language)}
          rowKey={(s) => s.id}
          rowProps={() => ({ 'data-testid': 'mcp-server-row' })}
          loading={servers.isPending}
          error={servers.isError ? msg(errorMessage(servers.error)) : null}
          sort={sort}
          onSortChange={setSort}
          expanded={(s) => (open.has(s.id) ? <ServerDetails server={s} /> : null)}
          toolbar={servers.isSuccess ? <ExportControls /> : null}
        />
      )}
      {confirmDelete.dialog}
    </div>
  );
}
