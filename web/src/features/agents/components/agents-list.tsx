import { ArrowDownWideNarrow, ArrowUpNarrowWide, Bot, ChevronLeft, ChevronRight, Plus, Search, Trash2, Upload, Wand2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import {
  AGENT_STATUSES,
  AGENT_TYPES,
  PAGE_SIZE,
  SORTS,
  useAgents,
  useBulkDelete,
  useBulkUpdate,
  useCreateFromTemplate,
  useImportAgent,
  type AgentListParams,
  type AgentStatus,
} from '@/features/agents/api/agents';
import { TemplateCards } from '@/features/agents/components/create-agent';
import { StatusBadge, Tag } from '@/features/agents/components/status-badge';
import { TeamBadge } from '@/features/agents/components/team-badge';
import { useMyTeams } from '@/lib/teams';
import { errorMessage, TOASTS, useAgentMessage } from '@/features/agents/utils/messages';
import { toast } from '@/lib/toast';

const INITIAL: AgentListParams = { page: 1, limit: PAGE_SIZE, status: 'all', type: 'all', search: '', sort: 'created', order: 'desc', team: 'all' };

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const id = setTimeout(() => setV(value), ms);
    return () => clearTimeout(id);
  }, [value, ms]);
  return v;
}

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

function EmptyState() {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const navigate = useNavigate();
  const fromTemplate = useCreateFromTemplate();
  return (
    <div className="rounded-2xl border border-dashed border-zinc-300 p-8 dark:border-zinc-700">
      <div className="mx-auto max-w-xl text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent-50 text-accent-600 dark:bg-accent-500/15 dark:text-accent-400">
          <Bot aria-hidden className="size-6" />
        </span>
        <h2 className="mt-4 text-lg font-semibold">{t('list.empty.title')}</h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('list.empty.description')}</p>
        <div className="mt-5 flex flex-wrap justify-center gap-2">
          <ButtonLink to="/dashboard/agents/create?start=generate">
            <Wand2 aria-hidden className="size-4" />
            {t('list.empty.generate')}
          </ButtonLink>
          <ButtonLink to="/dashboard/agents/create" variant="secondary">
            <Plus aria-hidden className="size-4" />
            {t('list.empty.scratch')}
          </ButtonLink>
        </div>
      </div>
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
    </div>
  );
}

