/** A call's length as a clock, `1:05` or `1:02:05`, in the reader's digits; null when unknown. */
export function formatCallDuration(lng: string, seconds?: number | null): string | null {
  if (seconds === null || seconds === undefined || seconds < 0) return null;
  const s = Math.floor(seconds);
  const two = new Intl.NumberFormat(lng, { minimumIntegerDigits: 2, useGrouping: false });
  const one = new Intl.NumberFormat(lng, { useGrouping: false });
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = two.format(s % 60);
  return h > 0 ? `${one.format(h)}:${two.format(m)}:${rest}` : `${one.format(m)}:${rest}`;
}
