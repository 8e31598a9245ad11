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
