/** "2 days 3 hr", "3 hr 12 min", "4 min": the largest two units, in the language's own abbreviations. */
export function formatUptime(lng: string, seconds: number): string {
  const unit = (value: number, u: 'day' | 'hour' | 'minute') => new Intl.NumberFormat(lng, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  const hours = Math.floor((s % 86_400) / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  if (days > 0) return `${unit(days, 'day')} ${unit(hours, 'hour')}`;
  if (hours > 0) return `${unit(hours, 'hour')} ${unit(minutes, 'minute')}`;
  return unit(minutes, 'minute');
}
