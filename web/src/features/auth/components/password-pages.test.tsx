import { screen } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { mockStatus, WITH_MAIL } from '@/testing/mocks/system';
import { plainUser, renderApp } from '@/testing/test-utils';

const generic = 'If an account exists for that address, we have sent a reset link.';

describe('forgot password', () => {
  it("validates, then shows the server's generic answer", async () => {
    mockStatus(WITH_MAIL);
    let sent: unknown;
    server.use(
      mockApi.post('/auth/forgot-password', async ({ request }) => {
        sent = await request.json();
        return ok({ message: generic });
      }),
    );
    const { user } = renderApp('/forgot-password');
    await user.click(await screen.findByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(generic)).toBeInTheDocument();
    expect(screen.getByText('Check your inbox; the link works for one hour.')).toBeInTheDocument();
    expect(sent).toEqual({ email: 'nobody@example.com' });
  });

  it('says that no email went out when the server has no mail server (outbox)', async () => {
    server.use(mockApi.post('/auth/forgot-password', () => ok({ message: generic })));
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'nobody@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('This server has no mail server yet, so no reset email went out: ask an administrator to set up mail or to help you sign in.')).toBeInTheDocument();
    expect(screen.queryByText(generic)).not.toBeInTheDocument();
    expect(screen.queryByText(/Check your inbox/)).not.toBeInTheDocument();
  });

  it("shows 'Failed to send reset email' when the server says nothing", async () => {
    server.use(mockApi.post('/auth/forgot-password', () => new HttpResponse(null, { status: 500 })));
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'a@b.co');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send reset email');
  });
});

describe('reset password', () => {
  it('checks the confirmation, sends the token and returns to /login with a notice', async () => {
    let sent: unknown;
    server.use(
      mockApi.post('/auth/reset-password', async ({ request }) => {
        sent = await request.json();
        return ok({ message: 'Password updated' });
      }),
    );
    const { user, router } = renderApp('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-typo');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Your password has been reset. Sign in with your new password.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sent).toEqual({ token: 'abc123', newPassword: 'brand-new-pass' });
  });

  it('explains an invalid link and offers a new one', async () => {
    server.use(
      mockApi.post('/auth/reset-password', () =>
        fail(400, 'invalid_token', 'This link is invalid or has expired'),
      ),
    );
    const { user } = renderApp('/reset-password?token=used');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
  });

  it("shows 'Failed to reset password' when the server says nothing, and server field errors beside the field", async () => {
    server.use(mockApi.post('/auth/reset-password', () => new HttpResponse(null, { status: 502 })));
    const { user } = renderApp('/reset-password?token=t');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to reset password');

    server.use(
      mockApi.post('/auth/reset-password', () =>
        fail(422, 'validation_failed', 'Validation failed', [{ field: 'newPassword', message: 'Too common' }]),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Too common')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks for the emailed link when the token is missing', async () => {
    renderApp('/reset-password');
    expect(await screen.findByText('This page needs the link from your reset email.')).toBeInTheDocument();
  });
});

describe('verify email', () => {
  it('verifies the token once on load and shows success', async () => {
    const calls: unknown[] = [];
    server.use(
      mockApi.post('/auth/verify-email', async ({ request }) => {
        calls.push(await request.json());
        return ok({ ...plainUser, emailVerified: true, createdAt: '2026-01-01T00:00:00Z' });
      }),
    );
    renderApp('/verify-email?token=feed');
    expect(await screen.findByText('Your email address is verified. Thank you!')).toBeInTheDocument();
    expect(calls).toEqual([{ token: 'feed' }]);
    const card = screen.getByText('Your email address is verified. Thank you!').closest('div.space-y-4');
    expect(card?.querySelector('a[href="/login"]')).toHaveTextContent('Sign in');
  });

  it('shows the invalid-link message and offers a resend when signed in', async () => {
    mockStatus(WITH_MAIL);
    let resent = 0;
    server.use(
      mockApi.post('/auth/verify-email', () =>
        fail(400, 'invalid_token', 'This link is invalid or has expired'),
      ),
      mockApi.post('/auth/resend-verification', () => {
        resent += 1;
        return ok({ message: 'Sent' });
      }),
    );
    const { user } = renderApp('/verify-email?token=old', { user: { ...plainUser, emailVerified: false } });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link is invalid or has expired');
    await user.click(screen.getByRole('button', { name: 'Resend verification link' }));
    expect(await screen.findByText('A new verification link was sent to bob@example.com.')).toBeInTheDocument();
    expect(resent).toBe(1);
  });

  it('asks a signed-out visitor with a bad link to sign in', async () => {
    server.use(mockApi.post('/auth/verify-email', () => fail(400, 'invalid_token', 'x')));
    renderApp('/verify-email?token=old');
    expect(await screen.findByText('Sign in to get a new link.')).toBeInTheDocument();
  });
});
