import { describe, expect, it, vi } from 'vitest';
import { api, readSessionPayload, setUnauthorizedNavigator } from '@/lib/api-client';
import { decodeJwtExpiry, getTokenExpiresAt, REFRESH_TOKEN_KEY, storeSession, TOKEN_KEY, USER_KEY } from '@/lib/storage';
import { makeAgent } from '@/testing/mocks/agents';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { makeUser } from '@/testing/mocks/users';

/** An unsigned JWT whose `exp` is `seconds` from now (the client only reads it). */
function jwt(seconds: number, sub = 'u1'): string {
  const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub, exp: Math.floor(Date.now() / 1000) + seconds })}.sig`;
}

const user = makeUser({ id: 'u1', email: 'a@b.co', firstName: 'A', lastName: 'B' });

function signedIn(token: string, refreshToken = 'refresh-1') {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
  localStorage.setItem(REFRESH_TOKEN_KEY, refreshToken);
}

describe('token expiry', () => {
  it("reads a JWT's exp, or the expiresIn the server gave", () => {
    const token = jwt(900);
    expect(decodeJwtExpiry(token)).toBeGreaterThan(Date.now() + 890_000);
    expect(decodeJwtExpiry('garbage')).toBeNull();
    storeSession({ token: 'opaque', refreshToken: 'r', expiresIn: 900, user });
    expect(getTokenExpiresAt('opaque')).toBeGreaterThan(Date.now() + 890_000);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('r');
  });

  it('reads a session from the envelope or the top level', () => {
    expect(readSessionPayload({ success: true, data: { token: 't', refreshToken: 'r', expiresIn: 900, user } })).toEqual({ token: 't', refreshToken: 'r', expiresIn: 900, user });
    expect(readSessionPayload({ token: 't2', user })).toMatchObject({ token: 't2', user });
    expect(readSessionPayload({ success: true, data: {} })).toBeNull();
  });
});

describe('silent refresh', () => {
  it('refreshes once for two concurrent requests when the token expires within 60 s, and stores the rotated pair', async () => {
    signedIn(jwt(30));
    const fresh = jwt(900);
    const refreshBodies: unknown[] = [];
    const seen: (string | null)[] = [];
    server.use(
      mockApi.post('/auth/refresh-token', async ({ request }) => {
        refreshBodies.push(await request.json());
        await new Promise((r) => setTimeout(r, 20));
        return ok({ token: fresh, refreshToken: 'refresh-2', expiresIn: 900, user: { ...user, firstName: 'Fresh' } });
      }),
      mockApi.get('/agents/{id}', ({ request, params }) => {
        seen.push(request.headers.get('authorization'));
        return ok(makeAgent({ id: params.id }));
      }),
    );
    const [a, b] = await Promise.all([api.get('/agents/{id}', { params: { path: { id: '1' } } }), api.get('/agents/{id}', { params: { path: { id: '2' } } })]);
    expect([a.id, b.id]).toEqual(['1', '2']);
    expect(refreshBodies).toEqual([{ refreshToken: 'refresh-1' }]);
    expect(seen).toEqual([`Bearer ${fresh}`, `Bearer ${fresh}`]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(fresh);
    expect(localStorage.getItem(REFRESH_TOKEN_KEY)).toBe('refresh-2');
    expect(JSON.parse(localStorage.getItem(USER_KEY)!)).toMatchObject({ firstName: 'Fresh' });
  });

  it('does not refresh a token with more than 60 s left, nor before auth endpoints', async () => {
    const refresh = vi.fn();
    server.use(
      mockApi.post('/auth/refresh-token', () => {
        refresh();
        return fail(500, 'internal', 'Internal error');
      }),
      mockApi.get('/teams', () => ok([])),
      mockApi.post('/auth/forgot-password', () => ok({ message: 'ok' })),
    );
    signedIn(jwt(600));
    await api.get('/teams');
    signedIn(jwt(10));
    await api.post('/auth/forgot-password', { body: { email: 'a@b.co' } });
    expect(refresh).not.toHaveBeenCalled();
  });

  it('takes the session-expired path when the refresh answers 401', async () => {
    const navigate = vi.fn();
    setUnauthorizedNavigator(navigate);
    window.history.replaceState(null, '', '/dashboard');
    signedIn(jwt(5));
    const things = vi.fn();
    server.use(
      mockApi.post('/auth/refresh-token', () => fail(401, 'token_reused', 'Session expired')),
      mockApi.get('/teams', () => {
        things();
        return ok([]);
      }),
    );
    await expect(api.get('/teams')).rejects.toMatchObject({ status: 401 });
    expect(things).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/login?expired=true');
    expect([localStorage.getItem(TOKEN_KEY), localStorage.getItem(USER_KEY), localStorage.getItem(REFRESH_TOKEN_KEY)]).toEqual([null, null, null]);
  });

  it('refreshes and retries once when a request is refused with 401', async () => {
    signedIn('stale-token');
    server.use(
      mockApi.post('/auth/refresh-token', () => ok({ token: 'new-token', refreshToken: 'refresh-2', expiresIn: 900, user })),
      mockApi.post('/agents', async ({ request }) =>
        request.headers.get('authorization') === 'Bearer new-token' ? ok(makeAgent({ name: (await request.json()).name ?? '' }), 201) : fail(401, 'token_expired', 'Token expired'),
      ),
    );
    // The retry sends the same body again.
    await expect(api.post('/agents', { body: { name: 'Nova' } })).resolves.toMatchObject({ name: 'Nova' });
    expect(localStorage.getItem(TOKEN_KEY)).toBe('new-token');
  });
});
