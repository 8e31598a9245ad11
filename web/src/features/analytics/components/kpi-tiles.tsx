import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import type { OverviewReport } from '@/features/analytics/api/analytics';
import { useAnalyticsFormat } from '@/features/analytics/hooks/use-analytics-format';
import { percentChange } from '@/features/analytics/utils/format';
import { Skeleton } from '@/features/analytics/components/report-parts';

/** Which way is good news: more conversations is, a slower answer is not; tokens and cost are neither. */
type Better = 'up' | 'down' | null;

function ChangeLine({ change, better }: { change: number | null | undefined; better: Better }) {
  const { t } = useTranslation('dashboard');
  const f = useAnalyticsFormat();
  if (change === null || change === undefined || !Number.isFinite(change)) {
    return <span className="text-zinc-500 dark:text-zinc-400">{t('analytics.kpi.noPrevious')}</span>;
  }
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'flat';
  const tone = direction === 'flat' || better === null ? 'neutral' : direction === better ? 'good' : 'bad';
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : Minus;
  return (
    <span
      data-tone={tone}
      className={cn(
        'inline-flex items-center gap-1',
        tone === 'good' && 'text-emerald-700 dark:text-emerald-400',
        tone === 'bad' && 'text-red-700 dark:text-red-400',
        tone === 'neutral' && 'text-zinc-600 dark:text-zinc-400',
      )}
    >
      <Icon aria-hidden className="size-3.5 shrink-0" />
      <span className="font-medium tabular-nums">{f.change(change)}</span>{' '}
      <span className="text-zinc-500 dark:text-zinc-400">{t('analytics.kpi.vsPrevious')}</span>
    </span>
  );
}

function Tile({ id, label, value, change, better, detail }: { id: string; label: string; value: string; change: number | null | undefined; better: Better; detail?: ReactNode }) {
  return (
    <div data-testid={`kpi-${id}`} className="rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <dt className="text-sm text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tracking-tight tabular-nums">{value}</dd>
      <dd className="mt-1 text-xs">
        <ChangeLine change={change} better={better} />
      </dd>
      {detail ? <dd className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">{detail}</dd> : null}
    </div>
  );
}

const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-4';

/** The period's totals, each against the period before. */
export function KpiTiles({ report }: { report: OverviewReport }) {
  const { t } = useTranslation('dashboard');
  const f = useAnalyticsFormat();
  const { current: c, previous: p, change } = report;
  return (
    <section aria-labelledby="analytics-kpi-title">
      <h2 id="analytics-kpi-title" className="sr-only">
        {t('analytics.kpi.label')}
      </h2>
      <dl className={grid}>
        <Tile id="conversations" label={t('analytics.kpi.conversations')} value={f.count(c.conversations)} change={change.conversations} better="up" />
        <Tile
          id="messages"
          label={t('analytics.kpi.messages')}
          value={f.count(c.messages)}
          change={change.messages}
          better="up"
          detail={t('analytics.kpi.answers', { value: f.count(c.answers) })}
        />
        <Tile id="users" label={t('analytics.kpi.users')} value={f.count(c.users)} change={change.users} better="up" />
        <Tile id="latency" label={t('analytics.kpi.averageLatency')} value={f.ms(c.averageLatencyMs)} change={change.averageLatencyMs} better="down" />
        <Tile id="errors" label={t('analytics.kpi.errorRate')} value={f.rate(c.errorRate)} change={change.errorRate} better="down" />
        <Tile
          id="tokens"
          label={t('analytics.kpi.tokens')}
          value={f.count(c.tokensIn + c.tokensOut)}
          change={change.tokens}
          better={null}
          detail={t('analytics.kpi.tokensSplit', { input: f.count(c.tokensIn), output: f.count(c.tokensOut) })}
        />
        <Tile
          id="cost"
          label={t('analytics.kpi.cost')}
          value={f.usd(c.estimatedCostUsd)}
          change={percentChange(c.estimatedCostUsd, p.estimatedCostUsd)}
          better={null}
          detail={
            c.estimatedCostUsd === null || c.estimatedCostUsd === undefined ? (
              <Link to="/admin/configuration#pricing" className="text-accent-700 underline underline-offset-2 hover:decoration-2 dark:text-accent-300">
                {t('analytics.kpi.noCost')}
              </Link>
            ) : (
              t('analytics.kpi.costHint')
            )
          }
        />
      </dl>
    </section>
  );
}

/** The tiles' places while the totals load. */
export function KpiSkeleton() {
  const { t } = useTranslation('dashboard');
  return (
    <div role="status" className={grid}>
      <span className="sr-only">{t('analytics.loading')}</span>
      {Array.from({ length: 7 }, (_, i) => (
        <Skeleton key={i} className="h-28 rounded-2xl" />
      ))}
    </div>
  );
}
