import type { DashboardOut } from '@/features/dashboard/types';
import type { components } from '@/lib/api-types';

/** GET /api/analytics/dashboard of a fresh workspace: zero counts over 14 zero-filled days. */
export function emptyDashboard(): DashboardOut {
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

type StatusOut = components['schemas']['StatusOut'];

/** What a test changes of the status: some feature flags, some providers. */
export type StatusOverrides = { features?: Partial<StatusOut['features']>; providers?: Partial<StatusOut['providers']> };

/**
 * GET /api/system/status of a server with nothing configured (the server's defaults: every
 * feature flag off, mail kept in the outbox), with `over`'s flags and providers.
 */
export function makeStatus(over: StatusOverrides = {}): StatusOut {
  return {
    version: '0.1.0',
    uptimeSeconds: 5,
    startedAt: '2026-01-01T00:00:00Z',
    database: 'sqlite',
    providers: { llm: 'builtin', mail: 'outbox', payments: 'test', speech: 'browser', telephony: 'none', ...over.providers },
    features: { voiceProvider: false, collaboration: false, fileUpload: false, ...over.features },
  };
}
