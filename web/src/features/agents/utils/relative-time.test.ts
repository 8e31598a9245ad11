import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from '@/features/agents/utils/relative-time';

const NOW = new Date('2026-03-10T12:00:00Z').getTime();
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('formatRelativeTime', () => {
  it.each([
    [ago(20_000), 'now'],
    [ago(5 * MIN), '5 minutes ago'],
    [ago(59.6 * MIN), '59 minutes ago'],
    [ago(3 * 60 * MIN), '3 hours ago'],
    [ago(26 * 60 * MIN), 'yesterday'],
    [ago(3 * 24 * 60 * MIN), '3 days ago'],
  ])('%s → %s', (iso, text) => expect(formatRelativeTime(iso, 'en', NOW)).toBe(text));

  it('gives the date beyond a week', () => {
    expect(formatRelativeTime('2026-01-01T12:00:00Z', 'en', NOW)).toBe('Jan 1, 2026');
  });

  it('speaks the reader’s language', () => {
    expect(formatRelativeTime(ago(5 * MIN), 'de', NOW)).toBe('vor 5 Minuten');
  });

  it('is null without a readable instant', () => {
    expect(formatRelativeTime(null, 'en', NOW)).toBeNull();
    expect(formatRelativeTime('not a date', 'en', NOW)).toBeNull();
  });
});
