import { Bot, CheckCircle2, Hand, HeartPulse, MessageSquare, Timer, PlayCircle, UserRoundCheck, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { DataTable, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { Notice } from '@/components/ui/notice';
import { RealtimeIndicator } from '@/components/ui/realtime-indicator';
import { Spinner } from '@/components/ui/spinner';
import { useOrchestration, useWorkflowRealtime, type Orchestration } from '@/features/workflows/api/workflows';
import { WorkflowStatusBadge } from '@/features/workflows/components/badges';
import { RunPanel } from '@/features/workflows/components/run-panel';
import { RunsTable } from '@/features/workflows/components/runs-table';
import { useRunParam } from '@/features/workflows/hooks/use-run-param';
import { useWorkflowFormat } from '@/features/workflows/utils/format';
import { useWorkflowMessage } from '@/features/workflows/utils/messages';
import { CHANNELS, isOneOf } from '@/lib/api-enums';

type Health = Orchestration['workflows'][number];
type Turn = Orchestration['turns'][number];
type Handoff = Orchestration['handoffs'][number];

/** A count at the top of the dashboard. */
function CountCard({ icon: Icon, label, value, testId, tone }: { icon: LucideIcon; label: string; value: string; testId: string; tone: string }) {
  return (
    <div className="relative rounded-2xl border border-zinc-200 bg-white p-5 ps-20 shadow-sm dark:border-zinc-800 dark:bg-zinc-900" data-testid={testId}>
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">
        <span aria-hidden className={cn('absolute start-5 top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-xl', tone)}>
          <Icon className="size-5" />
        </span>
        {label}
      </dt>
      <dd className="text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** A titled part of the dashboard. */
function Part({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-3" data-testid={id}>
      <div>
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** A conversation's channel, in words. */
function ChannelName({ channel }: { channel: string }) {
  const { t } = useTranslation('dashboard');
  return <>{isOneOf(CHANNELS, channel) ? t(`conversations.channels.${channel}`) : channel}</>;
}

/** Each workflow's runs: how many, failures, failure rate, average and 95th percentile durations. */
function HealthTable({ rows }: { rows: Health[] }) {
  const { t } = useTranslation('dashboard');
  const f = useWorkflowFormat();
  const columns: Column<Health>[] = [
    {
      id: 'name',
      header: t('orchestration.health.columns.workflow'),
      cell: (w) => (
        <Link
          to={`/dashboard/workflows/${encodeURIComponent(w.workflowId)}`}
          dir="auto"
          className="block max-w-64 truncate rounded font-medium outline-none hover:text-accent-700 focus-visible:ring-2 focus-visible:ring-accent-500/40 dark:hover:text-accent-300"
        >
          {w.name}
        </Link>
      ),
    },
    { id: 'status', header: t('orchestration.health.columns.status'), className: 'hidden sm:table-cell', cell: (w) => <WorkflowStatusBadge status={w.status} /> },
    { id: 'runs', header: t('orchestration.health.columns.runs'), align: 'end', cellClassName: 'tabular-nums', cell: (w) => f.count(w.runs) },
    {
      id: 'failed',
      header: t('orchestration.health.columns.failed'),
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (w) => <span className={cn(w.failed > 0 && 'text-red-700 dark:text-red-400')}>{f.count(w.failed)}</span>,
    },
    {
      id: 'failureRate',
      header: t('orchestration.health.columns.failureRate'),
      align: 'end',
      cellClassName: 'tabular-nums',
      cell: (w) => <span className={cn((w.failureRate ?? 0) >= 0.2 && 'font-medium text-red-700 dark:text-red-400')}>{f.percent(w.failureRate)}</span>,
    },
    { id: 'average', header: t('orchestration.health.columns.average'), align: 'end', className: 'hidden md:table-cell', cellClassName: 'tabular-nums whitespace-nowrap', cell: (w) => f.duration(w.averageDurationMs) },
    { id: 'p95', header: t('orchestration.health.columns.p95'), align: 'end', className: 'hidden md:table-cell', cellClassName: 'tabular-nums whitespace-nowrap', cell: (w) => f.duration(w.p95DurationMs) },
    {
      id: 'lastRun',
      header: t('orchestration.health.columns.lastRun'),
      className: 'hidden lg:table-cell',
      cellClassName: 'whitespace-nowrap text-zinc-600 dark:text-zinc-400',
      cell: (w) => <span title={w.lastRunAt ? f.dateTime(w.lastRunAt) : undefined}>{f.ago(w.lastRunAt)}</span>,
    },
  ];
  return (
    <DataTable
      caption={t('orchestration.health.caption')}
      columns={columns}
      rows={rows}
      rowKey={(w) => w.workflowId}
      rowProps={() => ({ 'data-testid': 'health-row' })}
      empty={<EmptyState size="sm" bordered={false} icon={HeartPulse} title={t('orchestration.health.empty.title')} description={t('orchestration.health.empty.description')} />}
    />
  );
}

/** A list of conversations (answers being written, hand-offs waiting), each linking to its transcript. */
function ConversationList<T extends Turn | Handoff>({
  items,
  testId,
  empty,
  title,
  since,
  sinceLabel,
  linkLabel,
}: {
  items: T[];
  testId: string;
  empty: ReactNode;
  title: (item: T) => ReactNode;
  since: (item: T) => string;
  /** "Started 5 minutes ago", "Handed off …". */
  sinceLabel: (ago: string) => string;
  linkLabel: (item: T) => string;
}) {
  const { t } = useTranslation('dashboard');
  const f = useWorkflowFormat();
  if (items.length === 0) return <div className="rounded-2xl border border-dashed border-zinc-300 dark:border-zinc-700">{empty}</div>;
  return (
    <ul className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      {items.map((item) => (
        <li key={item.conversationId} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm" data-testid={testId}>
          <div className="min-w-0 flex-1">
            <div className="truncate font-medium">{title(item)}</div>
            <div className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-zinc-500 dark:text-zinc-400">
              <span>
                {t('orchestration.channel')} <ChannelName channel={item.channel} />
              </span>
              <span title={f.dateTime(since(item))}>{sinceLabel(f.ago(since(item)))}</span>
            </div>
          </div>
          <Link
            to={`/dashboard/conversations/${encodeURIComponent(item.conversationId)}`}
            aria-label={linkLabel(item)}
            className="inline-flex items-center gap-1 whitespace-nowrap text-sm font-medium text-accent-700 hover:underline dark:text-accent-300"
          >
            <MessageSquare aria-hidden className="size-4 rtl:-scale-x-100" />
            {t('orchestration.openConversation')}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The dashboard's parts, from one overview. */
function Overview({ data, onOpen }: { data: Orchestration; onOpen: (id: string) => void }) {
  const { t } = useTranslation('dashboard');
  const f = useWorkflowFormat();
  const openLabel = t('orchestration.openConversation');
  return (
    <div className="space-y-8">
      <dl className="grid gap-4 sm:grid-cols-3">
        <CountCard icon={PlayCircle} testId="count-running" label={t('orchestration.counts.running')} value={f.count(data.running.length)} tone="bg-sky-50 text-sky-700 dark:bg-sky-500/10 dark:text-sky-300" />
        <CountCard icon={Bot} testId="count-turns" label={t('orchestration.counts.turns')} value={f.count(data.turns.length)} tone="bg-violet-50 text-violet-700 dark:bg-violet-500/10 dark:text-violet-300" />
        <CountCard icon={Hand} testId="count-handoffs" label={t('orchestration.counts.handoffs')} value={f.count(data.handoffs.length)} tone="bg-amber-50 text-amber-700 dark:bg-amber-500/10 dark:text-amber-300" />
      </dl>

      <Part id="orchestration-running" title={t('orchestration.running.title')} description={t('orchestration.running.description')}>
        <RunsTable
          caption={t('orchestration.running.title')}
          runs={data.running}
          onOpen={(r) => onOpen(r.id)}
          showWorkflow
          testId="running-row"
          empty={<EmptyState size="sm" bordered={false} icon={Timer} title={t('orchestration.running.empty.title')} description={t('orchestration.running.empty.description')} />}
        />
      </Part>

      <Part id="orchestration-recent" title={t('orchestration.recent.title')} description={t('orchestration.recent.description')}>
        <RunsTable
          caption={t('orchestration.recent.title')}
          runs={data.recent}
          onOpen={(r) => onOpen(r.id)}
          showWorkflow
          testId="recent-row"
          empty={<EmptyState size="sm" bordered={false} icon={CheckCircle2} title={t('orchestration.recent.empty.title')} description={t('orchestration.recent.empty.description')} />}
        />
      </Part>

      <Part id="orchestration-health" title={t('orchestration.health.title')} description={t('orchestration.health.description')}>
        <HealthTable rows={data.workflows} />
      </Part>

      <div className="grid gap-8 lg:grid-cols-2">
        <Part id="orchestration-turns" title={t('orchestration.turns.title')} description={t('orchestration.turns.description')}>
          <ConversationList
            items={data.turns}
            testId="turn-row"
            title={(turn) => <span dir="auto">{turn.agentName}</span>}
            since={(turn) => turn.startedAt}
            sinceLabel={(value) => t('orchestration.turns.since', { value })}
            linkLabel={(turn) => t('orchestration.openConversationFor', { action: openLabel, name: turn.agentName })}
            empty={<EmptyState size="sm" bordered={false} icon={Bot} title={t('orchestration.turns.empty.title')} description={t('orchestration.turns.empty.description')} />}
          />
        </Part>
        <Part id="orchestration-handoffs" title={t('orchestration.handoffs.title')} description={t('orchestration.handoffs.description')}>
          <ConversationList
            items={data.handoffs}
            testId="handoff-row"
            title={(h) => (
              <>
                <span dir="auto">{h.title || t('orchestration.handoffs.untitled')}</span>
                <span className="ms-2 text-xs font-normal text-zinc-500 dark:text-zinc-400">
                  <UserRoundCheck aria-hidden className="me-1 inline size-3.5" />
                  <span dir="auto">{h.agentName}</span>
                </span>
              </>
            )}
            since={(h) => h.since}
            sinceLabel={(value) => t('orchestration.handoffs.since', { value })}
            linkLabel={(h) => t('orchestration.openConversationFor', { action: openLabel, name: h.title || h.agentName })}
            empty={<EmptyState size="sm" bordered={false} icon={Hand} title={t('orchestration.handoffs.empty.title')} description={t('orchestration.handoffs.empty.description')} />}
          />
        </Part>
      </div>
    </div>
  );
}

/**
 * /dashboard/orchestration: everything running across my workflows and agents, from GET
 * /v1/orchestration/overview and kept live by the socket (and read again every 15 s): counts, the
 * runs queued and running, the latest finished, each workflow's health, agents' answers being
 * written and conversations waiting for a person. A run opens its panel (`?run=<id>`).
 */
export function OrchestrationDashboard() {
  const { t } = useTranslation('dashboard');
  const say = useWorkflowMessage();
  const overview = useOrchestration();
  const live = useWorkflowRealtime();
  const { run, openRun } = useRunParam();
  return (
    <div className="w-full max-w-6xl space-y-6">
      <header className="min-w-0">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{t('pages.orchestration.title')}</h1>
          <RealtimeIndicator status={live} />
        </div>
        <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{t('pages.orchestration.description')}</p>
      </header>
      {overview.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" />
        </div>
      ) : overview.isError ? (
        <Notice
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void overview.refetch()}>
              {t('workflows.retry')}
            </Button>
          }
        >
          <p dir="auto">{say(overview.error)}</p>
        </Notice>
      ) : (
        <Overview data={overview.data} onOpen={openRun} />
      )}
      {run ? <RunPanel executionId={run} showWorkflowLink onClose={() => openRun(null)} /> : null}
    </div>
  );
}
