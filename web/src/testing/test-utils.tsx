import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import type { User } from '@/lib/auth';
import { TOKEN_KEY, USER_KEY } from '@/lib/storage';
import { makeUser } from '@/testing/mocks/users';

/** The users of the tests, as the API gives them (GET /auth/me). */
export const adminUser = makeUser({ id: '1', email: 'ada@example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin' });
export const plainUser = makeUser({ id: '2', email: 'bob@example.com', firstName: 'Bob', lastName: 'User', role: 'user' });

export function storeSession(user: User, token = 'test-token') {
  localStorage.setItem(TOKEN_KEY, token);
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** Renders the whole app, with its real route table, at `path`. */
export function renderApp(path: string, opts: { user?: User } = {}) {
  if (opts.user) storeSession(opts.user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user: userEvent.setup() };
}
