import { expect, test } from '@playwright/test';
import { signIn, signInAccount, verifyEmail } from './helpers';

// Two people in two browser contexts: A creates a team and invites B as a viewer; B, once B's
// address is verified, accepts in "Invitations for you"; A shares an agent with the team; B finds
// it, named by the team, and may read it but not change it.

test('a team: create, invite a viewer, accept, share an agent, and the viewer’s read-only access', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  const team = `Kettle crew ${Date.now().toString(36)}`;
  const tokenA = await signIn(page, request, 'team-owner');
  const contextB = await browser.newContext();
  const pageB = await contextB.newPage();
  const b = await signInAccount(pageB, request, 'team-viewer');

  // A creates the team in the UI and invites B's address as a viewer.
  await page.goto('/dashboard/settings/team');
  await page.getByRole('button', { name: 'Create team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a team' });
  await dialog.getByLabel('Name').fill(team);
  await dialog.getByLabel('Description').fill('Everyone who answers kettle questions.');
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText(`Team ${team} created`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: team })).toBeVisible();
  const invite = page.getByRole('region', { name: 'Invite someone' });
  await invite.getByLabel('Email').fill(b.email);
  await invite.getByLabel('Role').selectOption('viewer');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${b.email}`)).toBeVisible();
  await expect(invite.getByTestId('pending-invitation').filter({ hasText: b.email })).toContainText('Viewer');

  // Until B's address is verified, "Invitations for you" asks for that; then B accepts it there.
  await pageB.goto('/dashboard/settings/team');
  const mine = pageB.getByRole('region', { name: 'Invitations for you' });
  await expect(mine.getByText(/^Verify your email address to see and accept/)).toBeVisible();
  await expect(mine.getByRole('button', { name: `Accept the invitation to ${team}` })).toHaveCount(0);
  verifyEmail(b.email);
  await pageB.reload();
  await mine.getByRole('button', { name: `Accept the invitation to ${team}` }).click();
  await expect(pageB.getByText(`You joined ${team}`)).toBeVisible();
  await expect(pageB.getByRole('heading', { level: 2, name: team })).toBeVisible();
  await expect(mine).toHaveCount(0);
  await expect(pageB.getByRole('region', { name: 'Invite someone' })).toHaveCount(0);

  // A's message reaches B at once, on the screen B has open.
  await page.reload();
  const members = page.getByRole('region', { name: 'Members' });
  await expect(members.getByTestId('member-row').filter({ hasText: b.email })).toContainText('Viewer');
  const notify = page.getByRole('region', { name: 'Message the team' });
  await notify.getByLabel('Message').fill('Welcome aboard!');
  await notify.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Sent to 1 member')).toBeVisible();
  await expect(pageB.getByText('Ava Tester: Welcome aboard!')).toBeVisible();

  // A shares an agent (made through the API) with the team in the agent's share dialog.
  const created = await request.post('/api/agents', {
    headers: { Authorization: `Bearer ${tokenA}` },
    data: { name: 'Kettle helper', description: 'Answers questions about kettles.', status: 'active' },
  });
  expect(created.ok()).toBeTruthy();
  const agentId = ((await created.json()) as { data: { id: string } }).data.id;
  await page.goto(`/dashboard/agents/${agentId}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog', { name: 'Share Kettle helper' });
  await share.getByRole('combobox', { name: 'Share with a team' }).selectOption({ label: team });
  await share.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Shared with ${team}`)).toBeVisible();
  await share.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByTestId('team-badge')).toContainText(team);

  // B finds it among the agents, named by the team, and may not change it.
  await pageB.goto('/dashboard/agents');
  const row = pageB.getByRole('row').filter({ has: pageB.getByRole('link', { name: 'Kettle helper' }) });
  await expect(row.getByTestId('team-badge')).toContainText(team);
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await row.getByRole('link', { name: 'Kettle helper' }).click();
  await expect(pageB.getByRole('heading', { level: 1, name: 'Kettle helper' })).toBeVisible();
  await expect(pageB.getByText('View only')).toBeVisible();
  await expect(pageB.getByRole('link', { name: 'Chat with agent' })).toBeVisible();
  await expect(pageB.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await expect(pageB.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(pageB.getByRole('button', { name: 'Share' })).toHaveCount(0);
  await contextB.close();
});
