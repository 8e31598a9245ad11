import { MessagesSquare, Radio, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { ComboBoxField } from '@/components/ui/combobox';
import { DataTable, type Column } from '@/components/ui/data-table';
import { pageCount } from '@/components/ui/data-table-utils';
import { EmptyState } from '@/components/ui/empty-state';
import { FormField } from '@/components/ui/form-field';
import { RealtimeIndicator } from '@/components/ui/realtime-indicator';
import { SelectField } from '@/components/ui/select-field';
import { useAgentOptions } from '@/lib/agent-options';
import { ChannelTag, ConversationStatusBadge } from '@/features/conversations/components/badges';
import { formatDateTime, formatNumber } from '@/features/conversations/utils/format';
import { CHANNELS, CONVERSATION_STATUSES, oneOf } from '@/lib/api-enums';
import { CONVERSATION_ERRORS, PAGE_SIZE, useConversations, type ConversationListParams, type ConversationOut } from '@/lib/conversations';
import { useConversationsRealtime } from '@/lib/conversations-realtime';
import { toast } from '@/lib/toast';

const FILTERS = ['agentId', 'channel', 'status', 'from', 'to', 'search'] as const;
type Filter = (typeof FILTERS)[number];

const isDay = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** The list's filters live in the address, so "back" from a transcript returns to the same page. */
function paramsFrom(search: URLSearchParams): ConversationListParams {
  const page = Number(search.get('page'));
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: PAGE_SIZE,
    agentId: search.get('agentId') || undefined,
    channel: oneOf(CHANNELS, search.get('channel'), undefined),
    status: oneOf(CONVERSATION_STATUSES, search.get('status'), undefined),
    from: isDay(search.get('from')),
    to: isDay(search.get('to')),
    // Kept as typed (trimmed by the fetcher), so the box and the address never fight over spaces.
    search: search.get('search') || undefined,
  };
}

