import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * Signs a fresh user up through the API and puts the session into the browser's storage, as the
 * sign-in page would. Returns the access token, for API calls the test makes on the user's behalf.
 */
export async function signIn(page: Page, request: APIRequestContext, tag: string): Promise<string> {
  return (await signInAccount(page, request, tag)).token;
}

/** As `signIn`, also handing back the new account's email address (say, to invite it). */
export async function signInAccount(page: Page, request: APIRequestContext, tag: string): Promise<{ token: string; email: string }> {
  const email = uniqueEmail(tag);
  const reg = await request.post('/api/auth/register', { data: { email, password: `${tag}-e2e-password`, firstName: 'Ava', lastName: 'Tester' } });
  expect(reg.ok(), `sign-up answered ${reg.status()}: ${await reg.text()}`).toBeTruthy();
  const { data } = (await reg.json()) as { data: { token: string; refreshToken: string; user: unknown } };
  await page.goto('/');
  await storeSession(page, data);
  return { token: data.token, email };
}

/**
 * An address no other sign-up of the run has: the time and a random part (tests of one project run
 * in parallel workers, and two may start in the same millisecond).
 */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export type Session = { token: string; refreshToken: string; user: unknown };

/** Puts a session into the browser's storage, as the sign-in page would (the page must be open). */
export async function storeSession(page: Page, session: Session): Promise<void> {
  await page.evaluate(
    ([token, refresh, user]) => {
      localStorage.setItem('agentforge_token', token);
      localStorage.setItem('agentforge_refresh_token', refresh);
      localStorage.setItem('agentforge_user', user);
    },
    [session.token, session.refreshToken, JSON.stringify(session.user)],
  );
}

/**
 * Signs a fresh account up through the API, makes it an admin with the binary's own `create-admin`
 * on the test server's data directory (`dataDir`, default the main server's), and signs it in.
 */
export async function makeAdmin(
  request: APIRequestContext,
  tag: string,
  dataDir: string | undefined = process.env.AGENTFORGE_E2E_DATA_DIR,
): Promise<{ email: string; password: string; session: Session }> {
  const email = uniqueEmail(tag);
  const password = `${tag}-e2e-password`;
  const registered = await request.post('/api/auth/register', { data: { email, password, firstName: 'Ada', lastName: 'Admin' } });
  expect(registered.ok(), `sign-up answered ${registered.status()}: ${await registered.text()}`).toBeTruthy();
  execFileSync(process.env.AGENTFORGE_BIN ?? '../target/debug/agentforge', ['create-admin', '--email', email, '--password', password], {
    env: {
      ...process.env,
      AGENTFORGE_DATA_DIR: dataDir,
      AGENTFORGE_SECRET_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      AGENTFORGE_LOG_LEVEL: 'warn',
    },
    stdio: 'pipe',
  });
  const login = await request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok(), `sign-in answered ${login.status()}: ${await login.text()}`).toBeTruthy();
  const session = ((await login.json()) as { data: Session }).data;
  expect((session.user as { role: string }).role).toBe('admin');
  return { email, password, session };
}

/** Where the test server prints the emails it keeps (`AGENTFORGE_MAIL_CONSOLE`, playwright.config.ts). */
export function mailConsolePath(): string {
  return join(process.env.AGENTFORGE_E2E_DATA_DIR ?? '.', 'mail-console.log');
}

/**
 * The newest link to `path` (`/verify-email`, `/reset-password` …) with its token, in an email to
 * `to` as the test server printed it, waited for a while (a password reset is written by a job).
 * The server keeps no email's words where an admin could read them; the development console, which
 * the test server writes to a file, is where a developer without a mail server finds them.
 */
export async function linkFromMail(to: string, path: string): Promise<string> {
  const link = new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([0-9a-f]{64})`);
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const printed = existsSync(mailConsolePath()) ? readFileSync(mailConsolePath(), 'utf8') : '';
        const mails = printed.split('\n===== email ').filter((m) => m.toLowerCase().includes(`\nto: ${to.toLowerCase()}\n`));
        found = mails
          .map((m) => link.exec(m)?.[1])
          .filter((token) => token !== undefined)
          .at(-1);
        return found !== undefined;
      },
      { message: `an email to ${to} with a ${path} link`, timeout: 10_000 },
    )
    .toBe(true);
  return `${path}?token=${found!}`;
}

/**
 * Verifies the address of `email`'s account as an operator of a server with no mail server does,
 * with the binary's `verify-email` on the test server's database (invitations need a verified
 * address).
 */
export function verifyEmail(email: string): void {
  execFileSync(process.env.AGENTFORGE_BIN ?? '../target/debug/agentforge', ['verify-email', '--email', email], {
    env: {
      ...process.env,
      AGENTFORGE_DATA_DIR: process.env.AGENTFORGE_E2E_DATA_DIR,
      AGENTFORGE_SECRET_KEY: '0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef',
      AGENTFORGE_LOG_LEVEL: 'warn',
    },
    stdio: 'pipe',
  });
}

/** Opens the app in `look`'s theme (`light`, `dark`) and language from the first page on, as a
 * screenshot in that look needs. */
export async function wearLook(page: Page, look: { theme: string; lang: string }): Promise<void> {
  await page.addInitScript(
    ([theme, lang]) => {
      localStorage.setItem('theme', theme);
      localStorage.setItem('i18nextLng', lang);
    },
    [look.theme, look.lang],
  );
}

/** Drags with the mouse from the middle of one element to the middle of another, in steps (xyflow follows pointer moves). */
export async function dragBetween(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 20, a.y + a.height / 2 + 10, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}
