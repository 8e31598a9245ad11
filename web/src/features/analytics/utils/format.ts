import type { Interval, Metric } from '@/features/analytics/api/analytics';
import { formatDuration } from '@/lib/format';

// Numbers, rates, times, money and dates of the reports, in the reader's language (Intl).

export const EM_DASH = '—';

export const formatCount = (lng: string, v: number | null | undefined) => (v === null || v === undefined ? EM_DASH : new Intl.NumberFormat(lng).format(v));

/** Large counts shortened ("12K") for axes. */
export const formatCompact = (lng: string, v: number) => new Intl.NumberFormat(lng, { notation: 'compact', maximumFractionDigits: 1 }).format(v);

/** A 0–1 rate as a percentage ("4.2%"). */
export const formatRate = (lng: string, v: number | null | undefined) =>
  v === null || v === undefined ? EM_DASH : new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(v);

export const formatMs = (lng: string, v: number | null | undefined) => formatDuration(lng, v === null || v === undefined ? v : Math.round(v)) ?? EM_DASH;

/** US dollars; amounts under a dollar keep four decimals (a few answers cost fractions of a cent). */
export function formatUsd(lng: string, v: number | null | undefined): string {
  if (v === null || v === undefined) return EM_DASH;
  const small = Math.abs(v) > 0 && Math.abs(v) < 1;
  return new Intl.NumberFormat(lng, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: small ? 4 : 2 }).format(v);
}

/** A change in percent (12.5 → "+12.5%"). */
export const formatChange = (lng: string, percent: number) =>
  new Intl.NumberFormat(lng, { style: 'percent', signDisplay: 'exceptZero', maximumFractionDigits: 1 }).format(percent / 100);

/** The change of `current` over `previous` in percent, null without a previous value. */
export function percentChange(current: number | null | undefined, previous: number | null | undefined): number | null {
  if (current === null || current === undefined || previous === null || previous === undefined || previous === 0) return null;
  return ((current - previous) / previous) * 100;
}

/** What a metric counts, for its formatting. */
export type MetricKind = 'count' | 'rate' | 'time';
export const metricKind = (m: Metric): MetricKind => (m === 'error_rate' ? 'rate' : m.startsWith('latency') || m === 'first_token_p95' ? 'time' : 'count');

export function formatMetric(lng: string, m: Metric, v: number | null | undefined): string {
  const kind = metricKind(m);
  if (kind === 'rate') return formatRate(lng, v);
  if (kind === 'time') return formatMs(lng, v);
  return formatCount(lng, v === null || v === undefined ? v : Math.round(v));
}

/**
 * A bucket's start as an axis tick (`short`) or in full. Days and months are the server's UTC
 * days and months, so they are named in UTC (not shifted into the day before west of Greenwich);
 * hours are shown in the reader's own time.
 */
export function formatBucket(lng: string, iso: string, interval: Interval, full = false): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const options: Intl.DateTimeFormatOptions =
    interval === 'hour'
      ? full
        ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }
        : { hour: 'numeric', minute: '2-digit' }
      : interval === 'day'
        ? { month: 'short', day: 'numeric', ...(full ? { year: 'numeric', weekday: 'short' } : {}), timeZone: 'UTC' }
        : { month: full ? 'long' : 'short', year: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(lng, options).format(d);
}

/** An hour of the day (0–23, UTC) as the language says it ("2 PM", "14 Uhr", "14時"). */
export const formatHour = (lng: string, hour: number) => new Intl.DateTimeFormat(lng, { hour: 'numeric', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hour));

/** A date range as the reader writes it ("Oct 27 – Nov 26, 2026"); `to` is exclusive. */
export function formatRange(lng: string, from: string, to: string, interval: Interval): string {
  const start = new Date(from);
  const end = new Date(new Date(to).getTime() - 1);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const options: Intl.DateTimeFormatOptions =
    interval === 'hour' ? { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' } : { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' };
  return new Intl.DateTimeFormat(lng, options).formatRange(start, interval === 'hour' ? new Date(to) : end);
}

/** The charts' colours, readable on white and on zinc-900: indigo, emerald, amber, rose, sky (Tailwind's 500s). */
export const CHART_COLORS = ['#6366f1', '#10b981', '#f59e0b', '#f43f5e', '#0ea5e9'] as const;
