import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { AgentSort, AgentStatus, AgentType, Period } from '@/lib/api-enums';
import type { components } from '@/lib/api-types';
import { teamKeys } from '@/lib/teams';

type S = components['schemas'];
export type Agent = S['AgentOut'];
export type AgentConfig = S['AgentConfigOut'];
export type AgentInput = S['AgentIn'];
/** A new agent's fields: as AgentInput, with its name. */
export type NewAgentInput = S['NewAgentIn'];
export type Template = S['TemplateOut'];
export type Voice = S['VoiceOut'];
export type SpeechVoice = S['SpeechVoiceOut'];
export type SpeechVoices = S['VoicesOut'];
export type Personality = S['PersonalityOut'];
export type Version = S['VersionOut'];
export type Deployment = S['DeploymentOut'];
export type Analytics = S['AnalyticsOut'];
export type Generated = S['GeneratedOut'];
export type GenerateInput = S['GenerateIn'];
export type ExportDocument = S['ExportDocument'];
export type ShareInput = S['ShareIn'];
export type ShareResult = S['ShareOut'];
export type FromTemplateInput = S['FromTemplateIn'];
export type DeployInput = S['DeployIn'];
export type BulkUpdateInput = S['BulkUpdateIn'];
/** What the caller may do with an agent: `manage` (share, delete), `edit` (change, deploy, documents) or `view` (read and chat). */
export type Access = S['AccessLevel'];

/** The default page size of the specification. */
export const PAGE_SIZE = 10;
/** The agent list is kept 10 minutes (the specification's one exception to 15). */
export const AGENT_LIST_GC_TIME = 10 * 60 * 1000;

/** Default messages of the specification's error catalogue (used when the server gives none). */
export const AGENT_ERRORS = {
  create: 'Failed to create agent',
  duplicate: 'Failed to duplicate agent',
  generate: 'Failed to generate AI agent',
} as const;

export type AgentListParams = {
  page: number;
  limit: number;
  status: 'all' | AgentStatus;
  type: 'all' | AgentType;
  search: string;
  sort: AgentSort;
  order: 'asc' | 'desc';
  /** A team's id: only the agents shared with it. */
  team: 'all' | (string & {});
};

export const agentKeys = {
  all: ['agents'] as const,
  lists: () => ['agents', 'list'] as const,
  list: (params: AgentListParams) => ['agents', 'list', params] as const,
  details: () => ['agents', 'detail'] as const,
  detail: (id: string) => ['agents', 'detail', id] as const,
  versions: (id: string) => ['agents', 'detail', id, 'versions'] as const,
  analytics: (id: string, period: Period) => ['agents', 'detail', id, 'analytics', period] as const,
  templates: () => ['agents', 'templates'] as const,
  voices: () => ['agents', 'voices'] as const,
  personalities: () => ['personalities'] as const,
};

export function listAgents(p: AgentListParams) {
  return api.list('/agents', {
    params: {
      query: {
        page: p.page,
        limit: p.limit,
        // 'all' means no filter: left out of the query.
        status: p.status === 'all' ? undefined : p.status,
        type: p.type === 'all' ? undefined : p.type,
        search: p.search.trim() || undefined,
        sort: p.sort,
        order: p.order,
        teamId: p.team === 'all' ? undefined : p.team,
      },
    },
  });
}

