import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Interval, Metric } from '@/features/analytics/api/analytics';
import { formatBucket, formatChange, formatCompact, formatCount, formatHour, formatMetric, formatMs, formatRange, formatRate, formatUsd } from '@/features/analytics/utils/format';

/** The reports' formatters in the language on screen. */
export function useAnalyticsFormat() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  return useMemo(
    () => ({
      lng,
      count: (v: number | null | undefined) => formatCount(lng, v),
      compact: (v: number) => formatCompact(lng, v),
      rate: (v: number | null | undefined) => formatRate(lng, v),
      ms: (v: number | null | undefined) => formatMs(lng, v),
      usd: (v: number | null | undefined) => formatUsd(lng, v),
      change: (percent: number) => formatChange(lng, percent),
      metric: (m: Metric, v: number | null | undefined) => formatMetric(lng, m, v),
      bucket: (iso: string, interval: Interval, full = false) => formatBucket(lng, iso, interval, full),
      hour: (h: number) => formatHour(lng, h),
      range: (from: string, to: string, interval: Interval) => formatRange(lng, from, to, interval),
    }),
    [lng],
  );
}

export type AnalyticsFormat = ReturnType<typeof useAnalyticsFormat>;
