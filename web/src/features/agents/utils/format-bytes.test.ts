import { describe, expect, it } from 'vitest';
import { formatBytes } from '@/features/agents/utils/format-bytes';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [75, '75 B'],
    [1023, '1,023 B'],
    [1024, '1 KB'],
    [1229, '1.2 KB'],
    [12_800, '12.5 KB'],
    [3.4 * 1024 * 1024, '3.4 MB'],
    [1024 * 1024 - 20, '1 MB'],
    [5 * 1024 ** 3, '5 GB'],
  ])('%d bytes → %s', (bytes, text) => expect(formatBytes(bytes, 'en')).toBe(text));

  it('writes the number the reader’s way and keeps the unit symbol', () => {
    expect(formatBytes(1229, 'de')).toBe('1,2 KB');
    expect(formatBytes(3.4 * 1024 * 1024, 'fr')).toBe('3,4 MB');
  });

  it('treats a negative or missing size as nothing', () => {
    expect(formatBytes(-5, 'en')).toBe('0 B');
    expect(formatBytes(Number.NaN, 'en')).toBe('0 B');
  });
});
