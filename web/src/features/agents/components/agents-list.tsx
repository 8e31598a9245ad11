import { ArrowDownWideNarrow, ArrowUpNarrowWide, Bot, Plus, Search, Trash2, Upload, Wand2 } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { pageCount, type SortDescriptor } from '@/components/ui/data-table-utils';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import {
  isExportDocument,
  PAGE_SIZE,
  useAgents,
  useBulkDelete,
  useBulkUpdate,
  useCreateFromTemplate,
  useImportAgent,
  type Agent,
  type AgentListParams,
} from '@/features/agents/api/agents';
import { TemplateCards } from '@/features/agents/components/create-agent';
import { StatusBadge, Tag } from '@/features/agents/components/status-badge';
import { TeamBadge } from '@/features/agents/components/team-badge';
import { AGENT_SORTS, AGENT_STATUSES, AGENT_TYPES, oneOf, type AgentStatus } from '@/lib/api-enums';
import { useMyTeams } from '@/lib/teams';
import { errorMessage, TOASTS, useAgentMessage } from '@/features/agents/utils/messages';
import { toast } from '@/lib/toast';
import { useDebounced } from '@/lib/use-debounced';

const INITIAL: AgentListParams = { page: 1, limit: PAGE_SIZE, status: 'all', type: 'all', search: '', sort: 'created', order: 'desc', team: 'all' };

function ImportButton() {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  const importAgent = useImportAgent();
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    let doc: unknown;
    try {
      doc = JSON.parse(await file.text());
    } catch {
      doc = null;
    }
    if (!isExportDocument(doc)) {
      toast({ title: t('import.invalidFile'), status: 'error' });
      return;
    }
    importAgent.mutate(doc, {
      onSuccess: (agent) => {
        toast({ title: t('import.done', { name: agent.name }), status: 'success' });
        navigate(`/dashboard/agents/${agent.id}`);
      },
      onError: (err) => toast({ title: t('import.failed'), description: msg(errorMessage(err)), status: 'error' }),
    });
  };
  return (
    <>
      <input ref={input} type="file" accept="application/json,.json" className="sr-only" tabIndex={-1} aria-label={t('import.fileLabel')} onChange={(e) => void onFile(e)} />
      <Button variant="secondary" onClick={() => input.current?.click()} disabled={importAgent.isPending}>
        {importAgent.isPending ? <Spinner className="size-4" /> : <Upload aria-hidden className="size-4" />}
        {t('import.button')}
      </Button>
    </>
  );
}

function NoAgents() {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const navigate = useNavigate();
  const fromTemplate = useCreateFromTemplate();
  return (
    <EmptyState
      icon={Bot}
      title={t('list.empty.title')}
      description={t('list.empty.description')}
      action={
        <>
          <ButtonLink to="/dashboard/agents/create?start=generate">
            <Wand2 aria-hidden className="size-4" />
            {t('list.empty.generate')}
          </ButtonLink>
          <ButtonLink to="/dashboard/agents/create" variant="secondary">
            <Plus aria-hidden className="size-4" />
            {t('list.empty.scratch')}
          </ButtonLink>
        </>
      }
    >
      <h3 className="mt-8 mb-3 text-sm font-semibold text-zinc-700 dark:text-zinc-300">{t('list.empty.templates')}</h3>
      <TemplateCards
        limit={6}
        pendingId={fromTemplate.isPending ? fromTemplate.variables?.templateId : null}
        onPick={(tpl) =>
          fromTemplate.mutate(
            { templateId: tpl.id },
            {
              onSuccess: (agent) => {
                toast({ title: t('toasts.created', { defaultValue: TOASTS.created }), status: 'success' });
                navigate(`/dashboard/agents/${agent.id}`);
              },
              onError: (e) => toast({ title: msg(errorMessage(e)) ?? t('errors.createFailed'), status: 'error' }),
            },
          )
        }
      />
    </EmptyState>
  );
}

const dateFormat = (lng: string, iso?: string | null) => (iso ? new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(new Date(iso)) : null);

/** The columns the server sorts by (the others sort through the "Sort by" select). */
const SORTABLE: Partial<Record<string, AgentListParams['sort']>> = { name: 'name', lastActive: 'lastActive' };

