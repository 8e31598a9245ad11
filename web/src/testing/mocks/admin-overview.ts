import type { AdminOverview, ContactMessage, DeadJob, Mail } from '@/features/admin-overview/api/admin-overview';
import { makeAuditEntry } from '@/testing/mocks/audit';
import { fail, mockApi, ok, paged } from '@/testing/mocks/http';

/** A job that failed for good: an email the SMTP server kept refusing. */
export function makeDeadJob(over: Partial<DeadJob> = {}): DeadJob {
  return {
    id: 'job-1',
    kind: 'mail.send',
    attempts: 5,
    lastError: 'SMTP error: 550 5.1.1 <dora@example.org>: Recipient address rejected: User unknown in virtual mailbox table',
    createdAt: '2026-03-01T08:00:00Z',
    finishedAt: '2026-03-01T08:45:00Z',
    ...over,
  };
}

/** An email of the outbox: a verification link kept because no mail server was set. */
export function makeMail(over: Partial<Mail> = {}): Mail {
  return {
    id: 'mail-1',
    to: 'bob@example.com',
    subject: 'Verify your AgentForge email',
    template: 'email_verification',
    language: 'en',
    status: 'stored',
    transport: 'outbox',
    attempts: 0,
    error: null,
    createdAt: '2026-03-01T09:00:00Z',
    sentAt: null,
    ...over,
  };
}

/** Twelve emails, newest first: kept, sent, failed and queued ones (two pages of ten). */
export function makeOutbox(): Mail[] {
  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 12, 0) - minutes * 60_000).toISOString();
  return [
    makeMail({ id: 'mail-12', to: 'carol@example.com', createdAt: at(2) }),
    makeMail({ id: 'mail-11', to: 'dora@example.org', subject: 'Reset your AgentForge password', template: 'password_reset', status: 'failed', transport: 'smtp', attempts: 5, error: '550 5.1.1 Recipient address rejected', createdAt: at(15) }),
    makeMail({ id: 'mail-10', to: 'erin@example.com', subject: 'Ada invited you to join Support', template: 'team_invitation', status: 'sent', transport: 'smtp', attempts: 1, createdAt: at(40), sentAt: at(39) }),
    makeMail({ id: 'mail-9', to: 'frank@example.com', subject: 'You were added to Sales', template: 'team_member_added', status: 'queued', transport: 'smtp', attempts: 1, error: 'Connection timed out', createdAt: at(55) }),
    ...Array.from({ length: 8 }, (_, i) =>
      makeMail({ id: `mail-${8 - i}`, to: `user${8 - i}@example.com`, subject: 'Your AgentForge password was changed', template: 'password_changed', status: 'sent', transport: 'smtp', attempts: 1, createdAt: at(90 + i * 60), sentAt: at(89 + i * 60) }),
    ),
  ];
}

/** A message sent through the contact form, mailed to the operator. */
export function makeContactMessage(over: Partial<ContactMessage> = {}): ContactMessage {
  return {
    id: 'contact-1',
    name: 'Grace Hopper',
    email: 'grace@navy.example',
    company: 'Harvard Computation Lab',
    subject: 'Pricing for 40 seats',
    message: 'Hello,\nWe would like to try AgentForge with our support team. Is there a discount for 40 seats?\nThanks, Grace',
    mailedTo: 'ops@agentforge.example',
    createdAt: '2026-03-01T11:30:00Z',
    ...over,
  };
}

/**
 * Seven messages, newest first (two pages of five): the first mailed to the operator, the second
 * only kept (no operator address then), with a long text, then older ones mailed.
 */
export function makeContactMessages(): ContactMessage[] {
  const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 12, 0) - minutes * 60_000).toISOString();
  return [
    makeContactMessage({ id: 'contact-7', createdAt: at(5) }),
    makeContactMessage({
      id: 'contact-6',
      name: 'Linus Berg',
      email: 'linus@example.org',
      company: null,
      subject: 'Self-hosting & SSO?',
      message: [
        'Hi there,',
        'we run everything on our own servers.',
        'Does AgentForge support single sign-on through SAML or OIDC?',
        'And can the agents read documents from a shared drive?',
        'Best regards,',
        'Linus',
      ].join('\n'),
      mailedTo: null,
      createdAt: at(50),
    }),
    ...Array.from({ length: 5 }, (_, i) =>
      makeContactMessage({ id: `contact-${5 - i}`, name: `Visitor ${5 - i}`, email: `visitor${5 - i}@example.com`, company: null, subject: `Question ${5 - i}`, message: 'Do you offer a trial?', createdAt: at(120 + i * 180) }),
    ),
  ];
}

/**
 * GET /admin/overview of an installation in use: a model connected, no mail server yet (email
 * kept in the outbox), the flags never saved, two jobs that failed for good, the latest entries.
 */
