import { describe, expect, it } from 'vitest';
import { splitFullName } from '@/features/auth/utils/split-full-name';

describe('splitFullName', () => {
  it.each([
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['Maria  de la Cruz ', 'Maria', 'de la Cruz'],
    ['Plato', 'Plato', ''],
  ])('splits %j', (full, firstName, lastName) => {
    expect(splitFullName(full)).toEqual({ firstName, lastName });
  });
});
