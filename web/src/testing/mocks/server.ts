import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

const ok = (data: unknown) => HttpResponse.json({ success: true, data });

/** GET /api/analytics/dashboard of a fresh workspace: zero counts over 14 zero-filled days. */
export function emptyDashboard() {
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  return {
    overview: {
      totalAgents: 0,
      activeAgents: 0,
      totalConversations: 0,
      activeConversations: 0,
      totalMessages: 0,
      totalDocuments: 0,
      conversationsToday: 0,
      messagesToday: 0,
      averageResponseMs: null,
    },
    activity: {
      series: Array.from({ length: 14 }, (_, i) => ({ start: new Date(today.getTime() - (13 - i) * 86_400_000).toISOString(), conversations: 0, messages: 0 })),
      recent: [],
    },
    systemStatus: {
      status: 'ok',
      database: 'sqlite',
      databaseOk: true,
      llmProvider: 'builtin',
      llmModel: 'builtin',
      llmConfigured: false,
      realtime: 'in-process',
      version: '0.1.0',
      uptimeSeconds: 5,
    },
  };
}

export const handlers = [
  // Agents: an empty workspace unless a test says otherwise.
  http.get('*/api/agents', ({ request }) => {
    const url = new URL(request.url);
    return HttpResponse.json({ success: true, data: [], meta: { page: Number(url.searchParams.get('page') ?? 1), limit: Number(url.searchParams.get('limit') ?? 10), total: 0 } });
  }),
  http.get('*/api/agents/templates', () => ok([])),
  http.get('*/api/agents/voices', () => ok([])),
  http.get('*/api/personalities', () => ok([])),
  // Chat: no earlier conversations unless a test says otherwise.
  http.get('*/api/conversations', () => HttpResponse.json({ success: true, data: [], meta: { page: 1, limit: 50, total: 0 } })),
  // An agent's page: no conversations yet unless a test says otherwise.
  http.get('*/api/agents/:agentId/conversations', ({ request }) => {
    const url = new URL(request.url);
    return HttpResponse.json({ success: true, data: [], meta: { page: Number(url.searchParams.get('page') ?? 1), limit: Number(url.searchParams.get('limit') ?? 10), total: 0 } });
  }),
  // Teams: no teams and no invitations unless a test says otherwise (the agent pages name an agent's team).
  http.get('*/api/teams', () => ok([])),
  http.get('*/api/team-invitations/user', () => ok([])),
  // Knowledge: an agent without documents unless a test says otherwise.
  http.get('*/api/agents/:agentId/documents', () => ok([])),
  // The overview: an empty workspace on a healthy server unless a test says otherwise.
  http.get('*/api/analytics/dashboard', () => ok(emptyDashboard())),
  http.get('*/api/system/status', () =>
    HttpResponse.json({
      success: true,
      data: {
        version: '0.1.0',
        uptimeSeconds: 5,
        database: 'sqlite',
        providers: {},
        features: { voiceProvider: false, collaboration: false, fileUpload: false },
      },
    }),
  ),
  http.post('*/api/auth/logout', () => HttpResponse.json({ success: true, data: null })),
  // The start-up check of a restored session: answers with the stored user, as the server would.
  http.get('*/api/auth/me', ({ request }) => {
    const stored = localStorage.getItem('agentforge_user');
    if (!request.headers.get('authorization') || !stored) {
      return HttpResponse.json({ success: false, error: 'unauthorized', message: 'Unauthorized', errors: [] }, { status: 401 });
    }
    return HttpResponse.json({ success: true, data: JSON.parse(stored) as Record<string, unknown> });
  }),
];

export const server = setupServer(...handlers);
