import type { Agent, AgentInput, Personality, Template, Voice } from '@/features/agents/api/agents';
import type { AgentDocument } from '@/features/agents/api/documents';
import { fail, mockApi, ok, paged } from '@/testing/mocks/http';
import { makeVoices } from '@/testing/mocks/voice';

const config = {
  description: 'Qualifies interest and books demos.',
  type: 'sales' as const,
  instructions: 'You are a sales assistant.',
  greeting: 'Hi there!',
  language: 'en',
  personalityId: null,
  model: { provider: null, model: null, temperature: 0.7, maxTokens: 1024 },
  useKnowledgeBase: true,
  voice_enabled: false,
  voice_model_id: 'daniel',
  flow: null,
};

export function makeAgent(over: Partial<Agent> = {}): Agent {
  return {
    ...config,
    id: 'a1',
    name: 'Sales assistant',
    status: 'draft',
    voiceId: 'onwK4e9ZLuTAKqWW03F9',
    currentVersion: 1,
    sharedPublicly: false,
    lastActiveAt: null,
    teamId: null,
    teamName: null,
    access: 'manage',
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    deployments: [],
    ...over,
  };
}

export const templates: Template[] = [
  { id: 'sales-assistant', name: 'Sales assistant', description: 'Qualifies interest and books demos.', type: 'sales', config: { ...config, name: 'Sales assistant' } },
  {
    id: 'customer-support',
    name: 'Customer support agent',
    description: 'Resolves customer questions.',
    type: 'customer_support',
    config: { ...config, name: 'Customer support agent', type: 'customer_support', voice_model_id: 'bella' },
  },
];

const voice = (name: string, useCase: string): Voice => ({
  id: `${name}-id-0000000000000`.slice(0, 20),
  name,
  gender: 'female',
  characteristics: 'clear',
  description: `${name} voice`,
  category: 'clear',
  language: 'en',
  accent: 'american',
  ageRange: 'young',
  useCase,
  settings: { stability: 0.8, similarityBoost: 0.9, style: 0.1, speakerBoost: false },
});
export const voices: Voice[] = [voice('bella', 'support'), voice('daniel', 'business'), voice('emily', 'education'), voice('rachel', 'general')];

export function makePersonality(over: Partial<Personality> = {}): Personality {
  return {
    id: 'builtin-friendly',
    name: 'Friendly',
    description: 'Warm',
    tone: 'warm',
    traits: [],
    instructions: '',
    builtIn: true,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

export function makeDocument(over: Partial<AgentDocument> = {}): AgentDocument {
  return {
    id: 'd1',
    agentId: 'a1',
    name: 'faq.md',
    contentType: 'text/markdown',
    size: 1200,
    charCount: 1100,
    passageCount: 2,
    status: 'ready',
    createdAt: '2026-01-01T00:00:00Z',
    ...over,
  };
}

/** The catalogue endpoints the form and the empty state read. */
export const catalogueHandlers = [
  mockApi.get('/agents/templates', () => ok(templates)),
  mockApi.get('/agents/voices', () => ok(voices)),
  mockApi.get('/elevenlabs/voices', () => ok(makeVoices())),
  mockApi.get('/personalities', () => ok([makePersonality()])),
];

/**
 * My agents as the server keeps them: GET /agents answers them (one page), PUT /agents/{id}
 * changes the model's fields it is sent, one by one as the server merges them, and answers the
 * agent (its other fields are not applied). Every body sent is kept in `updates`.
 */
export function agentsApi(agents: Agent[]) {
  const state = { agents: [...agents], updates: [] as { id: string; body: AgentInput }[] };
  const handlers = [
    mockApi.get('/agents', () => paged(state.agents, { limit: 100 })),
    mockApi.put('/agents/{id}', async ({ request, params }) => {
      const body = await request.json();
      state.updates.push({ id: params.id, body });
      const current = state.agents.find((a) => a.id === params.id);
      if (!current) return fail(404, 'agent_not_found', 'Agent not found');
      const model = body.model;
      const next: Agent = {
        ...current,
        model: {
          ...current.model,
          ...(model && model.provider !== undefined ? { provider: model.provider } : {}),
          ...(model && model.model !== undefined ? { model: model.model } : {}),
        },
        currentVersion: current.currentVersion + 1,
      };
      state.agents = state.agents.map((a) => (a.id === next.id ? next : a));
      return ok(next);
    }),
  ];
  return { state, handlers };
}
