import { expect, test, type Page } from '@playwright/test';
import { linkFromMail } from './helpers';

// Serial: the first test creates the FIRST account of the fresh database, which is the admin.
test.describe.serial('accounts and sessions', () => {
  const run = Date.now().toString(36);
  const admin = { name: 'Ada Lovelace', email: `ada-${run}@example.com`, password: 'analytical-engine' };
  const member = { name: 'Bob Builder Jr', email: `bob-${run}@example.com`, password: 'can-we-fix-it', newPassword: 'yes-we-can-2' };

  async function signUp(page: Page, who: { name: string; email: string; password: string }) {
    await page.goto('/signup');
    await page.getByLabel('Full name').fill(who.name);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password').fill(who.password);
    await page.getByRole('button', { name: 'Create account' }).click();
  }

  async function signIn(page: Page, email: string, password: string) {
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
  }

  test('the first account signs up, is the admin and sees the admin area', async ({ page }) => {
    await signUp(page, admin);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin area' }).first()).toBeVisible();
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('navigation', { name: 'Administration' })).toBeVisible();
    const stored = await page.evaluate(() => ({
      user: JSON.parse(localStorage.getItem('agentforge_user') ?? '{}') as { role?: string },
      refresh: localStorage.getItem('agentforge_refresh_token'),
    }));
    expect(stored.user.role).toBe('admin');
    expect(stored.refresh).toBeTruthy();
  });

  test('a second user signs up, stays signed in across a reload and signs out', async ({ page }) => {
    await signUp(page, member);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Bob' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Welcome, Bob' })).toBeVisible();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('agentforge_token'), localStorage.getItem('agentforge_refresh_token')])).toEqual([null, null]);
  });

  test('signing up again with the same email shows the error beside the email field', async ({ page }) => {
    await signUp(page, { ...member, email: member.email.toUpperCase() });
    await expect(page.getByText('An account with this email already exists')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('a signed-out visit to /dashboard/agents goes to /login and back after signing in', async ({ page }) => {
    await page.goto('/dashboard/agents');
    await expect(page).toHaveURL(/\/login$/);
    await signIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/dashboard\/agents$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Agents' })).toBeVisible();
  });

  test('the verification link of the email verifies the address', async ({ page }) => {
    const link = await linkFromMail(member.email, '/verify-email');
    await page.goto(link);
    await expect(page.getByText('Your email address is verified. Thank you!')).toBeVisible();
    // Single use: the same link a second time is refused.
    await page.reload();
    await expect(page.getByText('This link is invalid or has expired')).toBeVisible();
  });

  test('forgot and reset password round trip through the email, then sign in with the new password', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('status').filter({ hasText: /reset/i })).toBeVisible();

    const link = await linkFromMail(member.email, '/reset-password');
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill(member.newPassword);
    await page.getByLabel('Confirm new password').fill(member.newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your password has been reset. Sign in with your new password.')).toBeVisible();

    await signIn(page, member.email, member.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await signIn(page, member.email, member.newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Bob' })).toBeVisible();
  });

  test('an expired token leads to /login?expired=true with the expired message', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, member.email, member.newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.evaluate(() => {
      localStorage.setItem('agentforge_token', 'expired.garbage.token');
      localStorage.removeItem('agentforge_refresh_token');
    });
    // The dashboard still open may call the API first (a refetch, the socket), meet the bad token
    // and go to /login?expired=true itself, which aborts this navigation: either way ends there.
    await page.goto('/dashboard').catch((e: Error) => expect(e.message).toContain('ERR_ABORTED'));
    await expect(page).toHaveURL(/\/login\?expired=true$/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('agentforge_token'))).toBeNull();
  });

  test('an expiring access token is refreshed silently with the refresh token', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, member.email, member.newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    const refreshBefore = await page.evaluate(() => localStorage.getItem('agentforge_refresh_token'));
    // A garbage access token is refused (401); the client refreshes once and retries.
    await page.evaluate(() => localStorage.setItem('agentforge_token', 'not.a.jwt'));
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('agentforge_refresh_token'))).not.toBe(refreshBefore);
    await expect(page).toHaveURL(/\/dashboard\/settings$/);
    const after = await page.evaluate(() => localStorage.getItem('agentforge_token'));
    expect(after).not.toBe('not.a.jwt');
    // The new access token works.
    const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${after}` } });
    expect(me.ok()).toBeTruthy();
  });

  test('a non-admin is sent away from /admin with the access-denied toast', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, member.email, member.newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('alert').filter({ hasText: 'Access denied. Admin privileges required.' })).toBeVisible();
  });

  test('settings: change the name, then delete the account with the password', async ({ page, request }) => {
    await page.goto('/login');
    await signIn(page, member.email, member.newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/dashboard/settings');
    const profile = page.getByRole('region', { name: 'Profile' });
    await profile.getByLabel('First name').fill('Robert');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Profile updated')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu' })).toContainText('Robert');

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Password').fill('wrong-password');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('Password is incorrect')).toBeVisible();
    await dialog.getByLabel('Password').fill(member.newPassword);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your account has been deleted.')).toBeVisible();
    const login = await request.post('/api/auth/login', { data: { email: member.email, password: member.newPassword } });
    expect(login.status()).toBe(401);
  });

  test('the admin reads the audit log: a filter, an entry with its diff, and the export', async ({ page }) => {
    await page.goto('/login');
    await signIn(page, admin.email, admin.password);
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/admin/audit-logs');
    await expect(page.getByRole('heading', { level: 1, name: 'Audit logs' })).toBeVisible();
    const filters = page.getByRole('search', { name: 'Filter the audit log' });
    // The member's sign-in with the old password, failed.
    await filters.getByLabel('Action').selectOption('user.login_failed');
    await filters.getByLabel('Search').fill(member.email);
    const rows = page.getByTestId('audit-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Failed');
    // The profile change, with what changed.
    await filters.getByLabel('Action').selectOption('user.profile_update');
    await expect(rows).toHaveCount(1);
    await rows.first().getByRole('button', { name: /user\.profile_update/ }).click();
    const entry = page.getByRole('dialog', { name: 'user.profile_update' });
    await expect(entry.getByTestId('audit-diff')).toContainText('Robert');
    await entry.getByRole('button', { name: 'Close' }).click();

    // Export: the file the server streams for the filters on screen (the browser's saving of it is
    // the unit tests': Playwright reports no download event for the blob link it clicks).
    await page.getByRole('button', { name: 'Export' }).click();
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('/api/admin/audit-logs/export')),
      page.getByRole('menuitem', { name: 'Download as CSV' }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-disposition']).toMatch(/attachment; filename="audit-log-.*\.csv"/);
    const asked = new URL(response.url()).searchParams;
    expect([asked.get('format'), asked.get('action'), asked.get('q')]).toEqual(['csv', 'user.profile_update', member.email]);
    // Its body went to the download; the same request again, as the app made it, to read it.
    const token = await page.evaluate(() => localStorage.getItem('agentforge_token'));
    const again = await page.request.get(response.url(), { headers: { Authorization: `Bearer ${token}` } });
    const text = await again.text();
    expect(text.split('\n')[0]).toContain('occurredAt');
    // What the filters select, and only that.
    const lines = text.trim().split('\n').slice(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('user.profile_update');
  });
});