/** /dashboard/agents: search, filters, sort, pages of 10, bulk actions, import. */
export function AgentsList() {
  const { t, i18n } = useTranslation('agents');
  const msg = useAgentMessage();
  const [params, setParams] = useState<AgentListParams>(INITIAL);
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, 300);
  if (search !== params.search) {
    // A new search starts on page 1 (state adjusted while rendering, before any fetch).
    setParams((p) => ({ ...p, search, page: 1 }));
  }
  const query = params;
  const agents = useAgents(query);
  const teams = useMyTeams().data ?? [];
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkStatus, setBulkStatus] = useState<AgentStatus>('active');
  const bulkDelete = useBulkDelete();
  const bulkUpdate = useBulkUpdate();
  const statusId = useId();

  const set = (patch: Partial<AgentListParams>) => {
    setParams((p) => ({ ...p, page: 1, ...patch }));
    setSelected(new Set());
  };

  const rows = agents.data?.data ?? [];
  const meta = agents.data?.meta ?? { page: query.page, limit: query.limit, total: 0 };
  const pages = pageCount(meta.total, meta.limit || PAGE_SIZE);
  const filtered = query.status !== 'all' || query.type !== 'all' || query.search.trim() !== '';
  const ids = [...selected];
  // Bulk changes need edit access to every agent (a team viewer's are not selectable), and bulk
  // deletion manage access (offered only when every selected agent allows it).
  const canDeleteSelected = rows.filter((a) => selected.has(a.id)).every((a) => a.access === 'manage');

  const confirmBulkDelete = useConfirmAction<string[], { deleted: number }>({
    act: (list) => bulkDelete.mutateAsync(list),
    title: (list) => t('bulk.confirmTitle', { count: list.length }),
    body: (list) => t('bulk.confirmBody', { count: list.length }),
    confirmLabel: t('bulk.confirmDelete'),
    success: (out, list) => (list.length === 1 ? t('toasts.deleted', { defaultValue: TOASTS.deleted }) : t('bulk.deleted', { count: out.deleted })),
    error: (e) => msg(errorMessage(e)),
    onSuccess: () => setSelected(new Set()),
  });

  const doBulkStatus = () =>
    bulkUpdate.mutate(
      { ids, changes: { status: bulkStatus } },
      {
        onSuccess: () => {
          toast({ title: t('bulk.updated', { count: ids.length, status: t(`statuses.${bulkStatus}`) }), status: 'success' });
          setSelected(new Set());
        },
        onError: (e) => toast({ title: msg(errorMessage(e)) ?? '', status: 'error' }),
      },
    );

  if (!agents.isFetching && rows.length === 0 && meta.total > 0 && params.page > pages) {
    // The last page emptied (e.g. after a bulk delete): go back to the last one that exists.
    setParams((p) => ({ ...p, page: pages }));
  }

  const showEmpty = !agents.isPending && !agents.isError && meta.total === 0 && !filtered;
  const sortColumn = Object.keys(SORTABLE).find((c) => SORTABLE[c] === params.sort);
  const sort: SortDescriptor | undefined = sortColumn ? { column: sortColumn, direction: params.order === 'asc' ? 'ascending' : 'descending' } : undefined;

  const columns: Column<Agent>[] = [
    {
      id: 'name',
      header: t('list.columns.name'),
      sortable: true,
      cellClassName: 'max-w-xs',
      cell: (a) => (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <Link to={`/dashboard/agents/${a.id}`} className="font-medium text-zinc-900 hover:text-accent-700 hover:underline dark:text-zinc-100 dark:hover:text-accent-300">
              {a.name}
            </Link>
            <TeamBadge teamId={a.teamId} teamName={a.teamName} />
          </div>
          {a.description ? <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">{a.description}</p> : null}
        </>
      ),
    },
    { id: 'type', header: t('list.columns.type'), className: 'hidden md:table-cell', cell: (a) => <Tag>{t(`types.${a.type}`, { defaultValue: a.type })}</Tag> },
    { id: 'status', header: t('list.columns.status'), cell: (a) => <StatusBadge status={a.status} /> },
    { id: 'version', header: t('list.columns.version'), className: 'hidden sm:table-cell', cellClassName: 'text-zinc-600 tabular-nums dark:text-zinc-400', cell: (a) => `v${a.currentVersion}` },
    {
      id: 'lastActive',
      header: t('list.columns.lastActive'),
      sortable: true,
      className: 'hidden lg:table-cell',
      cellClassName: 'text-zinc-600 dark:text-zinc-400',
      cell: (a) => dateFormat(i18n.language, a.lastActiveAt) ?? t('list.never'),
    },
  ];

  const filters = (
    <div role="search" className="flex flex-col gap-3 lg:flex-row lg:items-end">
      <div className="relative flex-1">
        <label htmlFor="agent-search" className="sr-only">
          {t('list.search')}
        </label>
        <Search aria-hidden className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-zinc-400" />
        <input
          id="agent-search"
          type="search"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          placeholder={t('list.searchPlaceholder')}
          className="block h-10 w-full rounded-lg border border-zinc-300 bg-white ps-9 pe-3 text-sm shadow-sm outline-none placeholder:text-zinc-500 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <SelectField label={t('list.filters.status')} hideLabel className="sm:w-40" value={params.status} onChange={(e) => set({ status: oneOf(AGENT_STATUSES, e.target.value, 'all') })}>
          <option value="all">{t('list.filters.allStatuses')}</option>
          {AGENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('list.filters.type')} hideLabel className="sm:w-48" value={params.type} onChange={(e) => set({ type: oneOf(AGENT_TYPES, e.target.value, 'all') })}>
          <option value="all">{t('list.filters.allTypes')}</option>
          {AGENT_TYPES.map((s) => (
            <option key={s} value={s}>
              {t(`types.${s}`)}
            </option>
          ))}
        </SelectField>
        {teams.length > 0 ? (
          <SelectField label={t('list.filters.team')} hideLabel className="sm:w-44" value={params.team} onChange={(e) => set({ team: e.target.value })}>
            <option value="all">{t('list.filters.allTeams')}</option>
            {teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </SelectField>
        ) : null}
        <SelectField
          label={t('list.sort.label')}
          hideLabel
          className="sm:w-44"
          value={params.sort}
          onChange={(e) => {
            const sort = oneOf(AGENT_SORTS, e.target.value, params.sort);
            set({ sort, order: sort === 'name' ? 'asc' : 'desc' });
          }}
        >
          {AGENT_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`list.sort.${s}`)}
            </option>
          ))}
        </SelectField>
        <Button
          variant="secondary"
          aria-label={params.order === 'asc' ? t('list.sort.ascending') : t('list.sort.descending')}
          title={params.order === 'asc' ? t('list.sort.ascending') : t('list.sort.descending')}
          onClick={() => set({ order: params.order === 'asc' ? 'desc' : 'asc' })}
        >
          {params.order === 'asc' ? <ArrowUpNarrowWide aria-hidden className="size-4" /> : <ArrowDownWideNarrow aria-hidden className="size-4" />}
        </Button>
      </div>
    </div>
  );

  const bulkBar =
    selected.size > 0 ? (
      <div role="region" aria-label={t('bulk.label')} className="flex flex-wrap items-center gap-3 rounded-xl border border-accent-200 bg-accent-50/60 px-4 py-2.5 text-sm dark:border-accent-500/30 dark:bg-accent-500/10">
        <span className="font-medium">{t('bulk.selected', { count: selected.size })}</span>
        <div className="ms-auto flex flex-wrap items-center gap-2">
          <label htmlFor={statusId} className="whitespace-nowrap text-zinc-700 dark:text-zinc-300">
            {t('bulk.setStatus')}
          </label>
          <select
            id={statusId}
            value={bulkStatus}
            onChange={(e) => setBulkStatus(oneOf(AGENT_STATUSES, e.target.value, bulkStatus))}
            className="h-8 rounded-lg border border-zinc-300 bg-white ps-2 pe-7 text-sm shadow-sm dark:border-zinc-700 dark:bg-zinc-900 dark:[color-scheme:dark]"
          >
            {AGENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
          <Button size="sm" variant="secondary" onClick={doBulkStatus} disabled={bulkUpdate.isPending}>
            {bulkUpdate.isPending ? <Spinner className="size-4" /> : null}
            {t('bulk.apply')}
          </Button>
          {canDeleteSelected ? (
            <Button size="sm" variant="danger" onClick={() => confirmBulkDelete.ask(ids)}>
              <Trash2 aria-hidden className="size-4" />
              {t('bulk.delete')}
            </Button>
          ) : null}
        </div>
      </div>
    ) : null;

  return (
    <div className="w-full max-w-6xl space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.list.title')}</h1>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('pages.list.description')}</p>
        </div>
        <div className="flex gap-2">
          <ImportButton />
          <ButtonLink to="/dashboard/agents/create">
            <Plus aria-hidden className="size-4" />
            {t('list.create')}
          </ButtonLink>
        </div>
      </header>

      {showEmpty ? (
        <NoAgents />
      ) : (
        <DataTable
          caption={t('list.caption')}
          columns={columns}
          rows={rows}
          rowKey={(a) => a.id}
          loading={agents.isPending}
          error={agents.isError ? msg(errorMessage(agents.error)) : null}
          empty={
            <>
              <p>{t('list.noMatches')}</p>
              <Button
                size="sm"
                variant="ghost"
                className="mt-2"
                onClick={() => {
                  setSearchText('');
                  set({ status: 'all', type: 'all', search: '', team: 'all' });
                }}
              >
                {t('list.clearFilters')}
              </Button>
            </>
          }
          sort={sort}
          onSortChange={(s) => set({ sort: SORTABLE[s.column] ?? 'created', order: s.direction === 'ascending' ? 'asc' : 'desc' })}
          selection={{
            selected,
            onChange: setSelected,
            canSelect: (a) => a.access !== 'view',
            selectAllLabel: t('list.selectAll'),
            rowLabel: (a) => t('list.select', { name: a.name }),
          }}
          filters={filters}
          toolbar={bulkBar}
          pagination={{ page: meta.page, pageSize: meta.limit, total: meta.total, onPageChange: (page) => setParams((p) => ({ ...p, page })) }}
          className="space-y-6"
        />
      )}

      {confirmBulkDelete.dialog}
    </div>
  );
}
