import { useTranslation } from 'react-i18next';

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
];

/** How long ago an instant is, in the reader's language ("now", "5 minutes ago", "yesterday"). */
function formatAgo(iso: string, lng: string, now: number = Date.now()): string | null {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return null;
  const rtf = new Intl.RelativeTimeFormat(lng, { numeric: 'auto' });
  let value = (time - now) / 1000;
  if (Math.abs(value) < 45) return rtf.format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return rtf.format(Math.trunc(value), unit);
    value /= size;
  }
  return rtf.format(Math.trunc(value), 'year');
}

/** An instant in full ("1 March 2026 at 09:00"), for a tooltip. */
function formatDateTime(iso: string, lng: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short' }).format(d);
}

/** "5 minutes ago", the full date and time on hover. */
export function RelativeTime({ iso, className }: { iso: string | null | undefined; className?: string }) {
  const { i18n } = useTranslation();
  if (!iso) return <span className={className}>—</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso, i18n.language)} className={className}>
      {formatAgo(iso, i18n.language) ?? iso}
    </time>
  );
}
