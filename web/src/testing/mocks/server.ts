import { setupServer } from 'msw/node';
import { analyticsApi } from '@/testing/mocks/analytics';
import { contactMessagesPage, makeAdminOverview, makeContactMessages, makeOutbox, outboxPage } from '@/testing/mocks/admin-overview';
import { makeConfiguration } from '@/testing/mocks/configuration';
import { emptyDashboard, makeStatus } from '@/testing/mocks/dashboard';
import { fail, mockApi, ok, paged } from '@/testing/mocks/http';
import { makeIntegrations } from '@/testing/mocks/integrations';
import { makePhoneSetup } from '@/testing/mocks/phone';
import { makeUser } from '@/testing/mocks/users';
import { makeVoices } from '@/testing/mocks/voice';
import { makeOrchestration } from '@/testing/mocks/workflows';

/** A page as the server answers it for the request's `page` and `limit`, holding nothing. */
const emptyPage = (request: Request) => {
  const url = new URL(request.url);
  return paged([], { page: Number(url.searchParams.get('page') ?? 1), limit: Number(url.searchParams.get('limit') ?? 10), total: 0 });
};

export const handlers = [
  // Agents: an empty workspace unless a test says otherwise.
  mockApi.get('/agents', ({ request }) => emptyPage(request)),
  mockApi.get('/agents/templates', () => ok([])),
  mockApi.get('/agents/voices', () => ok([])),
  // Voices: the catalogue, with the voice provider off, unless a test says otherwise.
  mockApi.get('/elevenlabs/voices', () => ok(makeVoices())),
  mockApi.get('/personalities', () => ok([])),
  // Chat: no earlier conversations unless a test says otherwise.
  mockApi.get('/conversations', ({ request }) => emptyPage(request)),
  // An agent's page: no conversations yet unless a test says otherwise.
  mockApi.get('/agents/{id}/conversations', ({ request }) => emptyPage(request)),
  // Teams: no teams and no invitations unless a test says otherwise (the agent pages name an agent's team).
  mockApi.get('/teams', () => ok([])),
  mockApi.get('/team-invitations/user', () => ok([])),
  // Knowledge: an agent without documents unless a test says otherwise.
  mockApi.get('/agents/{id}/documents', () => ok([])),
  // Tools: no MCP servers, and none lent to an agent, unless a test says otherwise.
  mockApi.get('/mcp', () => ok([])),
  mockApi.get('/mcp/agent/{agentId}', () => ok([])),
  // API keys: none unless a test says otherwise.
  mockApi.get('/api-keys', () => ok([])),
  // Webhooks and event endpoints: none unless a test says otherwise.
  mockApi.get('/webhooks', () => ok([])),
  mockApi.get('/webhooks/stats', () =>
    ok({
      overall: { received: 0, succeeded: 0, failed: 0, rejected: 0, averageLatencyMs: null, lastReceivedAt: null },
      total: 0,
      active: 0,
      paused: 0,
      failing: 0,
      webhooks: [],
      daily: [],
    }),
  ),
  mockApi.get('/v1/webhook-endpoints', () => ok([])),
  // Phone: Twilio not connected on a local address, no numbers, calls or SMS, unless a test says otherwise.
  mockApi.get('/phone/setup', () => ok(makePhoneSetup())),
  mockApi.get('/phone/numbers', () => ok([])),
  mockApi.get('/phone/call-history', ({ request }) => emptyPage(request)),
  mockApi.get('/twilio/messages', ({ request }) => emptyPage(request)),
  // Workflows: none, no runs and nothing running, unless a test says otherwise.
  mockApi.get('/workflows', () => ok([])),
  mockApi.get('/workflows/{id}/executions', () => ok([])),
  mockApi.get('/workflows/{id}/versions', () => ok([])),
  mockApi.get('/v1/orchestration/overview', () => ok(makeOrchestration())),
  // The overview: an empty workspace on a healthy server unless a test says otherwise.
  mockApi.get('/analytics/dashboard', () => ok(emptyDashboard())),
  mockApi.get('/system/status', () => ok(makeStatus())),
  // Analytics: a quiet month on the platform unless a test says otherwise.
  ...analyticsApi().handlers,
  // Admin › Configuration: a model and mail configured, every flag off, unless a test says otherwise.
  mockApi.get('/admin/configuration', () => ok(makeConfiguration())),
  // The admin overview: an installation in use without a mail server, its outbox and the contact form's messages, unless a test says otherwise.
  mockApi.get('/admin/overview', () => ok(makeAdminOverview())),
  mockApi.get('/admin/mail-outbox', ({ request }) => outboxPage(makeOutbox(), request)),
  mockApi.get('/admin/contact-messages', ({ request }) => contactMessagesPage(makeContactMessages(), request)),
  // Settings › Integrations: none of mine connected, no teams, unless a test says otherwise.
  mockApi.get('/settings/integrations', () => ok(makeIntegrations())),
  mockApi.post('/auth/logout', () => ok({ message: 'Logged out' })),
  // The start-up check of a restored session: answers with the stored user, as the server would.
  mockApi.get('/auth/me', ({ request }) => {
    const stored = localStorage.getItem('agentforge_user');
    if (!request.headers.get('authorization') || !stored) return fail(401, 'unauthorized', 'Unauthorized');
    return ok(makeUser(JSON.parse(stored)));
  }),
];

export const server = setupServer(...handlers);
