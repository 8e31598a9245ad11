import { act, render, screen, waitFor } from '@testing-library/react';
import i18n from 'i18next';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AuthProvider, readStoredSession, useAuth } from '@/lib/auth';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { makeUser } from '@/testing/mocks/users';

function Probe() {
  const auth = useAuth();
  const [result, setResult] = useState('');
  return (
    <>
      <p>{auth.user ? `${auth.user.email} (${auth.user.role}${auth.isAdmin ? ', admin' : ''})` : 'signed out'}</p>
      <button type="button" onClick={() => void auth.logout().then((r) => setResult(r.message ?? 'ok'))}>
        logout
      </button>
      <output>{result}</output>
    </>
  );
}

describe('session', () => {
  it('restores a stored session, with role defaulting to user', async () => {
    localStorage.setItem('agentforge_token', 't');
    localStorage.setItem('agentforge_user', '{"email":"a@b.c"}');
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(await screen.findByText('a@b.c (user)')).toBeInTheDocument();
  });

  it('clears both items when the stored user does not parse', () => {
    localStorage.setItem('agentforge_token', 't');
    localStorage.setItem('agentforge_user', '{not json');
    expect(readStoredSession()).toBeNull();
    expect(localStorage.getItem('agentforge_token')).toBeNull();
    expect(localStorage.getItem('agentforge_user')).toBeNull();
  });

  it("signs out locally with 'Logged out (locally)' when the server fails", async () => {
    server.use(mockApi.post('/auth/logout', () => HttpResponse.error()));
    localStorage.setItem('agentforge_token', 't');
    localStorage.setItem('agentforge_user', '{"email":"a@b.c","role":"admin"}');
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('a@b.c (admin, admin)');
    await userEvent.setup().click(screen.getByRole('button', { name: 'logout' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Logged out (locally)');
    expect(screen.getByText('signed out')).toBeInTheDocument();
    expect(localStorage.getItem('agentforge_token')).toBeNull();
  });
});

describe('session life cycle', () => {
  function LoadingProbe({ log }: { log: boolean[] }) {
    const auth = useAuth();
    log.push(auth.loading);
    return <p>{auth.user ? `${auth.user.firstName ?? auth.user.email} verified=${String(auth.user.emailVerified)} mfa=${String(auth.mfaRequired)}` : 'signed out'}</p>;
  }

  it('is loading during start-up, then confirms the stored session with GET /auth/me and updates the stored user', async () => {
    localStorage.setItem('agentforge_token', 't');
    localStorage.setItem('agentforge_user', '{"email":"a@b.c","firstName":"Old"}');
    server.use(
      mockApi.get('/auth/me', () =>
        ok({ id: '1', email: 'a@b.c', firstName: 'New', lastName: 'N', role: 'user', emailVerified: false, createdAt: '2026-01-01T00:00:00Z', language: 'en' }),
      ),
    );
    const log: boolean[] = [];
    render(
      <AuthProvider>
        <LoadingProbe log={log} />
      </AuthProvider>,
    );
    expect(log[0]).toBe(true);
    expect(await screen.findByText('New verified=false mfa=false')).toBeInTheDocument();
    expect(log.at(-1)).toBe(false);
    expect(JSON.parse(localStorage.getItem('agentforge_user')!)).toMatchObject({ firstName: 'New', emailVerified: false });
  });

  it('clears token, user and refresh token when GET /auth/me answers 401', async () => {
    localStorage.setItem('agentforge_token', 't');
    localStorage.setItem('agentforge_user', '{"email":"a@b.c"}');
    server.use(mockApi.get('/auth/me', () => fail(401, 'token_invalid', 'Invalid token')));
    render(
      <AuthProvider>
        <LoadingProbe log={[]} />
      </AuthProvider>,
    );
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(localStorage.getItem('agentforge_token')).toBeNull();
    expect(localStorage.getItem('agentforge_user')).toBeNull();
  });

  it("tells the account when the app's language changes, so its email follows", async () => {
    localStorage.setItem('agentforge_token', 't');
    localStorage.setItem('agentforge_user', JSON.stringify(makeUser({ language: 'en' })));
    const sent: unknown[] = [];
    server.use(
      mockApi.get('/auth/me', () => ok(makeUser({ language: 'en' }))),
      mockApi.put('/settings/profile', async ({ request }) => {
        const body = (await request.json()) as { language: 'fr' };
        sent.push(body);
        return ok({ user: makeUser({ language: body.language }) });
      }),
    );
    render(
      <AuthProvider>
        <LoadingProbe log={[]} />
      </AuthProvider>,
    );
    await screen.findByText(/verified=/);
    expect(sent).toEqual([]);
    try {
      await act(() => i18n.changeLanguage('fr'));
      await waitFor(() => expect(sent).toEqual([{ language: 'fr' }]));
      await waitFor(() => expect(readStoredSession()?.user.language).toBe('fr'));
      // Once told, the same language is not sent again.
      await act(() => i18n.changeLanguage('fr'));
      expect(sent).toHaveLength(1);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('sends the refresh token on logout and clears it', async () => {
    let body: unknown;
    server.use(
      mockApi.post('/auth/logout', async ({ request }) => {
        body = await request.json();
        return ok({ message: 'Signed out' });
      }),
    );
    localStorage.setItem('agentforge_token', 't');
    localStorage.setItem('agentforge_user', '{"email":"a@b.c"}');
    localStorage.setItem('agentforge_refresh_token', 'r1');
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await screen.findByText('a@b.c (user)');
    await userEvent.setup().click(screen.getByRole('button', { name: 'logout' }));
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ok');
    expect(body).toEqual({ refreshToken: 'r1' });
    expect(localStorage.getItem('agentforge_refresh_token')).toBeNull();
  });

  it('raises the loading flag while a tracked sign-in runs', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    function Tracker() {
      const auth = useAuth();
      return (
        <>
          <p>{auth.loading ? 'busy' : 'idle'}</p>
          <button type="button" onClick={() => void auth.track(gate)}>
            go
          </button>
        </>
      );
    }
    render(
      <AuthProvider>
        <Tracker />
      </AuthProvider>,
    );
    expect(await screen.findByText('idle')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'go' }));
    expect(await screen.findByText('busy')).toBeInTheDocument();
    release();
    expect(await screen.findByText('idle')).toBeInTheDocument();
  });
});
