import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AuthProvider, readStoredSession, useAuth } from '@/lib/auth';
import { server } from '@/testing/mocks/server';

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
    server.use(http.post('*/api/auth/logout', () => HttpResponse.error()));
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
