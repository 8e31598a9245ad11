import { execFileSync } from 'node:child_process';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * Signs a fresh user up through the API and puts the session into the browser's storage, as the
 * sign-in page would. Returns the access token, for API calls the test makes on the user's behalf.
 */
export async function signIn(page: Page, request: APIRequestContext, tag: string): Promise<string> {
  return (await signInAccount(page, request, tag)).token;
}

/** As `signIn`, also handing back the new account's email address (say, to invite it). */
export async function signInAccount(page: Page, request: APIRequestContext, tag: string): Promise<{ token: string; email: string }> {
  const email = `${tag}-${Date.now().toString(36)}@example.com`;
  const reg = await request.post('/api/auth/register', { data: { email, password: `${tag}-e2e-password`, firstName: 'Ava', lastName: 'Tester' } });
  expect(reg.ok()).toBeTruthy();
  const { data } = (await reg.json()) as { data: { token: string; refreshToken: string; user: unknown } };
  await page.goto('/');
  await page.evaluate(
    ([token, refresh, user]) => {
      localStorage.setItem('agentforge_token', token);
      localStorage.setItem('agentforge_refresh_token', refresh);
      localStorage.setItem('agentforge_user', user);
    },
    [data.token, data.refreshToken, JSON.stringify(data.user)],
  );
  return { token: data.token, email };
}

/**
 * Verifies the address of `email`'s account as its owner would: with the link of its verification
 * email, read in the outbox by an admin that the binary's create-admin makes on the test server's
 * database (invitations need a verified address).
 */
export async function verifyEmail(request: APIRequestContext, email: string): Promise<void> {
  const admin = { email: `verifier-${Date.now().toString(36)}@example.com`, password: 'verifier-e2e-password' };
  execFileSync(process.env.AGENTFORGE_BIN ?? '../target/debug/agentforge', ['create-admin', '--email', admin.email, '--password', admin.password], {
    env: {
      ...process.env,
      AGENTFORGE_DATA_DIR: process.env.AGENTFORGE_E2E_DATA_DIR,
      AGENTFORGE_SECRET_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      AGENTFORGE_LOG_LEVEL: 'warn',
    },
    stdio: 'pipe',
  });
  const login = await request.post('/api/auth/login', { data: admin });
  expect(login.ok()).toBeTruthy();
  const { data: session } = (await login.json()) as { data: { token: string } };
  const outbox = await request.get('/api/admin/mail-outbox?page=1&limit=100', { headers: { Authorization: `Bearer ${session.token}` } });
  expect(outbox.ok()).toBeTruthy();
  const { data: mails } = (await outbox.json()) as { data: { to: string; body: string }[] };
  const link = /\/verify-email\?token=([0-9a-f]{64})/;
  const mail = mails.find((m) => m.to === email && link.test(m.body));
  expect(mail, `a verification email to ${email}`).toBeTruthy();
  const verified = await request.post('/api/auth/verify-email', { data: { token: link.exec(mail!.body)![1] } });
  expect(verified.ok()).toBeTruthy();
}
