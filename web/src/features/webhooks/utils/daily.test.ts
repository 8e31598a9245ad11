import { describe, expect, it } from 'vitest';
import { dayLabel, fillDays } from '@/features/webhooks/utils/daily';

describe('the chart days', () => {
  it('fills the 14 days ending today with zeros where the server gave none', () => {
    const now = Date.parse('2026-03-15T10:00:00Z');
    const days = fillDays(
      [
        { day: '2026-03-02', received: 3, succeeded: 2, failed: 1 },
        { day: '2026-03-15', received: 5, succeeded: 5, failed: 0 },
      ],
      now,
    );
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ day: '2026-03-02', received: 3, succeeded: 2, failed: 1 });
    expect(days[1]).toEqual({ day: '2026-03-03', received: 0, succeeded: 0, failed: 0 });
    expect(days[13]).toEqual({ day: '2026-03-15', received: 5, succeeded: 5, failed: 0 });
    // A day older than the window is not shown.
    expect(fillDays([{ day: '2026-02-01', received: 9, succeeded: 9, failed: 0 }], now).every((d) => d.received === 0)).toBe(true);
  });

  it('names a day in the reader’s language', () => {
    expect(dayLabel('2026-03-15', 'en')).toBe('Mar 15');
    expect(dayLabel('not a day', 'en')).toBe('not a day');
  });
});
