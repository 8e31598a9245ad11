// Sizes and times as the configuration screen shows them.

/** One megabyte as the limits count it (1024 × 1024 bytes). */
export const MB = 1024 * 1024;

/** Bytes as the text of a megabyte field: at most six decimals, no trailing zeros ("25", "0.5"). */
export function bytesToMb(bytes: number): string {
  return String(Number((bytes / MB).toFixed(6)));
}

/** A megabyte field's text as whole bytes. */
export function mbToBytes(mb: string): number {
  return Math.round(Number(mb.trim()) * MB);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** A size in the reader's language, in the largest unit it fills: "1 kB", "25 MB", "16 TB". */
export function formatBytes(lng: string, bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(lng, { style: 'unit', unit: BYTE_UNITS[unit], unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
}

/** A number in the reader's language ("1,000,000"). */
export function formatNumber(lng: string, value: number, maximumFractionDigits = 0): string {
  return new Intl.NumberFormat(lng, { maximumFractionDigits }).format(value);
}
