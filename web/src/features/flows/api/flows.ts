import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// What the flow builder reads and sends: the agent (its flow, version, deployments and what I may
// do with it), saving its flow (PUT /agents/{id}: every save is a new version), deploying it,
// the voice catalogue for message voices, and a turn with its draft for the preview. The agent's
// keys are the agents' own (`['agents', 'detail', id]`, under `['agents']`), so a save here
// refreshes the agent's page and lists, and a change made there refreshes this.

type S = components['schemas'];
export type FlowAgent = S['AgentOut'];
export type FlowGraph = S['FlowGraph'];
export type FlowNodeData = S['FlowNode'];
export type FlowEdgeData = S['FlowEdge'];
export type FlowKind = S['FlowNodeKind'];
export type NodeSettings = S['NodeSettings'];
export type ChoiceOption = S['ChoiceOption'];
export type AnswerType = S['AnswerType'];
export type HttpMethod = S['HttpMethod'];
export type MessageVoice = S['MessageVoice'];
export type FlowSaid = S['FlowSaid'];
export type CatalogueVoice = S['VoiceOut'];
export type Environment = S['Environment'];
export type MessageOut = S['MessageOut'];
/**
 * A preview turn's answer (`ChatOut`): once a person holds the conversation (the flow handed it
 * off), a message reaches them and the agent does not answer (`handedOff`, no `message`).
 */
export type TestTurn = S['ChatOut'];

export const flowKeys = {
  agent: (id: string) => ['agents', 'detail', id] as const,
  agents: () => ['agents'] as const,
  voices: () => ['agents', 'catalogue-voices'] as const,
};

/** GET /agents/{id}: the agent with its flow, read again on every visit. */
export const useFlowAgent = (id: string | null) =>
  useQuery({
    queryKey: flowKeys.agent(id ?? ''),
    queryFn: () => api.get('/agents/{id}', { params: { path: { id: id ?? '' } } }),
    enabled: Boolean(id),
    refetchOnMount: 'always',
  });

/** GET /agents/voices: the voices a message may speak with. */
export const useCatalogueVoices = () => useQuery({ queryKey: flowKeys.voices(), queryFn: () => api.get('/agents/voices') });

/** PUT /agents/{id} with `{flow}` (`null` removes it): a new version of the agent. */
export function useSaveFlow(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (flow: FlowGraph | null) => api.put('/agents/{id}', { params: { path: { id } }, body: { flow } }),
    onSuccess: (agent) => {
      qc.setQueryData(flowKeys.agent(id), agent);
      void qc.invalidateQueries({ queryKey: flowKeys.agents() });
    },
  });
}

/** POST /agents/{id}/deploy: points an environment at the current version. */
export function useDeployFlow(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (environment: Environment) => api.post('/agents/{id}/deploy', { params: { path: { id } }, body: { environment } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: flowKeys.agents() }),
  });
}

/** POST /agents/{id}/test, whole (not streamed): one turn with the agent's draft. */
export async function sendTestTurn(id: string, message: string, conversationId: string | null, signal?: AbortSignal): Promise<TestTurn> {
  return api.post('/agents/{id}/test', { params: { path: { id } }, body: { message, ...(conversationId ? { conversationId } : {}), stream: false }, signal });
}
