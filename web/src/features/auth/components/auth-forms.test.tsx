import { screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { makeSession, makeUser } from '@/testing/mocks/users';
import { renderApp } from '@/testing/test-utils';

describe('sign-in form', () => {
  it('shows the generic validation messages', async () => {
    const { user } = renderApp('/login');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    await user.type(screen.getByLabelText('Email'), 'nope');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
    expect(screen.getByText('String must contain at least 8 character(s)')).toBeInTheDocument();
  });

  it("shows the server's message, or 'Login failed'", async () => {
    server.use(mockApi.post('/auth/login', () => fail(400, 'invalid_credentials', 'Wrong email or password')));
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password');

    server.use(mockApi.post('/auth/login', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });

  it('shows the session-expired notice', async () => {
    renderApp('/login?expired=true');
    expect(await screen.findByText('Your session has expired. Please sign in again.')).toBeInTheDocument();
  });
});

describe('sign-up form', () => {
  it('splits the full name and stores the session', async () => {
    let sent: unknown;
    server.use(
      mockApi.post('/auth/register', async ({ request }) => {
        sent = await request.json();
        return ok(makeSession({ token: 'tok', user: makeUser({ id: '9', email: 'grace@example.com', firstName: 'Grace', lastName: 'Brewster Hopper' }) }), 201);
      }),
    );
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Grace Brewster Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Grace' })).toBeInTheDocument();
    // The app's language goes with it: the account's email is written in it.
    expect(sent).toEqual({ email: 'grace@example.com', password: 'correct horse', firstName: 'Grace', lastName: 'Brewster Hopper', language: 'en' });
    expect(localStorage.getItem('agentforge_token')).toBe('tok');
  });

  it("shows 'Registration failed' when the server says nothing", async () => {
    server.use(mockApi.post('/auth/register', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/register');
    await user.type(await screen.findByLabelText('Full name'), 'Ada');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
  });
});

describe('server field errors', () => {
  it('puts the server field errors beside their fields on sign-up (firstName/lastName → full name)', async () => {
    server.use(
      mockApi.post('/auth/register', () =>
        fail(422, 'validation_failed', 'Validation failed', [
              { field: 'email', message: 'An account with this email already exists' },
              { field: 'lastName', message: 'Too long' },
            ]),
      ),
    );
    const { user } = renderApp('/signup');
    await user.type(await screen.findByLabelText('Full name'), 'Ada Lovelace');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText('Email');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(email.getAttribute('aria-describedby')!)).toHaveTextContent('An account with this email already exists');
    const fullName = screen.getByLabelText('Full name');
    expect(document.getElementById(fullName.getAttribute('aria-describedby')!)).toHaveTextContent('Too long');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('puts a sign-in field error beside its field', async () => {
    server.use(
      mockApi.post('/auth/login', () =>
        fail(422, 'validation_failed', 'Validation failed', [{ field: 'email', message: 'Invalid email' }]),
      ),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Invalid email')).toBeInTheDocument();
  });

  it('stores the refresh token of a successful sign-in', async () => {
    server.use(
      mockApi.post('/auth/login', () =>
        ok(makeSession({ token: 'tok', refreshToken: 'ref', expiresIn: 900, user: makeUser({ id: '3', email: 'c@d.co', firstName: 'Cy', role: 'user' }) })),
      ),
    );
    const { user } = renderApp('/login');
    await user.type(await screen.findByLabelText('Email'), 'c@d.co');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Cy' })).toBeInTheDocument();
    expect(localStorage.getItem('agentforge_refresh_token')).toBe('ref');
  });
});
