import { History, MessageSquare } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { DataTable, type Column } from '@/components/ui/data-table';
import { pageCount } from '@/components/ui/data-table-utils';
import { EmptyState } from '@/components/ui/empty-state';
import { AudioButton } from '@/components/voice/audio-button';
import { formatDateTime } from '@/lib/format';
import { fetchCallRecording, HISTORY_PAGE_SIZE, useCallHistory, type Call } from '@/features/phone/api/calls';
import type { CallHistoryParams } from '@/features/phone/api/phone';
import type { PhoneAgent } from '@/features/phone/api/phone-agents';
import { CallDirectionTag, CallStatusBadge } from '@/features/phone/components/badges';
import { CallHistoryFilters } from '@/features/phone/components/call-history-filters';
import { NumberText } from '@/features/phone/components/number-text';
import type { HistoryFilter } from '@/features/phone/hooks/use-phone-params';
import { formatCallDuration } from '@/features/phone/utils/format';
import { usePhoneError } from '@/features/phone/utils/messages';

/**
 * My calls, newest first, ten a page: direction (and whether simulated), the numbers, the agent,
 * the status, length, turns and start, the recording to play and the transcript to open; filtered
 * by agent, status, direction and days, all kept in the address.
 */
export function CallHistory({
  params,
  agents,
  onChange,
  onClear,
}: {
  params: CallHistoryParams;
  agents: PhoneAgent[];
  onChange: (patch: Partial<Record<HistoryFilter | 'page', string | undefined>>) => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const say = usePhoneError();
  const history = useCallHistory(params);
  const rows = history.data?.data ?? [];
  const meta = history.data?.meta ?? { page: params.page, limit: params.limit, total: 0 };
  const pages = pageCount(meta.total, meta.limit || HISTORY_PAGE_SIZE);
  const filtered = !!(params.agentId || params.status || params.direction || params.from || params.to);
  const agentName = (id?: string | null) => (id ? agents.find((a) => a.id === id)?.name : undefined);

  // A page past the end (calls deleted with their agent, an old link) goes back to the last one.
  const pastTheEnd = !history.isFetching && rows.length === 0 && meta.total > 0 && params.page > pages;
  useEffect(() => {
    if (pastTheEnd) onChange({ page: String(pages) });
  }, [pastTheEnd, pages, onChange]);

  const columns: Column<Call>[] = [
    { id: 'direction', header: t('phone.fields.direction'), cell: (c) => <CallDirectionTag direction={c.direction} simulated={c.simulated} /> },
    { id: 'from', header: t('phone.fields.from'), className: 'hidden md:table-cell', cell: (c) => <NumberText value={c.from} /> },
    { id: 'to', header: t('phone.fields.to'), className: 'hidden md:table-cell', cell: (c) => <NumberText value={c.to} /> },
    {
      id: 'agent',
      header: t('phone.fields.agent'),
      cell: (c) => (
        <span dir="auto" className="block max-w-44 truncate text-zinc-700 dark:text-zinc-300">
          {agentName(c.agentId) ?? t('phone.unknownAgent')}
        </span>
      ),
    },
    { id: 'status', header: t('phone.fields.status'), cell: (c) => <CallStatusBadge status={c.status} title={c.error ?? undefined} /> },
    {
      id: 'duration',
      header: t('phone.fields.duration'),
      align: 'end',
      className: 'hidden sm:table-cell',
      cellClassName: 'tabular-nums text-zinc-700 dark:text-zinc-300',
      cell: (c) => <span dir="ltr">{formatCallDuration(lng, c.durationSeconds) ?? '—'}</span>,
    },
    {
      id: 'turns',
      header: t('phone.fields.turns'),
      align: 'end',
      className: 'hidden lg:table-cell',
      cellClassName: 'tabular-nums text-zinc-700 dark:text-zinc-300',
      cell: (c) => new Intl.NumberFormat(lng).format(c.turns),
    },
    {
      id: 'started',
      header: t('phone.fields.started'),
      className: 'hidden lg:table-cell',
      cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (c) => formatDateTime(c.createdAt, lng),
    },
    {
      id: 'open',
      header: t('phone.history.open'),
      hideHeader: true,
      cell: (c) => (
        <div className="flex items-center gap-3">
          {c.recordingUrl ? <AudioButton load={(signal) => fetchCallRecording(c.id, signal)} label={t('phone.history.playRecording')} testId="call-recording" /> : null}
          {c.conversationId ? (
            <Link
              to={`/dashboard/conversations/${encodeURIComponent(c.conversationId)}`}
              className="inline-flex items-center gap-1 whitespace-nowrap text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
            >
              <MessageSquare aria-hidden className="size-4" />
              {t('phone.history.transcript')}
            </Link>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <section aria-labelledby="phone-history-title" className="space-y-4">
      <div>
        <h2 id="phone-history-title" className="text-lg font-semibold">
          {t('phone.history.title')}
        </h2>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('phone.history.description')}</p>
      </div>
      <DataTable
        caption={t('phone.history.caption')}
        columns={columns}
        rows={rows}
        rowKey={(c) => c.id}
        rowProps={() => ({ 'data-testid': 'call-row' })}
        loading={history.isPending}
        error={history.isError ? say(history.error) : null}
        filters={<CallHistoryFilters params={params} agents={agents} onChange={onChange} onClear={onClear} />}
        empty={
          filtered ? (
            <>
              <p>{t('phone.history.noMatch')}</p>
              <Button size="sm" variant="ghost" className="mt-2" onClick={onClear}>
                {t('phone.history.filters.clear')}
              </Button>
            </>
          ) : (
            <EmptyState size="sm" bordered={false} icon={History} title={t('phone.history.empty.title')} description={t('phone.history.empty.description')} />
          )
        }
        pagination={{
          page: meta.page,
          pageSize: meta.limit || HISTORY_PAGE_SIZE,
          total: meta.total,
          noneLabel: t('phone.history.none'),
          onPageChange: (page) => onChange({ page: String(page) }),
        }}
      />
    </section>
  );
}
