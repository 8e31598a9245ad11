import type { components } from '@/lib/api-types';

type UserOut = components['schemas']['UserOut'];
type SessionOut = components['schemas']['SessionOut'];
type AdminUserOut = components['schemas']['AdminUserOut'];

export function makeUser(over: Partial<UserOut> = {}): UserOut {
  return {
    id: '2',
    email: 'bob@example.com',
    firstName: 'Bob',
    lastName: 'User',
    role: 'user',
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00Z',
    language: 'en',
    ...over,
  };
}

/** A sign-in's answer. */
export function makeSession(over: Partial<SessionOut> = {}): SessionOut {
  return { token: 'token-1', refreshToken: 'refresh-1', expiresIn: 900, user: makeUser(), ...over };
}

/** An account as the admin area lists it. */
export function makeAdminUser(over: Partial<AdminUserOut> = {}): AdminUserOut {
  return {
    id: '2',
    email: 'bob@example.com',
    firstName: 'Bob',
    lastName: 'User',
    role: 'user',
    status: 'active',
    language: 'en',
    emailVerified: true,
    createdAt: '2026-01-01T00:00:00Z',
    lastLoginAt: '2026-03-02T08:30:00Z',
    disabledAt: null,
    ...over,
  };
}
