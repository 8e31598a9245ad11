import { useTranslation } from 'react-i18next';
import { formatAgo, formatDateTime, formatDuration } from '@/lib/format';

/** A duration in the language's own short units: "850 ms", "4.2 s", "3 min 20 s", "2 h 5 min". */
export function formatRunDuration(lng: string, ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  if (ms < 60_000) return formatDuration(lng, Math.round(ms));
  const unit = (value: number, u: 'hour' | 'minute' | 'second') => new Intl.NumberFormat(lng, { style: 'unit', unit: u, unitDisplay: 'short', maximumFractionDigits: 0 }).format(value);
  const seconds = Math.round(ms / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return minutes > 0 ? `${unit(hours, 'hour')} ${unit(minutes, 'minute')}` : unit(hours, 'hour');
  return rest > 0 ? `${unit(minutes, 'minute')} ${unit(rest, 'second')}` : unit(minutes, 'minute');
}

/** Numbers, rates, durations and times of runs in the reader's language. */
export function useWorkflowFormat() {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const none = t('workflows.none');
  return {
    count: (n: number) => new Intl.NumberFormat(lng).format(n),
    /** A share from 0 to 1 as a percentage; none when there is no share yet. */
    percent: (share: number | null | undefined) =>
      share === null || share === undefined ? none : new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(share),
    duration: (ms: number | null | undefined) => formatRunDuration(lng, ms) ?? none,
    ago: (iso: string | null | undefined) => formatAgo(iso, lng) ?? t('workflows.never'),
    dateTime: (iso: string) => formatDateTime(iso, lng),
    /** An instant to the second, short ("Mar 1, 2026, 9:00:05 AM"): when a run or step moved. */
    moment: (iso: string) => {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'medium' }).format(d);
    },
    none,
  };
}
