import { useTranslation } from 'react-i18next';
import { formatAgo, formatDateTime, formatDuration } from '@/lib/format';

/** Numbers, rates, durations and times in the reader's language. */
export function useWebhookFormat() {
  const { t, i18n } = useTranslation('dashboard');
  const lng = i18n.language;
  const none = t('webhooks.none');
  return {
    count: (n: number) => new Intl.NumberFormat(lng).format(n),
    /** Succeeded over finished (succeeded + failed); none while nothing finished. */
    rate: (succeeded: number, failed: number) =>
      succeeded + failed === 0 ? none : new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 1 }).format(succeeded / (succeeded + failed)),
    ms: (ms?: number | null) => formatDuration(lng, ms === null || ms === undefined ? ms : Math.round(ms)) ?? none,
    ago: (iso?: string | null) => formatAgo(iso, lng) ?? t('webhooks.never'),
    dateTime: (iso: string) => formatDateTime(iso, lng),
    none,
  };
}
