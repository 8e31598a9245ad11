import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteErrorScreen } from '@/components/errors/error-fallback';
import { AuthContext, type AuthContextValue } from '@/lib/auth';
import { AdminRoute, ProtectedRoute } from '@/lib/authorization';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { adminUser, plainUser, renderApp } from '@/testing/test-utils';
import { makeSession } from '@/testing/mocks/users';

describe('route guards', () => {
  it('sends a signed-out visitor to /login and back to where they came from after signing in', async () => {
    server.use(mockApi.post('/auth/login', () => ok(makeSession({ token: 't', user: plainUser }))));
    const { router, user } = renderApp('/dashboard/agents?tab=mine');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/dashboard/agents', search: '?tab=mine' } });

    await user.type(screen.getByLabelText('Email'), 'bob@example.com');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agents' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard/agents?tab=mine');
  });

  it('sends a user whose session the server refuses to /login?expired=true, saying so', async () => {
    // The guard reacts to the cleared session before the API client's own navigation can land:
    // it must say that the session expired too.
    server.use(mockApi.get('/auth/me', () => fail(401, 'token_invalid', 'Invalid token')));
    const { router } = renderApp('/dashboard', { user: plainUser });
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?expired=true');
  });

  it('sends a signed-out visitor of /user/chat to /login', async () => {
    const { router } = renderApp('/user/chat/42');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it.each(['/admin', '/admin/users', '/dashboard/analytics', '/dashboard/teams'])('sends a non-admin on %s to /dashboard with the access-denied toast', async (path) => {
    const { router } = renderApp(path, { user: plainUser });
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied. Admin privileges required.');
    expect(await screen.findByRole('heading', { name: 'Welcome, Bob' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('lets an admin into the admin area and sees admin-only navigation', async () => {
    renderApp('/admin/audit-logs', { user: adminUser });
    expect(await screen.findByRole('heading', { name: 'Audit logs' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Administration' })).toBeInTheDocument();
  });

  it('shows admin-only sidebar entries to admins only', async () => {
    const { unmount } = renderApp('/dashboard', { user: plainUser });
    await screen.findByRole('heading', { name: 'Welcome, Bob' });
    expect(screen.queryByRole('link', { name: 'Analytics' })).not.toBeInTheDocument();
    unmount();
    renderApp('/dashboard', { user: adminUser });
    await screen.findByRole('heading', { name: 'Welcome, Ada' });
    expect(screen.getAllByRole('link', { name: 'Analytics' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: 'Teams' }).length).toBeGreaterThan(0);
  });

  const loadingAuth: AuthContextValue = {
    user: null,
    loading: true,
    isAdmin: false,
    mfaRequired: false,
    signIn: () => {},
    setSession: () => {},
    updateUser: () => {},
    track: (work) => work,
    logout: async () => ({ success: true }),
    deleteAccount: async () => {},
  };
  it.each([
    ['Loading...', ProtectedRoute],
    ['Checking permissions...', AdminRoute],
  ])("shows a spinner with '%s' while the session loads", (label, Guard) => {
    const router = createMemoryRouter([{ path: '/', element: <Guard>secret</Guard> }]);
    render(
      <AuthContext.Provider value={loadingAuth}>
        <RouterProvider router={router} />
      </AuthContext.Provider>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(label);
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });
});

describe('route table', () => {
  it('loads each page on its first visit, showing the spinner meanwhile', async () => {
    renderApp('/pricing');
    // The page module is fetched first: the spinner holds the screen.
    expect(screen.getByRole('status')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Simple plans that grow with you' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders the landing page', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Build AI agents/ })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Get started' })[0]).toHaveAttribute('href', '/signup');
  });

  it.each(['/no/such/page', '/dashboard/test'])('shows the not-found page on %s', async (path) => {
    renderApp(path, { user: plainUser });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it.each([
    ['/pricing', 'Simple plans that grow with you'],
    ['/sdr', 'An SDR that never sleeps'],
    ['/dashboard/integrations/elevenlabs', 'Integrations'],
    ['/dashboard/voice-flows', 'Voice flow builder'],
    ['/dashboard/agents/7/chat', 'Chat with agent'],
    ['/user/chat/7', 'This chat is not available'],
  ])('routes %s', async (path, heading) => {
    // The chats read the agent for its name and greeting.
    const notFound = () => fail(404, 'not_found', 'Agent not found');
    server.use(mockApi.get('/agents/{id}', notFound, { id: '7' }), mockApi.get('/agents/{id}/public', notFound, { id: '7' }));
    renderApp(path, { user: plainUser });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});

describe('error screen', () => {
  it("blocks a failed view with 'Something went wrong.' and the error details", async () => {
    const Broken = () => {
      throw new Error('kaboom');
    };
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteErrorScreen /> }]);
    const spy = console.error;
    console.error = () => {};
    render(<RouterProvider router={router} />);
    console.error = spy;
    expect(await screen.findByRole('heading', { name: 'Something went wrong.' })).toBeInTheDocument();
    expect(screen.getByText('Error details')).toBeInTheDocument();
    expect(screen.getByText(/kaboom/)).toBeInTheDocument();
  });
});
