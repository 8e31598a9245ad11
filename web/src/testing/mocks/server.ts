import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

const ok = (data: unknown) => HttpResponse.json({ success: true, data });

export const handlers = [
  // Agents: an empty workspace unless a test says otherwise.
  http.get('*/api/agents', ({ request }) => {
    const url = new URL(request.url);
    return HttpResponse.json({ success: true, data: [], meta: { page: Number(url.searchParams.get('page') ?? 1), limit: Number(url.searchParams.get('limit') ?? 10), total: 0 } });
  }),
  http.get('*/api/agents/templates', () => ok([])),
  http.get('*/api/agents/voices', () => ok([])),
  http.get('*/api/personalities', () => ok([])),
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
