import { describe, expect, it } from 'vitest';
import { readAuthResult } from '@/features/auth/api/auth-response';

const user = { id: 1, email: 'a@b.c', firstName: 'A' };

describe('readAuthResult', () => {
  it('reads data.token and data.user, defaulting the role to user', () => {
    expect(readAuthResult({ success: true, data: { token: 't', user } })).toEqual({
      token: 't',
      user: { id: '1', email: 'a@b.c', firstName: 'A', lastName: undefined, role: 'user' },
    });
  });

  it('reads token and user at top level', () => {
    expect(readAuthResult({ token: 't2', user: { ...user, role: 'admin' } }).user.role).toBe('admin');
  });

  it('reports a missing or undefined token', () => {
    expect(() => readAuthResult({ success: true, data: { user } })).toThrow('Invalid response format: missing token');
    expect(() => readAuthResult({ token: undefined, user })).toThrow('Invalid response format: token is undefined');
  });
});
