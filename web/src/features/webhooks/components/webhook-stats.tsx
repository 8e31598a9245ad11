import { Activity, CheckCircle2, Clock, ShieldX, Timer, XCircle, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { WebhookStats } from '@/features/webhooks/api/webhooks';
import { useWebhookFormat } from '@/features/webhooks/hooks/use-webhook-format';

function Tile({ id, icon: Icon, label, value, detail, tone, title }: { id: string; icon: LucideIcon; label: string; value: ReactNode; detail?: ReactNode; tone?: 'bad'; title?: string }) {
  return (
    <div data-testid={`webhook-stat-${id}`} className="min-w-0 rounded-2xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <dt className="flex items-start gap-1.5 text-sm text-zinc-600 dark:text-zinc-400">
        <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span className="min-w-0">{label}</span>
      </dt>
      <dd title={title} data-testid={`webhook-stat-${id}-value`} className={cn('mt-1 break-words text-2xl font-semibold tracking-tight tabular-nums', tone === 'bad' && 'text-red-700 dark:text-red-400')}>
        {value}
      </dd>
      {detail ? <dd className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{detail}</dd> : null}
    </div>
  );
}

/** The totals of the webhooks the filters show: what came in, how it went, how fast, and when last. */
export function WebhookStatsTiles({ stats, loading }: { stats?: WebhookStats; loading: boolean }) {
  const { t } = useTranslation('dashboard');
  const f = useWebhookFormat();
  const o = stats?.overall;
  const dash = loading ? '…' : f.none;
  return (
    <section aria-labelledby="webhook-stats-title" aria-busy={loading || undefined}>
      <h2 id="webhook-stats-title" className="sr-only">
        {t('webhooks.stats.title')}
      </h2>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-3 2xl:grid-cols-6">
        <Tile id="received" icon={Activity} label={t('webhooks.stats.received')} value={o ? f.count(o.received) : dash} detail={stats ? t('webhooks.stats.webhooks', { total: f.count(stats.total), active: f.count(stats.active) }) : undefined} />
        <Tile id="success" icon={CheckCircle2} label={t('webhooks.stats.successRate')} value={o ? f.rate(o.succeeded, o.failed) : dash} detail={o ? t('webhooks.stats.succeeded', { value: f.count(o.succeeded) }) : undefined} />
        <Tile id="failed" icon={XCircle} label={t('webhooks.stats.failed')} value={o ? f.count(o.failed) : dash} tone={o && o.failed > 0 ? 'bad' : undefined} detail={stats && stats.failing > 0 ? t('webhooks.stats.failing', { value: f.count(stats.failing) }) : undefined} />
        <Tile id="rejected" icon={ShieldX} label={t('webhooks.stats.rejected')} value={o ? f.count(o.rejected) : dash} detail={t('webhooks.stats.rejectedHint')} />
        <Tile id="latency" icon={Timer} label={t('webhooks.stats.latency')} value={o ? f.ms(o.averageLatencyMs) : dash} />
        <Tile
          id="last"
          icon={Clock}
          label={t('webhooks.stats.lastReceived')}
          value={o ? f.ago(o.lastReceivedAt) : dash}
          title={o?.lastReceivedAt ? f.dateTime(o.lastReceivedAt) : undefined}
        />
      </dl>
    </section>
  );
}
