import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useAnalytics } from '@/features/agents/api/agents';
import { oneOf, PERIODS, type Period } from '@/lib/api-enums';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg bg-zinc-50 px-3 py-2 dark:bg-zinc-800/50">
      <dt className="text-xs text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/** Conversations and messages over the chosen period (recharts), with the totals. */
export function AnalyticsCard({ agentId }: { agentId: string }) {
  const { t, i18n } = useTranslation('agents');
  const [period, setPeriod] = useState<Period>('month');
  const analytics = useAnalytics(agentId, period);
  const periodId = useId();
  const lng = i18n.language;
  const nf = new Intl.NumberFormat(lng);
  const tickFormat = (iso: string) => {
    const d = new Date(iso);
    if (period === 'day') return new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit' }).format(d);
    if (period === 'year') return new Intl.DateTimeFormat(lng, { month: 'short' }).format(d);
    return new Intl.DateTimeFormat(lng, { month: 'short', day: 'numeric' }).format(d);
  };
  const data = analytics.data;
  const totals = data?.totals;
  const ms = (v?: number | null) => (v === null || v === undefined ? '—' : t('analytics.ms', { value: nf.format(Math.round(v)) }));

  return (
    <section aria-labelledby="analytics-title" className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="analytics-title" className="text-base font-semibold">
          {t('analytics.title')}
        </h2>
        <div className="flex items-center gap-2">
          <label htmlFor={periodId} className="text-sm text-zinc-600 dark:text-zinc-400">
            {t('analytics.period')}
          </label>
          <select
            id={periodId}
            value={period}
            onChange={(e) => setPeriod(oneOf(PERIODS, e.target.value, period))}
            className="h-8 rounded-lg border border-zinc-300 bg-white ps-2 pe-7 text-sm dark:border-zinc-700 dark:bg-zinc-900 dark:[color-scheme:dark]"
          >
            {PERIODS.map((p) => (
              <option key={p} value={p}>
                {t(`analytics.periods.${p}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {analytics.isError ? <Notice tone="error" className="mt-4">{analytics.error.message}</Notice> : null}
      {analytics.isPending ? (
        <div className="flex h-56 items-center justify-center">
          <Spinner />
        </div>
      ) : data && totals ? (
        <>
          <dl className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Stat label={t('analytics.conversations')} value={nf.format(totals.conversations)} />
            <Stat label={t('analytics.messages')} value={nf.format(totals.messages)} />
            <Stat label={t('analytics.users')} value={nf.format(totals.users)} />
            <Stat label={t('analytics.avgResponse')} value={ms(totals.avgResponseMs)} />
          </dl>
          <figure className="mt-4" aria-label={t('analytics.chartLabel')}>
            <div className="h-56 w-full" dir="ltr">
              <ResponsiveContainer width="100%" height="100%" minWidth={200} minHeight={150}>
                <AreaChart data={data.series} margin={{ top: 8, right: 8, left: -16, bottom: 0 }}>
                  <defs>
                    <linearGradient id="agent-conv" x1="0" y1="0" x2="0" y2="1">
                      <stop offset="0%" stopColor="#6366f1" stopOpacity={0.35} />
                      <stop offset="100%" stopColor="#6366f1" stopOpacity={0} />
                    </linearGradient>
                  </defs>
                  <CartesianGrid strokeDasharray="3 3" stroke="currentColor" className="text-zinc-200 dark:text-zinc-800" vertical={false} />
                  <XAxis dataKey="start" tickFormatter={tickFormat} tick={{ fontSize: 11, fill: 'currentColor' }} className="text-zinc-500" tickLine={false} axisLine={false} minTickGap={24} />
                  <YAxis allowDecimals={false} tick={{ fontSize: 11, fill: 'currentColor' }} className="text-zinc-500" tickLine={false} axisLine={false} domain={[0, (max: number) => Math.max(4, max)]} />
                  <Tooltip
                    labelFormatter={(v) => tickFormat(String(v))}
                    contentStyle={{ borderRadius: 8, fontSize: 12 }}
                  />
                  <Area type="monotone" dataKey="conversations" name={t('analytics.conversations')} stroke="#4f46e5" fill="url(#agent-conv)" strokeWidth={2} />
                  <Area type="monotone" dataKey="messages" name={t('analytics.messages')} stroke="#a1a1aa" fill="transparent" strokeWidth={1.5} strokeDasharray="4 3" />
                </AreaChart>
              </ResponsiveContainer>
            </div>
            <figcaption className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">
              {totals.conversations === 0 ? t('analytics.noConversations') : t('analytics.tokens', { input: nf.format(totals.tokensIn), output: nf.format(totals.tokensOut), p95: ms(totals.p95ResponseMs) })}
            </figcaption>
          </figure>
        </>
      ) : null}
    </section>
  );
}
