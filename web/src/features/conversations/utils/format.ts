/** Locale-aware formatting of the conversation screens (the language of the interface). */
export function formatDateTime(lng: string, iso?: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

export function formatTime(lng: string, iso?: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : new Intl.DateTimeFormat(lng, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(d);
}

export const formatNumber = (lng: string, n?: number | null) => (n === null || n === undefined ? '—' : new Intl.NumberFormat(lng).format(n));

/** The message text on one line, cut for a preview. */
export function preview(text: string, max = 140): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
