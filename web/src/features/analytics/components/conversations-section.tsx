import { useTranslation } from 'react-i18next';
import { useConversationsReport, type ReportParams } from '@/features/analytics/api/analytics';
import { BarsChart } from '@/features/analytics/components/lazy-charts';
import { ChartFigure, CsvButton, Figure, ReportBlock, ReportError, ReportSection, ReportSkeleton } from '@/features/analytics/components/report-parts';
import { useAnalyticsFormat } from '@/features/analytics/hooks/use-analytics-format';
import { CHART_COLORS } from '@/features/analytics/utils/format';

/** The conversations started in the period: by channel, by status now, by hour of the day. */
export function ConversationsSection({ params, enabled }: { params: ReportParams; enabled: boolean }) {
  const { t } = useTranslation('dashboard');
  const f = useAnalyticsFormat();
  const report = useConversationsReport(params, { enabled });
  const data = report.data;
  const title = t('analytics.conversations.title');
  const channelName = (c: string) => t(`conversations.channels.${c}`, { defaultValue: c });
  const statusName = (s: string) => t(`conversations.statuses.${s}`, { defaultValue: s });
  const channelSeries = [
    { key: 'conversations', name: t('analytics.kpi.conversations'), color: CHART_COLORS[0] },
    { key: 'messages', name: t('analytics.kpi.messages'), color: CHART_COLORS[1] },
  ];
  const hours = (data?.byHourOfDay ?? []).map((conversations, hour) => ({ hour, conversations }));
  const busiest = hours.reduce<{ hour: number; conversations: number } | null>((best, h) => (h.conversations > 0 && (!best || h.conversations > best.conversations) ? h : best), null);
  const statusTotal = (data?.byStatus ?? []).reduce((n, s) => n + s.conversations, 0);
  const average = data?.averageMessages;

  return (
    <ReportSection id="conversations" title={title} description={t('analytics.conversations.description')} busy={report.isFetching}>
      {report.isError && !data ? (
        <ReportError error={report.error} onRetry={() => void report.refetch()} />
      ) : !data ? (
        <ReportSkeleton />
      ) : (
        <div className="space-y-8">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <Figure testId="conv-total" label={t('analytics.kpi.conversations')} value={f.count(data.conversations)} />
            <Figure testId="conv-users" label={t('analytics.kpi.users')} value={f.count(data.users)} />
            <Figure
              testId="conv-average"
              label={t('analytics.conversations.averageMessages')}
              value={average === null || average === undefined ? '—' : new Intl.NumberFormat(f.lng, { maximumFractionDigits: 1 }).format(average)}
            />
          </dl>

          <div className="grid gap-8 lg:grid-cols-2">
            <ReportBlock
              title={t('analytics.conversations.byChannel')}
              action={
                <CsvButton
                  name="conversations-channels"
                  what={t('analytics.conversations.byChannel')}
                  table={() => ({ header: ['channel', 'conversations', 'messages'], rows: data.byChannel.map((c) => [c.channel, c.conversations, c.messages]) })}
                />
              }
            >
              <ChartFigure
                label={t('analytics.conversations.byChannel')}
                columns={[t('analytics.columns.channel'), ...channelSeries.map((s) => s.name)]}
                rows={data.byChannel.map((c) => [channelName(c.channel), f.count(c.conversations), f.count(c.messages)])}
                summary={data.byChannel.length === 0 ? t('analytics.noRows') : undefined}
              >
                <BarsChart
                  title={t('analytics.conversations.byChannel')}
                  data={data.byChannel}
                  xKey="channel"
                  series={channelSeries}
                  tick={(v) => channelName(String(v))}
                  value={f.count}
                  yTick={f.compact}
                  height="h-56"
                />
              </ChartFigure>
            </ReportBlock>

            <ReportBlock
              title={t('analytics.conversations.byStatus')}
              action={
                <CsvButton
                  name="conversations-statuses"
                  what={t('analytics.conversations.byStatus')}
                  table={() => ({ header: ['status', 'conversations'], rows: data.byStatus.map((s) => [s.status, s.conversations]) })}
                />
              }
            >
              {data.byStatus.length === 0 ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('analytics.noRows')}</p>
              ) : (
                <table className="w-full text-sm">
                  <caption className="sr-only">{t('analytics.conversations.byStatus')}</caption>
                  <thead className="text-xs text-zinc-600 dark:text-zinc-400">
                    <tr>
                      <th scope="col" className="py-2 pe-3 text-start font-medium">
                        {t('analytics.columns.status')}
                      </th>
                      <th scope="col" className="py-2 pe-3 text-end font-medium">
                        {t('analytics.kpi.conversations')}
                      </th>
                      <th scope="col" className="w-2/5 py-2 text-start font-medium">
                        {t('analytics.columns.share')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
                    {data.byStatus.map((s) => {
                      const share = statusTotal > 0 ? s.conversations / statusTotal : 0;
                      return (
                        <tr key={s.status}>
                          <th scope="row" className="py-2 pe-3 text-start font-normal">
                            {statusName(s.status)}
                          </th>
                          <td className="py-2 pe-3 text-end tabular-nums">{f.count(s.conversations)}</td>
                          <td className="py-2">
                            <div className="flex items-center gap-2">
                              <div aria-hidden className="h-2 flex-1 overflow-hidden rounded-full bg-zinc-100 dark:bg-zinc-800">
                                <div className="h-full rounded-full bg-accent-500" style={{ width: `${Math.round(share * 100)}%` }} />
                              </div>
                              <span className="w-12 text-end text-xs tabular-nums">{f.rate(share)}</span>
                            </div>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              )}
            </ReportBlock>
          </div>

          <ReportBlock
            title={t('analytics.conversations.byHour')}
            action={
              <CsvButton
                name="conversations-hours"
                what={t('analytics.conversations.byHour')}
                table={() => ({ header: ['hourUtc', 'conversations'], rows: hours.map((h) => [h.hour, h.conversations]) })}
              />
            }
          >
            <ChartFigure
              label={t('analytics.conversations.byHour')}
              summary={busiest ? t('analytics.conversations.busiest', { hour: f.hour(busiest.hour) }) : t('analytics.conversations.hoursUtc')}
              columns={[t('analytics.columns.hourUtc'), t('analytics.kpi.conversations')]}
              rows={hours.map((h) => [f.hour(h.hour), f.count(h.conversations)])}
            >
              <BarsChart
                title={t('analytics.conversations.byHour')}
                data={hours}
                xKey="hour"
                series={[{ key: 'conversations', name: t('analytics.kpi.conversations'), color: CHART_COLORS[0] }]}
                tick={(v) => f.hour(Number(v))}
                value={f.count}
                yTick={f.compact}
                height="h-56"
              />
            </ChartFigure>
          </ReportBlock>
        </div>
      )}
    </ReportSection>
  );
}
