const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/**
 * How long ago (or ahead) an instant is, in the reader's language: "now" under a minute, then
 * "5 minutes ago", "3 hours ago", "yesterday", "3 days ago"; beyond a week, the date itself.
 * Null for an unreadable instant.
 */
export function formatRelativeTime(iso: string | null | undefined, locale: string, now: number = Date.now()): string | null {
  if (!iso) return null;
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) return null;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  let value = (time - now) / 60_000;
  if (Math.abs(value) < 1) return rtf.format(0, 'second');
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return rtf.format(Math.trunc(value), unit);
    value /= size;
  }
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(time);
}