export function makeAdminOverview(over: Partial<AdminOverview> = {}): AdminOverview {
  return {
    accounts: { total: 1284, newThisWeek: 37, activeToday: 212 },
    conversations: { today: 486, messagesToday: 3921, active: 14 },
    jobs: {
      queued: 3,
      running: 1,
      retrying: 1,
      dead: 2,
      deadJobs: [
        makeDeadJob(),
        makeDeadJob({ id: 'job-2', kind: 'conversations.end_idle', attempts: 3, lastError: 'database is locked', createdAt: '2026-02-28T22:00:00Z', finishedAt: '2026-02-28T22:10:00Z' }),
      ],
    },
    health: [
      { name: 'database', status: 'ok', detail: 'sqlite answered in 2 ms' },
      { name: 'mail', status: 'fallback', detail: 'No mail server: email is kept in the outbox' },
      { name: 'model', status: 'ok', detail: 'openai, gpt-4o-mini' },
      { name: 'twilio', status: 'not_configured', detail: 'Twilio is not configured' },
      { name: 'elevenlabs', status: 'not_configured', detail: 'ElevenLabs is not configured' },
      { name: 'gemini', status: 'not_configured', detail: 'Gemini is not configured' },
      { name: 'stripe', status: 'fallback', detail: 'No Stripe keys: payments run in test mode' },
    ],
    setup: [
      { step: 'model', done: true },
      { step: 'mail', done: false },
      { step: 'publicUrl', done: true },
      { step: 'features', done: false },
    ],
    recentAudit: [
      makeAuditEntry({ id: 'audit-3', occurredAt: '2026-03-01T11:58:00Z', action: 'configuration.update', resourceType: 'configuration', resourceId: 'model', changes: {} }),
      makeAuditEntry({ id: 'audit-2', occurredAt: '2026-03-01T11:40:00Z', action: 'user.register', actorLabel: 'carol@example.com', actorId: '3', resourceType: 'user', resourceId: '3', changes: {} }),
      makeAuditEntry({ id: 'audit-1', occurredAt: '2026-03-01T11:02:00Z', action: 'user.login_failed', outcome: 'failed', actorKind: 'visitor', actorId: null, actorLabel: null, resourceType: 'session', resourceId: null, changes: {} }),
    ],
    ...over,
  };
}

/** A page of `items` as the server answers it for the request's `page` and `limit`. */
function pageOf<T>(items: T[], request: Request) {
  const url = new URL(request.url);
  const page = Math.max(1, Number(url.searchParams.get('page') ?? 1));
  const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 10));
  return paged(items.slice((page - 1) * limit, page * limit), { page, limit, total: items.length });
}

/** A page of `mails` as the server answers it for the request's `page` and `limit`. */
export const outboxPage = (mails: Mail[], request: Request) => pageOf(mails, request);

/** A page of contact `messages` as the server answers it for the request's `page` and `limit`. */
export const contactMessagesPage = (messages: ContactMessage[], request: Request) => pageOf(messages, request);

/**
 * The overview's API as the server keeps it: GET answers `overview`, pages of `mails` and pages of
 * contact `messages`; a retry takes a job out of the failed ones (409 `job_not_dead` for another);
 * a resend queues a kept or failed email, refused with 409 `mail_not_configured` while the
 * overview's mail health is not `ok`, and `already_sent` for a sent one. Requests are counted and
 * kept in `state`.
 */
export function adminOverviewApi(overview: AdminOverview = makeAdminOverview(), mails: Mail[] = makeOutbox(), messages: ContactMessage[] = makeContactMessages()) {
  const state = { overview, mails, messages, overviewRequests: 0, outboxRequests: [] as URL[], contactRequests: [] as URL[], retried: [] as string[], resent: [] as string[] };
  const mailConfigured = () => state.overview.health.some((h) => h.name === 'mail' && h.status === 'ok');
  const handlers = [
    mockApi.get('/admin/overview', () => {
      state.overviewRequests += 1;
      return ok(state.overview);
    }),
    mockApi.get('/admin/mail-outbox', ({ request }) => {
      state.outboxRequests.push(new URL(request.url));
      return outboxPage(state.mails, request);
    }),
    mockApi.get('/admin/contact-messages', ({ request }) => {
      state.contactRequests.push(new URL(request.url));
      return contactMessagesPage(state.messages, request);
    }),
    mockApi.post('/admin/jobs/{id}/retry', ({ params }) => {
      state.retried.push(params.id);
      const { jobs } = state.overview;
      if (!jobs.deadJobs.some((j) => j.id === params.id)) return fail(409, 'job_not_dead', 'The job has not failed for good');
      state.overview = {
        ...state.overview,
        jobs: { ...jobs, queued: jobs.queued + 1, dead: jobs.dead - 1, deadJobs: jobs.deadJobs.filter((j) => j.id !== params.id) },
      };
      return ok({ message: 'Queued again' });
    }),
    mockApi.post('/admin/mail-outbox/{id}/resend', ({ params }) => {
      state.resent.push(params.id);
      const mail = state.mails.find((m) => m.id === params.id);
      if (!mail) return fail(404, 'not_found', 'Mail not found');
      if (mail.status === 'sent') return fail(409, 'already_sent', 'This email was already sent');
      if (!mailConfigured()) return fail(409, 'mail_not_configured', 'No mail server is configured: set one in Admin › Configuration first');
      state.mails = state.mails.map((m) => (m.id === params.id ? { ...m, status: 'queued', transport: 'smtp', error: null } : m));
      return ok({ message: 'Queued for delivery' });
    }),
  ];
  return { state, handlers };
}
