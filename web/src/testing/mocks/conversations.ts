import type { DashboardOut } from '@/features/dashboard/types';
import type { ConversationOut, MessageOut } from '@/lib/conversations';
import { emptyDashboard } from '@/testing/mocks/dashboard';

export function makeConversation(over: Partial<ConversationOut> = {}): ConversationOut {
  return {
    id: 'c1',
    agentId: 'a1',
    agentName: 'Support bot',
    userId: '2',
    channel: 'web',
    title: 'Where is my order?',
    status: 'active',
    messageCount: 2,
    tokensIn: 120,
    tokensOut: 80,
    startedAt: '2026-03-01T10:00:00Z',
    lastMessageAt: '2026-03-01T10:00:05Z',
    endedAt: null,
    ...over,
  };
}

export function makeMessage(over: Partial<MessageOut> = {}): MessageOut {
  return {
    id: 'm1',
    conversationId: 'c1',
    role: 'user',
    content: 'Where is my order?',
    status: 'complete',
    error: null,
    citations: [],
    toolCalls: [],
    tokensIn: 0,
    tokensOut: 0,
    latencyMs: null,
    firstTokenMs: null,
    provider: null,
    model: null,
    notice: null,
    createdAt: '2026-03-01T10:00:00Z',
    ...over,
  };
}

export function makeDashboard(over: { overview?: Partial<DashboardOut['overview']>; systemStatus?: Partial<DashboardOut['systemStatus']>; recent?: ConversationOut[] } = {}): DashboardOut {
  const base = emptyDashboard();
  return {
    overview: { ...base.overview, ...over.overview },
    activity: { ...base.activity, recent: over.recent ?? base.activity.recent },
    systemStatus: { ...base.systemStatus, ...over.systemStatus },
  };
}
