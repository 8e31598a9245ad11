const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/**
 * A file size as people write it: "75 B", "1.2 KB", "3.4 MB" (steps of 1024, one decimal from
 * KB up). The number is written the reader's way (`locale`); the unit symbols are the same in
 * every language.
 */
export function formatBytes(bytes: number, locale: string): string {
  let value = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 ? 0 : 1;
  // 1023.96 KB would round to "1024 KB": say "1 MB" instead.
  if (unit > 0 && unit < UNITS.length - 1 && Number(value.toFixed(digits)) >= 1024) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value)} ${UNITS[unit]}`;
}