/** The agent list: refetched on every visit of a screen that shows it, kept 10 minutes. */
export const agentListQueryOptions = (params: AgentListParams) =>
  queryOptions({
    queryKey: agentKeys.list(params),
    queryFn: () => listAgents(params),
    gcTime: AGENT_LIST_GC_TIME,
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

export const useAgents = (params: AgentListParams) => useQuery(agentListQueryOptions(params));

export const agentQueryOptions = (id: string) =>
  queryOptions({ queryKey: agentKeys.detail(id), queryFn: () => api.get('/agents/{id}', { params: { path: { id } } }), refetchOnMount: 'always' });
export const useAgent = (id: string) => useQuery(agentQueryOptions(id));

export const useVersions = (id: string) =>
  useQuery({ queryKey: agentKeys.versions(id), queryFn: () => api.get('/agents/{id}/versions', { params: { path: { id } } }), refetchOnMount: 'always' });

export const useAnalytics = (id: string, period: Period) =>
  useQuery({
    queryKey: agentKeys.analytics(id, period),
    queryFn: () => api.get('/agents/{id}/analytics', { params: { path: { id }, query: { period } } }),
    placeholderData: keepPreviousData,
  });

export const useTemplates = () => useQuery({ queryKey: agentKeys.templates(), queryFn: () => api.get('/agents/templates') });
/**
 * GET /elevenlabs/voices: the voices an agent may speak with, the catalogue first, then the
 * connected ElevenLabs account's own, each saying whether that account has it.
 */
export const useSpeechVoices = () => useQuery({ queryKey: agentKeys.voices(), queryFn: () => api.get('/elevenlabs/voices') });
export const usePersonalities = () => useQuery({ queryKey: agentKeys.personalities(), queryFn: () => api.get('/personalities') });

/** Mutations refresh what they touched through the same keys. */
function useInvalidate() {
  const qc = useQueryClient();
  return (id?: string) => {
    void qc.invalidateQueries({ queryKey: agentKeys.lists() });
    if (id) void qc.invalidateQueries({ queryKey: agentKeys.detail(id) });
  };
}

export function useCreateAgent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: NewAgentInput) => api.post('/agents', { body: input, defaultMessage: AGENT_ERRORS.create }),
    onSuccess: () => invalidate(),
  });
}

export function useCreateFromTemplate() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: FromTemplateInput) => api.post('/agents/from-template', { body: input, defaultMessage: AGENT_ERRORS.create }),
    onSuccess: () => invalidate(),
  });
}

export function useUpdateAgent(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: AgentInput) => api.put('/agents/{id}', { params: { path: { id } }, body: input }),
    onSuccess: () => invalidate(id),
  });
}

export function useDeleteAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/agents/{id}', { params: { path: { id } } }),
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: agentKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: agentKeys.lists() });
    },
  });
}

export function useDuplicateAgent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name?: string }) =>
      api.post('/agents/{id}/duplicate', { params: { path: { id } }, body: name ? { name } : {}, defaultMessage: AGENT_ERRORS.duplicate }),
    onSuccess: () => invalidate(),
  });
}

export function useGenerateAgent() {
  return useMutation({
    mutationFn: (input: GenerateInput) => api.post('/agents/ai-generate', { body: input, defaultMessage: AGENT_ERRORS.generate }),
  });
}

export function useDeployAgent(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: DeployInput) => api.post('/agents/{id}/deploy', { params: { path: { id } }, body: input }),
    onSuccess: () => invalidate(id),
  });
}

export function useRestoreVersion(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (version: number) => api.post('/agents/{id}/versions/{version}/restore', { params: { path: { id, version } } }),
    onSuccess: () => invalidate(id),
  });
}

/** Turns the public link on or off and/or shares the agent with one of my teams (`teamId: null`: none). */
export function useShareAgent(id: string) {
  const invalidate = useInvalidate();
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ShareInput) => api.post('/agents/{id}/share', { params: { path: { id } }, body: input }),
    onSuccess: (_out, input) => {
      invalidate(id);
      // The teams count their agents.
      if (input.teamId !== undefined) void qc.invalidateQueries({ queryKey: teamKeys.all });
    },
  });
}

export const exportAgent = (id: string) => api.get('/agents/{id}/export', { params: { path: { id } } });

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a parsed file looks like an export document (the server checks the rest, with 422s). */
export function isExportDocument(v: unknown): v is ExportDocument {
  return isRecord(v) && v.format === 'agentforge.agent' && typeof v.formatVersion === 'number' && typeof v.exportedAt === 'string' && isRecord(v.agent);
}

export function useImportAgent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (doc: ExportDocument) => api.post('/agents/import', { body: doc }),
    onSuccess: () => invalidate(),
  });
}

export function useBulkDelete() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.post('/agents/bulk-delete', { body: { ids } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

export function useBulkUpdate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: BulkUpdateInput) => api.post('/agents/bulk-update', { body: input }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: agentKeys.all }),
  });
}

/** Saves the export document as `<name>.agent.json`. */
export function downloadJson(doc: unknown, name: string): void {
  const blob = new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${name.replace(/[\\/:*?"<>|]+/g, '_').trim() || 'agent'}.agent.json`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