/** /dashboard/conversations and /all: filters, pages of 10, a link to each transcript. */
export function ConversationsList() {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const [search, setSearch] = useSearchParams();
  const params = paramsFrom(search);
  const conversations = useConversations(params, { keepPrevious: true });
  const agents = useAgentOptions();
  const live = useConversationsRealtime();
  const urlSearch = params.search ?? '';
  const [searchText, setSearchText] = useState(urlSearch);
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (urlSearch !== seenUrlSearch) {
    // The address changed under the box (back/forward, cleared filters): the box follows it.
    setSeenUrlSearch(urlSearch);
    setSearchText(urlSearch);
  }

  const update = (patch: Partial<Record<Filter | 'page', string | undefined>>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        // A change of filter starts again on page 1.
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );

  // The search box is debounced into the address (starting again on page 1).
  useEffect(() => {
    if (searchText === urlSearch) return;
    const id = setTimeout(() => {
      setSeenUrlSearch(searchText);
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (searchText) next.set('search', searchText);
          else next.delete('search');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, 300);
    return () => clearTimeout(id);
  }, [searchText, urlSearch, setSearch]);

  useEffect(() => {
    if (conversations.isError) {
      toast({ id: 'conversations-load-failed', title: t('conversations.errors.loadFailed', { defaultValue: CONVERSATION_ERRORS.list }), status: 'error' });
    }
  }, [conversations.isError, t]);

  const rows = conversations.data?.data ?? [];
  const meta = conversations.data?.meta ?? { page: params.page, limit: params.limit, total: 0 };
  const pages = pageCount(meta.total, meta.limit || PAGE_SIZE);
  const pastTheEnd = !conversations.isFetching && rows.length === 0 && meta.total > 0 && params.page > pages;

  // The last page emptied (deletions, live updates) or the address named a page that is gone.
  useEffect(() => {
    if (!pastTheEnd) return;
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        next.set('page', String(pages));
        return next;
      },
      { replace: true },
    );
  }, [pastTheEnd, pages, setSearch]);

  // An agent named by the address but not among the options (a shared agent, or beyond the
  // first 100) still shows as the chosen filter.
  const agentOptions = agents.data ?? [];
  const agentChoices =
    params.agentId && !agentOptions.some((a) => a.id === params.agentId)
      ? [...agentOptions, { id: params.agentId, name: rows.find((c) => c.agentId === params.agentId)?.agentName || params.agentId }]
      : agentOptions;

  const filtered = FILTERS.some((f) => params[f]);
  const showEmpty = !conversations.isPending && !conversations.isError && meta.total === 0 && !filtered;
  const errorText = conversations.error?.message && conversations.error.message !== CONVERSATION_ERRORS.list ? conversations.error.message : null;

  const clear = () => setSearch(new URLSearchParams(), { replace: true });

  const columns: Column<ConversationOut>[] = [
    {
      id: 'conversation',
      header: t('conversations.columns.conversation'),
      cellClassName: 'max-w-xs',
      cell: (c) => (
        <>
          <Link
            to={`/dashboard/conversations/${encodeURIComponent(c.id)}`}
            dir="auto"
            className="block truncate font-medium text-zinc-900 hover:text-accent-700 hover:underline dark:text-zinc-100 dark:hover:text-accent-300"
          >
            {c.title || t('conversations.untitled')}
          </Link>
          <p className="mt-0.5 truncate text-xs text-zinc-500 md:hidden dark:text-zinc-400">{c.agentName}</p>
        </>
      ),
    },
    { id: 'agent', header: t('conversations.columns.agent'), className: 'hidden md:table-cell', cellClassName: 'text-zinc-700 dark:text-zinc-300', cell: (c) => c.agentName },
    { id: 'channel', header: t('conversations.columns.channel'), className: 'hidden sm:table-cell', cell: (c) => <ChannelTag channel={c.channel} /> },
    { id: 'status', header: t('conversations.columns.status'), cell: (c) => <ConversationStatusBadge status={c.status} /> },
    {
      id: 'messages',
      header: t('conversations.columns.messages'),
      align: 'end',
      className: 'hidden sm:table-cell',
      cellClassName: 'text-zinc-600 tabular-nums dark:text-zinc-400',
      cell: (c) => formatNumber(lng, c.messageCount),
    },
    {
      id: 'lastActivity',
      header: t('conversations.columns.lastActivity'),
      className: 'hidden lg:table-cell',
      cellClassName: 'text-zinc-600 dark:text-zinc-400',
      cell: (c) => formatDateTime(lng, c.lastMessageAt ?? c.startedAt),
    },
  ];

  const filters = (
    /*
      Six equal cells sized by the space the list really has (a container query, since the
      sidebar takes part of the window): one column, then two, three (two rows of three),
      and all six on one row when there is room.
    */
    <div className="@container">
      <div role="search" aria-label={t('conversations.filters.label')} className="grid items-end gap-3 @lg:grid-cols-2 @3xl:grid-cols-3 @6xl:grid-cols-6">
        <div className="relative">
          <label htmlFor="conversation-search" className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
            {t('conversations.filters.search')}
          </label>
          <Search aria-hidden className="pointer-events-none absolute start-3 bottom-3 size-4 text-zinc-400" />
          <input
            id="conversation-search"
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder={t('conversations.filters.searchPlaceholder')}
            className="mt-1.5 block h-10 w-full rounded-lg border border-zinc-300 bg-white ps-9 pe-3 text-sm shadow-sm outline-none placeholder:text-zinc-500 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
          />
        </div>
        <ComboBoxField
          label={t('conversations.filters.agent')}
          placeholder={t('conversations.filters.allAgents')}
          emptyLabel={t('conversations.filters.noAgents')}
          options={agentChoices}
          value={params.agentId ?? null}
          onChange={(id) => update({ agentId: id ?? undefined })}
        />
        <SelectField label={t('conversations.filters.channel')} value={params.channel ?? ''} onChange={(e) => update({ channel: e.target.value })}>
          <option value="">{t('conversations.filters.allChannels')}</option>
          {CHANNELS.map((c) => (
            <option key={c} value={c}>
              {t(`conversations.channels.${c}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t('conversations.filters.status')} value={params.status ?? ''} onChange={(e) => update({ status: e.target.value })}>
          <option value="">{t('conversations.filters.allStatuses')}</option>
          {CONVERSATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`conversations.statuses.${s}`)}
            </option>
          ))}
        </SelectField>
        <FormField type="date" label={t('conversations.filters.from')} value={params.from ?? ''} max={params.to} onChange={(e) => update({ from: e.target.value })} />
        <FormField type="date" label={t('conversations.filters.to')} value={params.to ?? ''} min={params.from} onChange={(e) => update({ to: e.target.value })} />
      </div>
    </div>
  );

  return (
    <div className="w-full max-w-6xl space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight">{t('conversations.title')}</h1>
            <RealtimeIndicator status={live} />
          </div>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t('conversations.description')}</p>
        </div>
        <ButtonLink to="/dashboard/conversations/live" variant="secondary">
          <Radio aria-hidden className="size-4" />
          {t('conversations.watchLive')}
        </ButtonLink>
      </header>

      {showEmpty ? (
        <EmptyState
          icon={MessagesSquare}
          title={t('conversations.empty.title')}
          description={t('conversations.empty.description')}
          action={<ButtonLink to="/dashboard/chat">{t('conversations.empty.action')}</ButtonLink>}
        />
      ) : (
        <DataTable
          caption={t('conversations.caption')}
          columns={columns}
          rows={rows}
          rowKey={(c) => c.id}
          rowProps={() => ({ 'data-testid': 'conversation-row' })}
          loading={conversations.isPending}
          error={
            conversations.isError ? (
              <>
                {t('conversations.errors.loadFailed', { defaultValue: CONVERSATION_ERRORS.list })}
                {errorText ? <span className="block text-xs opacity-80">{errorText}</span> : null}
              </>
            ) : null
          }
          empty={
            <>
              <p>{t('conversations.noMatches')}</p>
              {filtered ? (
                <Button size="sm" variant="ghost" className="mt-2" onClick={clear}>
                  {t('conversations.filters.clear')}
                </Button>
              ) : null}
            </>
          }
          filters={filters}
          pagination={{
            page: meta.page,
            pageSize: meta.limit,
            total: meta.total,
            noneLabel: t('conversations.pagination.none'),
            onPageChange: (page) => update({ page: String(page) }),
          }}
          className="space-y-6"
        />
      )}
    </div>
  );
}
