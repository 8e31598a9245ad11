import { expect, test, type Page } from '@playwright/test';

// Screens of the accounts pages in light, dark and Arabic, for a person to look at.
// Runs only with SCREENSHOTS=1 (writes PNGs under test-results/screens).
test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

const variants = [
  { name: 'light', theme: 'light', lang: 'en' },
  { name: 'dark', theme: 'dark', lang: 'en' },
  { name: 'ar', theme: 'light', lang: 'ar' },
] as const;

async function prepare(page: Page, theme: string, lang: string) {
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('theme', t);
      localStorage.setItem('i18nextLng', l);
    },
    [theme, lang],
  );
}

test.describe.serial('screenshots', () => {
  const email = `shots-${Date.now().toString(36)}@example.com`;
  const password = 'screenshot-pass';

  test('accounts screens', async ({ page, request }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    const reg = await request.post('/api/auth/register', { data: { email, password, firstName: 'Sam', lastName: 'Shots' } });
    expect(reg.ok()).toBeTruthy();
    const { data } = (await reg.json()) as { data: { token: string; refreshToken: string; user: unknown } };

    for (const v of variants) {
      await prepare(page, v.theme, v.lang);
      const shot = (n: string) => page.screenshot({ path: `test-results/screens/${n}-${v.name}.png`, fullPage: true });

      await page.goto('/login?expired=true');
      await page.waitForLoadState('networkidle');
      await shot('login-expired');

      await page.goto('/signup');
      await page.waitForLoadState('networkidle');
      await page.locator('input[autocomplete="name"]').fill('Sam Shots');
      await page.locator('input[type="email"]').fill(email);
      await page.locator('input[type="password"]').fill(password);
      await page.locator('button[type="submit"]').click();
      await expect(page.locator('input[type="email"]')).toHaveAttribute('aria-invalid', 'true');
      await shot('signup-errors');

      await page.goto('/forgot-password');
      await page.waitForLoadState('networkidle');
      await shot('forgot-password');

      await page.goto('/reset-password?token=abc');
      await page.waitForLoadState('networkidle');
      await page.locator('input[type="password"]').nth(0).fill('new-password');
      await page.locator('input[type="password"]').nth(1).fill('other-password');
      await page.locator('button[type="submit"]').click();
      await shot('reset-password');

      await page.goto('/verify-email?token=' + '0'.repeat(64));
      await page.waitForLoadState('networkidle');
      await shot('verify-email');

      await page.evaluate(
        ([token, refresh, user]) => {
          localStorage.setItem('agentforge_token', token);
          localStorage.setItem('agentforge_refresh_token', refresh);
          localStorage.setItem('agentforge_user', user);
        },
        [data.token, data.refreshToken, JSON.stringify(data.user)],
      );
      await page.goto('/dashboard/settings');
      await page.waitForLoadState('networkidle');
      await shot('settings');
      await page.locator('button.bg-red-600').first().click();
      await shot('settings-delete-dialog');
      await page.evaluate(() => localStorage.clear());
    }
  });
});
