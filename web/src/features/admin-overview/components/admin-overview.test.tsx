import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminOverview, SetupStep } from '@/features/admin-overview/api/admin-overview';
import { adminOverviewApi, makeAdminOverview, makeContactMessage, makeOutbox } from '@/testing/mocks/admin-overview';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { FakeWebSocket } from '@/testing/mocks/realtime';
import { server } from '@/testing/mocks/server';
import { adminUser, renderApp } from '@/testing/test-utils';

/** A card of the page, by its title. */
const region = (name: string) => screen.getByRole('region', { name });

async function open(api = adminOverviewApi()) {
  server.use(...api.handlers);
  const rendered = renderApp('/admin', { user: adminUser });
  await screen.findByRole('region', { name: 'Health' });
  return { ...rendered, api };
}

const steps = (done: Record<string, boolean>): SetupStep[] => Object.entries(done).map(([step, d]) => ({ step, done: d }));
const mailOk = (o: AdminOverview): AdminOverview => ({
  ...o,
  health: o.health.map((h) => (h.name === 'mail' ? { ...h, status: 'ok', detail: 'Mail goes out over SMTP' } : h)),
});

describe('/admin', () => {
  it('lists what is left to set up, each linking to its card of the configuration, and goes once all is done', async () => {
    const api = adminOverviewApi(makeAdminOverview({ setup: steps({ model: false, mail: false, publicUrl: false, features: false }) }));
    const { user } = await open(api);
    expect(screen.getByRole('heading', { level: 1, name: 'Administration' })).toBeInTheDocument();

    let checklist = within(region('Finish setting up'));
    expect(checklist.getByText('0 of 4 done')).toBeInTheDocument();
    expect(checklist.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Connect a language model', '/admin/configuration#model'],
      ['Set up a mail server', '/admin/configuration#mail'],
      ['Set the public URL (not localhost)', '/admin/configuration#general'],
      ['Review the feature flags', '/admin/configuration#features'],
    ]);
    expect(checklist.getByText(/email is kept in the outbox below/)).toBeInTheDocument();

    // Two steps done: ticked, without a link.
    api.state.overview = { ...api.state.overview, setup: steps({ model: true, mail: false, publicUrl: true, features: false }) };
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(region('Finish setting up')).getByText('2 of 4 done')).toBeInTheDocument());
    checklist = within(region('Finish setting up'));
    expect(checklist.getAllByTestId('setup-step').map((s) => [s.dataset.step, s.dataset.done])).toEqual([
      ['model', 'true'],
      ['mail', 'false'],
      ['publicUrl', 'true'],
      ['features', 'false'],
    ]);
    expect(checklist.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/admin/configuration#mail', '/admin/configuration#features']);

    // Everything done: the card goes.
    api.state.overview = { ...api.state.overview, setup: steps({ model: true, mail: true, publicUrl: true, features: true }) };
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Finish setting up' })).not.toBeInTheDocument());
    expect(region('Health')).toBeInTheDocument();
  });

  it('shows the counts in the reader’s format, and each part’s health with its status word and the server’s words', async () => {
    const overview = makeAdminOverview();
    overview.health[0] = { name: 'database', status: 'down', detail: 'connection refused' };
    await open(adminOverviewApi(overview));

    const accounts = screen.getByTestId('stat-accounts');
    expect(accounts).toHaveTextContent('1,284');
    expect(accounts).toHaveTextContent('+37 this week');
    expect(accounts).toHaveTextContent('212 active today');
    expect(within(accounts).getByRole('link', { name: 'Manage users' })).toHaveAttribute('href', '/admin/users');
    const conversations = screen.getByTestId('stat-conversations');
    expect(conversations).toHaveTextContent('Conversations today486');
    expect(conversations).toHaveTextContent('Messages today: 3,921');
    expect(conversations).toHaveTextContent('Active now: 14');

    const health = within(region('Health'));
    const rows = health.getAllByTestId('health-row');
    expect(rows.map((r) => [r.dataset.component, r.dataset.status])).toEqual([
      ['database', 'down'],
      ['mail', 'fallback'],
      ['model', 'ok'],
      ['twilio', 'not_configured'],
      ['elevenlabs', 'not_configured'],
      ['gemini', 'not_configured'],
      ['stripe', 'fallback'],
    ]);
    const row = (name: string) => within(rows.find((r) => r.dataset.component === name)!);
    expect(row('database').getByText('Database')).toBeInTheDocument();
    expect(row('database').getByText('Down')).toBeInTheDocument();
    expect(row('database').getByText('connection refused')).toBeInTheDocument();
    expect(row('database').queryByRole('link')).not.toBeInTheDocument();
    expect(row('mail').getByText('Fallback')).toBeInTheDocument();
    expect(row('mail').getByText('No mail server: email is kept in the outbox')).toBeInTheDocument();
    expect(row('mail').getByRole('link', { name: 'Mail settings' })).toHaveAttribute('href', '/admin/configuration#mail');
    expect(row('model').getByText('Language model')).toBeInTheDocument();
    expect(row('model').getByText('Working')).toBeInTheDocument();
    expect(row('model').getByRole('link', { name: 'Language model settings' })).toHaveAttribute('href', '/admin/configuration#model');
    expect(row('twilio').getByText('Not configured')).toBeInTheDocument();
    expect(row('stripe').getByRole('link', { name: 'Stripe settings' })).toHaveAttribute('href', '/admin/configuration#stripe');
    expect(health.getByTestId('health-summary')).toHaveTextContent('Needs attention');
  });

  it('retries a job that failed for good, reads the overview again, and says why when the server refuses', async () => {
    const { user, api } = await open();
    const jobs = within(region('Background jobs'));
    expect(jobs.getByTestId('jobs-queued')).toHaveTextContent('3');
    expect(jobs.getByTestId('jobs-running')).toHaveTextContent('1');
    expect(jobs.getByTestId('jobs-retrying')).toHaveTextContent('1');
    expect(jobs.getByTestId('jobs-dead')).toHaveTextContent('2');
    const rows = jobs.getAllByTestId('dead-job');
    expect(rows).toHaveLength(2);
    const first = within(rows[0]);
    expect(first.getByText('mail.send')).toBeInTheDocument();
    expect(first.getByText('5')).toBeInTheDocument();
    // The error is cut short on screen, whole on hover.
    expect(first.getByTitle(/Recipient address rejected: User unknown in virtual mailbox table$/)).toBeInTheDocument();

    const before = api.state.overviewRequests;
    await user.click(first.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('mail.send queued again')).toBeInTheDocument();
    expect(api.state.retried).toEqual(['job-1']);
    await waitFor(() => expect(jobs.getAllByTestId('dead-job')).toHaveLength(1));
    expect(api.state.overviewRequests).toBeGreaterThan(before);
    expect(jobs.getByTestId('jobs-dead')).toHaveTextContent('1');
    expect(jobs.getByTestId('jobs-queued')).toHaveTextContent('4');

    // Someone retried it meanwhile: the server's reason is shown.
    server.use(mockApi.post('/admin/jobs/{id}/retry', () => fail(409, 'job_not_dead', 'The job has not failed for good')));
    await user.click(within(jobs.getByTestId('dead-job')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The job could not be retried')).toBeInTheDocument();
    expect(screen.getByText('The job has not failed for good')).toBeInTheDocument();
  });

  it('says when no job failed', async () => {
    const overview = makeAdminOverview();
    await open(adminOverviewApi({ ...overview, jobs: { ...overview.jobs, dead: 0, deadJobs: [] } }));
    expect(within(region('Background jobs')).getByText('No failed jobs')).toBeInTheDocument();
  });

  it('offers "Send again" only on kept and failed emails, ten at a time', async () => {
    const { user, api } = await open();
    const outbox = within(region('Mail outbox'));
    const rows = await outbox.findAllByTestId('outbox-mail');
    expect(rows).toHaveLength(10);
    expect(api.state.outboxRequests.at(-1)?.searchParams.get('limit')).toBe('10');
    const rowOf = (to: string) => within(outbox.getAllByTestId('outbox-mail').find((r) => within(r).queryByText(to))!);

    const kept = rowOf('carol@example.com');
    expect(kept.getByText('Kept')).toBeInTheDocument();
    expect(kept.getByText('Verify your AgentForge email')).toBeInTheDocument();
    expect(kept.getByText('Email verification')).toBeInTheDocument();
    expect(kept.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
    const failed = rowOf('dora@example.org');
    expect(failed.getByText('Failed')).toBeInTheDocument();
    expect(failed.getByText('Password reset')).toBeInTheDocument();
    expect(failed.getByTitle('550 5.1.1 Recipient address rejected')).toBeInTheDocument();
    expect(failed.getByRole('button', { name: 'Send again' })).toBeInTheDocument();
    const sent = rowOf('erin@example.com');
    expect(sent.getByText('Sent')).toBeInTheDocument();
    expect(sent.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    const queued = rowOf('frank@example.com');
    expect(queued.getByText('Queued')).toBeInTheDocument();
    expect(queued.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(outbox.getAllByRole('button', { name: 'Send again' })).toHaveLength(2);

    // No mail server: what to do meanwhile.
    const hint = outbox.getByText(/No mail server is configured: email stays here/).closest('[role="status"]') as HTMLElement;
    expect(within(hint).getByRole('link', { name: 'Set up mail' })).toHaveAttribute('href', '/admin/configuration#mail');
    expect(hint).toHaveTextContent("an admin can mark an account's address verified from Admin › Users");
    expect(within(hint).getByRole('link', { name: 'Open users' })).toHaveAttribute('href', '/admin/users');

    expect(outbox.getByText('1–10 of 12')).toBeInTheDocument();
    await user.click(outbox.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(outbox.getAllByTestId('outbox-mail')).toHaveLength(2));
    expect(api.state.outboxRequests.at(-1)?.searchParams.get('page')).toBe('2');
    expect(outbox.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });

  it('says where to set a mail server when the server refuses to send again without one, and sends once there is one', async () => {
    const { user, api } = await open();
    const outbox = within(region('Mail outbox'));
    await outbox.findAllByTestId('outbox-mail');
    const carol = () => within(outbox.getAllByTestId('outbox-mail').find((r) => within(r).queryByText('carol@example.com'))!);

    await user.click(carol().getByRole('button', { name: 'Send again' }));
    const alert = await outbox.findByRole('alert');
    expect(alert).toHaveTextContent('No mail server is configured: set one in Admin › Configuration first');
    expect(within(alert).getByRole('link', { name: 'Open mail settings' })).toHaveAttribute('href', '/admin/configuration#mail');
    expect(api.state.resent).toEqual(['mail-12']);

    // A mail server is set meanwhile: the same email goes.
    api.state.overview = mailOk(api.state.overview);
    await user.click(carol().getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Email to carol@example.com queued for delivery')).toBeInTheDocument();
    expect(api.state.resent).toEqual(['mail-12', 'mail-12']);
    await waitFor(() => expect(carol().getByText('Queued')).toBeInTheDocument());
    expect(carol().queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
    expect(outbox.queryByRole('alert')).not.toBeInTheDocument();
    // With mail configured, the hint is gone.
    await waitFor(() => expect(outbox.queryByText(/No mail server is configured: email stays here/)).not.toBeInTheDocument());
  });

  it('shows another refusal to send again as a toast', async () => {
    const { user } = await open();
    server.use(mockApi.post('/admin/mail-outbox/{id}/resend', () => fail(409, 'already_sent', 'This email was already sent')));
    const outbox = within(region('Mail outbox'));
    const [first] = await outbox.findAllByTestId('outbox-mail');
    await user.click(within(first).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('The email could not be sent again')).toBeInTheDocument();
    expect(screen.getByText('This email was already sent')).toBeInTheDocument();
    expect(outbox.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('lists the contact form’s messages five at a time, newest first, each mailed to the operator or kept here', async () => {
    const { user, api } = await open();
    const contact = within(region('Contact messages'));
    const items = await contact.findAllByTestId('contact-message');
    expect(items).toHaveLength(5);
    expect(api.state.contactRequests.at(-1)?.searchParams.get('limit')).toBe('5');

    // Mailed to the operator: who, where to write back, when, and the address it went to.
    const mailed = within(items[0]);
    expect(mailed.getByRole('heading', { level: 3, name: 'Pricing for 40 seats' })).toBeInTheDocument();
    expect(mailed.getByText('Grace Hopper · Harvard Computation Lab')).toBeInTheDocument();
    expect(mailed.getByRole('link', { name: 'grace@navy.example' })).toHaveAttribute('href', 'mailto:grace@navy.example');
    expect(items[0].querySelector('time')).toHaveAttribute('dateTime', '2026-03-01T11:55:00.000Z');
    expect(mailed.getByTestId('contact-delivery')).toHaveTextContent('Mailed to ops@agentforge.example');
    expect(mailed.queryByRole('link', { name: /Configuration › General/ })).not.toBeInTheDocument();
    // A short message shows whole, its line breaks kept.
    expect(mailed.getByTestId('contact-message-text').textContent).toBe('Hello,\nWe would like to try AgentForge with our support team. Is there a discount for 40 seats?\nThanks, Grace');
    expect(mailed.queryByRole('button', { name: 'Show all' })).not.toBeInTheDocument();

    // Kept here only: where to set the operator's address; no company, no separator.
    const kept = within(items[1]);
    expect(kept.getByText('Linus Berg')).toBeInTheDocument();
    expect(kept.getByTestId('contact-delivery')).toHaveTextContent("Kept here only — set the operator's address in Configuration › General");
    expect(kept.getByRole('link', { name: "set the operator's address in Configuration › General" })).toHaveAttribute('href', '/admin/configuration#general');

    // A long message: three lines until opened.
    const text = kept.getByTestId('contact-message-text');
    expect(text).toHaveClass('line-clamp-3', 'whitespace-pre-wrap');
    const toggle = kept.getByRole('button', { name: 'Show all' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', text.id);
    await user.click(toggle);
    expect(kept.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(text).not.toHaveClass('line-clamp-3');
    await user.click(kept.getByRole('button', { name: 'Show less' }));
    expect(text).toHaveClass('line-clamp-3');

    // The pager asks for page 2.
    expect(contact.getByText('1–5 of 7')).toBeInTheDocument();
    await user.click(contact.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(contact.getAllByTestId('contact-message')).toHaveLength(2));
    expect(api.state.contactRequests.at(-1)?.searchParams.get('page')).toBe('2');
    expect(api.state.contactRequests.at(-1)?.searchParams.get('limit')).toBe('5');
    expect(contact.getByText('6–7 of 7')).toBeInTheDocument();
    expect(contact.getByRole('heading', { level: 3, name: 'Question 2' })).toBeInTheDocument();

    // The page's Refresh reads them again.
    const before = api.state.contactRequests.length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(api.state.contactRequests.length).toBeGreaterThan(before));
  });

  it('replies to a message by email, "Re: " and its subject, and shows its words as plain text', async () => {
    const message = makeContactMessage({ email: 'linus@example.org', subject: 'Self-hosting & SSO?', message: 'Is <b>SSO</b> supported? <img src=x onerror=alert(1)>' });
    await open(adminOverviewApi(undefined, undefined, [message]));
    const contact = within(region('Contact messages'));
    const item = within(await contact.findByTestId('contact-message'));
    expect(item.getByRole('link', { name: 'Reply' })).toHaveAttribute('href', 'mailto:linus@example.org?subject=Re%3A%20Self-hosting%20%26%20SSO%3F');
    expect(item.getByRole('link', { name: 'linus@example.org' })).toHaveAttribute('href', 'mailto:linus@example.org');
    const text = item.getByTestId('contact-message-text');
    expect(text.textContent).toBe('Is <b>SSO</b> supported? <img src=x onerror=alert(1)>');
    expect(text.querySelector('b, img')).toBeNull();
    // One message: no pager.
    expect(contact.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('says where the contact form is when nobody wrote yet', async () => {
    await open(adminOverviewApi(undefined, makeOutbox(), []));
    const contact = within(region('Contact messages'));
    expect(await contact.findByText('No messages yet')).toBeInTheDocument();
    expect(contact.getByText('The contact form is at /contact.')).toBeInTheDocument();
    expect(contact.getByRole('link', { name: 'Open the contact form' })).toHaveAttribute('href', '/contact');
    expect(contact.queryByTestId('contact-message')).not.toBeInTheDocument();
    expect(contact.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('lists the latest audit entries, with a link to all of them', async () => {
    await open();
    const activity = within(region('Recent activity'));
    const rows = activity.getAllByTestId('audit-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('configuration.update')).toBeInTheDocument();
    expect(within(rows[1]).getByText('carol@example.com')).toBeInTheDocument();
    expect(within(rows[1]).getByText('user.register')).toBeInTheDocument();
    expect(within(rows[2]).getByText('user.login_failed')).toBeInTheDocument();
    expect(activity.getByRole('link', { name: 'All activity' })).toHaveAttribute('href', '/admin/audit-logs');
  });

  it('reads the overview again when an admin saves the configuration', async () => {
    const { api } = await open();
    const before = api.state.overviewRequests;
    act(() => FakeWebSocket.last().open());
    act(() => FakeWebSocket.last().emit({ type: 'configuration.changed', revision: 2 }));
    await waitFor(() => expect(api.state.overviewRequests).toBe(before + 1));
  });

  it('says when the overview cannot be read, and tries again', async () => {
    let calls = 0;
    server.use(
      mockApi.get('/admin/overview', () => {
        calls += 1;
        return calls === 1 ? fail(403, 'admin_required', 'Administrators only') : ok(makeAdminOverview());
      }),
    );
    const { user } = renderApp('/admin', { user: adminUser });
    expect(await screen.findByText('The overview could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Administrators only')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Health' })).toBeInTheDocument();
  });
});