const dateFormat = (lng: string, iso?: string | null) => (iso ? new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(new Date(iso)) : null);

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
  const [confirming, setConfirming] = useState(false);
  const bulkDelete = useBulkDelete();
  const bulkUpdate = useBulkUpdate();
  const statusId = useId();

  const set = (patch: Partial<AgentListParams>) => {
    setParams((p) => ({ ...p, page: 1, ...patch }));
    setSelected(new Set());
  };

  const rows = agents.data?.data ?? [];
  // Bulk changes need edit access to every agent (a team viewer's are not selectable), and bulk
  // deletion manage access (offered only when every selected agent allows it).
  const selectable = rows.filter((a) => a.access !== 'view');
  const meta = agents.data?.meta ?? { page: query.page, limit: query.limit, total: 0 };
  const pages = Math.max(1, Math.ceil(meta.total / (meta.limit || PAGE_SIZE)));
  const filtered = query.status !== 'all' || query.type !== 'all' || query.search.trim() !== '';
  const allOnPage = selectable.length > 0 && selectable.every((a) => selected.has(a.id));
  const ids = [...selected];
  const canDeleteSelected = rows.filter((a) => selected.has(a.id)).every((a) => a.access === 'manage');

  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const doBulkDelete = () =>
    bulkDelete.mutate(ids, {
      onSuccess: (out) => {
        toast({ title: ids.length === 1 ? t('toasts.deleted', { defaultValue: TOASTS.deleted }) : t('bulk.deleted', { count: out.deleted }), status: 'success' });
        setSelected(new Set());
        setConfirming(false);
      },
      onError: (e) => {
        toast({ title: msg(errorMessage(e)) ?? '', status: 'error' });
        setConfirming(false);
      },
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
        <EmptyState />
      ) : (
        <>
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
                className="block h-10 w-full rounded-lg border border-zinc-300 bg-white ps-9 pe-3 text-sm shadow-sm outline-none focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-900"
              />
            </div>
            <div className="grid grid-cols-2 gap-3 sm:flex">
              <SelectField label={t('list.filters.status')} hideLabel className="sm:w-40" value={params.status} onChange={(e) => set({ status: e.target.value as AgentListParams['status'] })}>
                <option value="all">{t('list.filters.allStatuses')}</option>
                {AGENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`statuses.${s}`)}
                  </option>
                ))}
              </SelectField>
              <SelectField label={t('list.filters.type')} hideLabel className="sm:w-48" value={params.type} onChange={(e) => set({ type: e.target.value as AgentListParams['type'] })}>
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
                  const sort = e.target.value as AgentListParams['sort'];
                  set({ sort, order: sort === 'name' ? 'asc' : 'desc' });
                }}
              >
                {SORTS.map((s) => (
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

          {selected.size > 0 ? (
            <div role="region" aria-label={t('bulk.label')} className="flex flex-wrap items-center gap-3 rounded-xl border border-accent-200 bg-accent-50/60 px-4 py-2.5 text-sm dark:border-accent-500/30 dark:bg-accent-500/10">
              <span className="font-medium">{t('bulk.selected', { count: selected.size })}</span>
              <div className="ms-auto flex flex-wrap items-center gap-2">
                <label htmlFor={statusId} className="whitespace-nowrap text-zinc-700 dark:text-zinc-300">
                  {t('bulk.setStatus')}
                </label>
                <select id={statusId} value={bulkStatus} onChange={(e) => setBulkStatus(e.target.value as AgentStatus)} className="h-8 rounded-lg border border-zinc-300 bg-white ps-2 pe-7 text-sm shadow-sm dark:border-zinc-700 dark:bg-zinc-900 dark:[color-scheme:dark]">
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
                  <Button size="sm" variant="danger" onClick={() => setConfirming(true)}>
                    <Trash2 aria-hidden className="size-4" />
                    {t('bulk.delete')}
                  </Button>
                ) : null}
              </div>
            </div>
          ) : null}

          {agents.isError ? <Notice tone="error">{msg(errorMessage(agents.error))}</Notice> : null}

          <div className="overflow-x-auto rounded-2xl border border-zinc-200 bg-white shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
            <table className="w-full text-start text-sm">
              <caption className="sr-only">{t('list.caption')}</caption>
              <thead className="border-b border-zinc-200 bg-zinc-50/80 text-xs font-medium text-zinc-500 uppercase dark:border-zinc-800 dark:bg-zinc-900">
                <tr>
                  <th scope="col" className="w-10 px-4 py-3 text-start">
                    {selectable.length > 0 ? (
                      <input
                        type="checkbox"
                        aria-label={t('list.selectAll')}
                        checked={allOnPage}
                        onChange={() => setSelected(allOnPage ? new Set() : new Set(selectable.map((a) => a.id)))}
                        className="size-4 rounded accent-accent-600"
                      />
                    ) : null}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('list.columns.name')}
                  </th>
                  <th scope="col" className="hidden px-4 py-3 text-start md:table-cell">
                    {t('list.columns.type')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-start">
                    {t('list.columns.status')}
                  </th>
                  <th scope="col" className="hidden px-4 py-3 text-start sm:table-cell">
                    {t('list.columns.version')}
                  </th>
                  <th scope="col" className="hidden px-4 py-3 text-start lg:table-cell">
                    {t('list.columns.lastActive')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                {agents.isPending ? (
                  <tr>
                    <td colSpan={6} className="px-4 py-10 text-center">
                      <Spinner />
                    </td>
                  </tr>
                ) : rows.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="px-4 py-10 text-center text-zinc-600 dark:text-zinc-400">
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
                    </td>
                  </tr>
                ) : (
                  rows.map((a) => (
                    <tr key={a.id} className={cn('transition-colors hover:bg-zinc-50 dark:hover:bg-zinc-800/40', selected.has(a.id) && 'bg-accent-50/40 dark:bg-accent-500/5')}>
                      <td className="px-4 py-3">
                        {a.access !== 'view' ? (
                          <input type="checkbox" aria-label={t('list.select', { name: a.name })} checked={selected.has(a.id)} onChange={() => toggle(a.id)} className="size-4 rounded accent-accent-600" />
                        ) : null}
                      </td>
                      <td className="max-w-xs px-4 py-3">
                        <div className="flex flex-wrap items-center gap-2">
                          <Link to={`/dashboard/agents/${a.id}`} className="font-medium text-zinc-900 hover:text-accent-700 hover:underline dark:text-zinc-100 dark:hover:text-accent-300">
                            {a.name}
                          </Link>
                          <TeamBadge teamId={a.teamId} teamName={a.teamName} />
                        </div>
                        {a.description ? <p className="mt-0.5 truncate text-xs text-zinc-500 dark:text-zinc-400">{a.description}</p> : null}
                      </td>
                      <td className="hidden px-4 py-3 md:table-cell">
                        <Tag>{t(`types.${a.type}`, { defaultValue: a.type })}</Tag>
                      </td>
                      <td className="px-4 py-3">
                        <StatusBadge status={a.status} />
                      </td>
                      <td className="hidden px-4 py-3 text-zinc-600 tabular-nums sm:table-cell dark:text-zinc-400">v{a.currentVersion}</td>
                      <td className="hidden px-4 py-3 text-zinc-600 lg:table-cell dark:text-zinc-400">{dateFormat(i18n.language, a.lastActiveAt) ?? t('list.never')}</td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>

          <nav aria-label={t('list.pagination.label')} className="flex items-center justify-between gap-3 text-sm text-zinc-600 dark:text-zinc-400">
            <p aria-live="polite">
              {meta.total > 0
                ? t('list.pagination.showing', { from: (meta.page - 1) * meta.limit + 1, to: Math.min(meta.page * meta.limit, meta.total), total: meta.total })
                : t('list.pagination.none')}
            </p>
            <div className="flex items-center gap-2">
              <span>{t('list.pagination.page', { page: meta.page, pages })}</span>
              <Button size="sm" variant="secondary" aria-label={t('list.pagination.previous')} disabled={meta.page <= 1} onClick={() => setParams((p) => ({ ...p, page: p.page - 1 }))}>
                <ChevronLeft aria-hidden className="size-4 rtl:rotate-180" />
              </Button>
              <Button size="sm" variant="secondary" aria-label={t('list.pagination.next')} disabled={meta.page >= pages} onClick={() => setParams((p) => ({ ...p, page: p.page + 1 }))}>
                <ChevronRight aria-hidden className="size-4 rtl:rotate-180" />
              </Button>
            </div>
          </nav>
        </>
      )}

      {confirming ? (
        <ConfirmDialog
          title={t('bulk.confirmTitle', { count: ids.length })}
          body={t('bulk.confirmBody', { count: ids.length })}
          confirmLabel={t('bulk.confirmDelete')}
          cancelLabel={t('actions.cancel')}
          pending={bulkDelete.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={doBulkDelete}
        />
      ) : null}
    </div>
  );
}
