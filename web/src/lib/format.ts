// Locale-aware formatting shared by several features (the chat's tool cards, transcripts).

/** A duration in milliseconds: "850 ms" below a second, "1.2 s" above, in the language's own units. */
export function formatDuration(lng: string, ms?: number | null): string | null {
  if (ms === null || ms === undefined) return null;
  if (ms < 1000) return new Intl.NumberFormat(lng, { style: 'unit', unit: 'millisecond', unitDisplay: 'short', maximumFractionDigits: 0 }).format(ms);
  return new Intl.NumberFormat(lng, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 }).format(ms / 1000);
}
