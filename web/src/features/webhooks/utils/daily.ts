import type { WebhookDay } from '@/features/webhooks/api/webhooks';

// The server gives the last 14 days (UTC) that had events, oldest first; the chart shows all 14,
// the days without any as zeros.

export const CHART_DAYS = 14;

/** `2026-03-15` for the UTC day of `time`. */
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The 14 UTC days ending today, each with its counts (zero where the server gave none). */
export function fillDays(days: WebhookDay[], now: number = Date.now()): WebhookDay[] {
  const byDay = new Map(days.map((d) => [d.day, d]));
  return Array.from({ length: CHART_DAYS }, (_, i) => {
    const day = utcDay(now - (CHART_DAYS - 1 - i) * 86_400_000);
    return byDay.get(day) ?? { day, received: 0, succeeded: 0, failed: 0 };
  });
}

/** A day (`2026-03-15`) in the reader's language: "Mar 15". */
export function dayLabel(day: string, lng: string, style: 'short' | 'long' = 'short'): string {
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return day;
  return new Intl.DateTimeFormat(lng, style === 'short' ? { month: 'short', day: 'numeric', timeZone: 'UTC' } : { dateStyle: 'full', timeZone: 'UTC' }).format(d);
}
