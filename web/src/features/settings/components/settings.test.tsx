import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { mockStatus, WITH_MAIL } from '@/testing/mocks/system';
import { plainUser, renderApp } from '@/testing/test-utils';

const serverUser = { ...plainUser, id: '2', emailVerified: true, createdAt: '2026-01-01T00:00:00Z' };

function profileSection() {
  return screen.getByRole('region', { name: 'Profile' });
}

describe('settings: profile', () => {
  it('saves names and updates the signed-in user', async () => {
    let sent: unknown;
    server.use(
      mockApi.put('/settings/profile', async ({ request }) => {
        sent = await request.json();
        return ok({ user: { ...serverUser, firstName: 'Robert' } });
      }),
    );
    const { user } = renderApp('/dashboard/settings', { user: serverUser });
    const first = await within(await screen.findByRole('region', { name: 'Profile' })).findByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Robert');
    await user.click(within(profileSection()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(sent).toEqual({ firstName: 'Robert', lastName: 'User' });
    expect(JSON.parse(localStorage.getItem('agentforge_user')!)).toMatchObject({ firstName: 'Robert' });
  });

  it('asks for the current password to change the email and shows the server error beside it', async () => {
    let sent: unknown;
    server.use(
      mockApi.put('/settings/profile', async ({ request }) => {
        sent = await request.json();
        return fail(422, 'validation_failed', 'Validation failed', [{ field: 'currentPassword', message: 'Current password is incorrect' }]);
      }),
    );
    const { user } = renderApp('/dashboard/settings', { user: serverUser });
    const section = await screen.findByRole('region', { name: 'Profile' });
    const email = within(section).getByLabelText('Email');
    await user.clear(email);
    await user.type(email, 'robert@example.com');
    await user.click(within(section).getByRole('button', { name: 'Save changes' }));
    expect(await within(section).findByText('Required')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Current password'), 'wrong-one');
    await user.click(within(section).getByRole('button', { name: 'Save changes' }));
    expect(await within(section).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(within(section).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual({ firstName: 'Bob', lastName: 'User', email: 'robert@example.com', currentPassword: 'wrong-one' });
  });

  it('shows the not-verified notice with a resend button', async () => {
    mockStatus(WITH_MAIL);
    let resent = false;
    server.use(
      mockApi.post('/auth/resend-verification', () => {
        resent = true;
        return ok({ message: 'Sent' });
      }),
    );
    const { user } = renderApp('/dashboard/settings', { user: { ...serverUser, emailVerified: false } });
    const section = await screen.findByRole('region', { name: 'Profile' });
    expect(await within(section).findByText('bob@example.com is not verified yet. Open the link we emailed you, or ask for a new one.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Resend verification link' }));
    expect(await screen.findByText('A new verification link was sent to bob@example.com.')).toBeInTheDocument();
    expect(resent).toBe(true);
  });

  it('says that no email went out, and who can verify the address, when the server has no mail server (outbox)', async () => {
    server.use(mockApi.post('/auth/resend-verification', () => ok({ message: 'Sent' })));
    const { user } = renderApp('/dashboard/settings', { user: { ...serverUser, emailVerified: false } });
    const section = await screen.findByRole('region', { name: 'Profile' });
    expect(
      await within(section).findByText(
        'bob@example.com is not verified yet. This server has no mail server yet, so no email went out: an administrator can verify your address (Admin › Users) or set up mail.',
      ),
    ).toBeInTheDocument();
    expect(within(section).queryByText(/Open the link we emailed you/)).not.toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Resend verification link' }));
    expect(await screen.findByText('This server has no mail server yet, so no email went out: an administrator can verify your address (Admin › Users) or set up mail.')).toBeInTheDocument();
    expect(screen.queryByText('A new verification link was sent to bob@example.com.')).not.toBeInTheDocument();
  });
});

describe('settings: password', () => {
  it('changes the password and stores the new session the server hands back', async () => {
    let sent: unknown;
    server.use(
      mockApi.put('/settings/profile', async ({ request }) => {
        sent = await request.json();
        return ok({ user: serverUser, session: { token: 'new-access', refreshToken: 'new-refresh', expiresIn: 900, user: serverUser } });
      }),
    );
    const { user } = renderApp('/dashboard/settings', { user: serverUser });
    const section = await screen.findByRole('region', { name: 'Password' });
    await user.type(within(section).getByLabelText('Current password'), 'old-password');
    await user.type(within(section).getByLabelText('New password'), 'short');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await within(section).findByText('String must contain at least 8 character(s)')).toBeInTheDocument();
    await user.clear(within(section).getByLabelText('New password'));
    await user.type(within(section).getByLabelText('New password'), 'new-password-1');
    await user.type(within(section).getByLabelText('Confirm new password'), 'new-password-1');
    await user.click(within(section).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    expect(sent).toEqual({ currentPassword: 'old-password', newPassword: 'new-password-1' });
    expect(localStorage.getItem('agentforge_token')).toBe('new-access');
    expect(localStorage.getItem('agentforge_refresh_token')).toBe('new-refresh');
  });
});

describe('settings: delete account', () => {
  it('asks for the password, shows a wrong one beside the field, then signs out locally only', async () => {
    const bodies: unknown[] = [];
    let logoutCalled = false;
    server.use(
      mockApi.delete('/settings/account', async ({ request }) => {
        const body = await request.json();
        bodies.push(body);
        return body.password === 'right-password'
          ? ok({ message: 'Account deleted' })
          : fail(422, 'validation_failed', 'Validation failed', [{ field: 'password', message: 'Password is incorrect' }]);
      }),
      mockApi.post('/auth/logout', () => {
        logoutCalled = true;
        return ok({ message: 'Logged out' });
      }),
    );
    const { user, router } = renderApp('/dashboard/settings', { user: serverUser });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Password is incorrect')).toBeInTheDocument();
    expect(localStorage.getItem('agentforge_token')).toBe('test-token');

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('Your account has been deleted.')).toBeInTheDocument();
    expect(localStorage.getItem('agentforge_token')).toBeNull();
    expect(localStorage.getItem('agentforge_user')).toBeNull();
    expect(bodies).toEqual([{ password: 'wrong-password' }, { password: 'right-password' }]);
    expect(logoutCalled).toBe(false);
  });

  it('closes the dialog with Cancel', async () => {
    const { user } = renderApp('/dashboard/settings', { user: serverUser });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
