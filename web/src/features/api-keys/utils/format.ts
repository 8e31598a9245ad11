/** A day in the reader's language ("Mar 1, 2026"), or null for none. */
export function formatDay(lng: string, iso?: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(d);
}

/** An instant to the minute in the reader's language (a key's last use is kept to the minute). */
export function formatMinute(lng: string, iso?: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** A `yyyy-mm-dd` day of the date field, in local time. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last instant of a `yyyy-mm-dd` day in local time, as the API's date-time: a key chosen to expire on a day works through it. */
export function endOfDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}
