// Locale-aware formatting shared by several features (the chat's tool cards, transcripts, the
// admin area's times).

/** A duration in milliseconds: "850 ms" below a second, "1.2 s" above, in the language's own units. */
export function formatDuration(lng: string, ms?: number | null): string | null {
  if (ms === null || ms === undefined) return null;
  if (ms < 1000) return new Intl.NumberFormat(lng, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 0 }).format(ms);
  return new Intl.NumberFormat(lng, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 }).format(ms / 1000);
}

const STEPS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
];

/**
 * How long ago an instant is, in the reader's language: "now", "5 minutes ago", "yesterday",
 * "last month", "2 years ago". Null for an unreadable instant.
 */
export function formatAgo(iso: string | null | undefined, lng: string, now: number = Date.now()): string | null {
  if (!iso) return null;
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

/** An instant in full, for a tooltip. */
export function formatDateTime(iso: string, lng: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short' }).format(d);
}
