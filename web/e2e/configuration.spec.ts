import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { makeAdmin, signIn, storeSession } from './helpers';

// Admin › Configuration end to end, on the tools server of playwright.config.ts, which keeps the
// specification's defaults (every feature flag off) and whose model is the OpenAI-compatible
// stand-in: a user's agent page says uploads are off; an admin switches them on and saves; the
// user's page, never reloaded, offers the upload at once (the server tells the socket, the app
// reads the flags again). Then the admin tries the model connection.

test('an admin turns uploads on and a user’s open page follows without a reload', async ({ page, browser, request }) => {
  test.setTimeout(60_000);
  // A user's agent page, open before the change.
  const token = await signIn(page, request, 'flags-user');
  const created = await request.post('/api/agents', { headers: { Authorization: `Bearer ${token}` }, data: { name: 'Kettle' } });
  expect(created.ok()).toBeTruthy();
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;
  await page.goto(`/dashboard/agents/${agentId}`);
  await expect(page.getByText(/turned file uploads off/)).toBeVisible();
  await expect(page.getByTestId('document-upload')).toHaveCount(0);

  // An admin of this server, made by the binary.
  const { session } = await makeAdmin(request, 'flags-admin', join(process.env.AGENTFORGE_E2E_DATA_DIR ?? '.', 'tools'));
  const admin = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await admin.goto('/');
  await storeSession(admin, session);

  await admin.goto('/admin/configuration#features');
  const features = admin.getByTestId('config-features');
  await expect(features.getByText('From the environment')).toBeVisible();
  const uploads = features.getByRole('switch', { name: 'File uploads' });
  await expect(uploads).not.toBeChecked();
  await uploads.click();
  await features.getByRole('button', { name: 'Save' }).click();
  await expect(features.getByText('Saved and applied')).toBeVisible();
  await expect(features.getByText('Saved here')).toBeVisible();

  // The user's page, not reloaded, offers the upload now.
  await expect(page.getByTestId('document-upload')).toBeAttached({ timeout: 10_000 });
  await expect(page.getByText(/turned file uploads off/)).toHaveCount(0);

  // The model this server runs on (the stand-in) answers a test.
  const model = admin.getByTestId('config-model');
  await model.getByRole('button', { name: 'Test connection' }).click();
  await expect(model.getByText(/answered/)).toBeVisible({ timeout: 20_000 });
  await admin.close();
});
