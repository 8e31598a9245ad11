import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { mcpKeys } from '@/lib/mcp';

// An agent's tools: the MCP servers lent to it (src/lib/mcp.ts holds the keys, shared with the
// servers' own screens). Lending, changing or ending a loan refreshes the agent's list and my
// servers' list (which counts the agents using each).

type S = components['schemas'];
export type LendInput = S['AssignIn'];
export type LoanPatch = S['AssignmentPatch'];

/** GET /mcp/agent/{agentId}: the servers lent to the agent, highest priority first. */
export const agentServersQueryOptions = (agentId: string) =>
  queryOptions({ queryKey: mcpKeys.agent(agentId), queryFn: () => api.get('/mcp/agent/{agentId}', { params: { path: { agentId } } }), refetchOnMount: 'always' });
export const useAgentServers = (agentId: string) => useQuery(agentServersQueryOptions(agentId));

function useRefresh(agentId: string) {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: mcpKeys.agent(agentId) });
    void qc.invalidateQueries({ queryKey: mcpKeys.lists() });
  };
}

/** Lends one of my servers to the agent (again for the same server: changes the loan). */
export function useLendServer(agentId: string) {
  const refresh = useRefresh(agentId);
  return useMutation({
    mutationFn: (input: LendInput) => api.post('/mcp/agent/{agentId}/servers', { params: { path: { agentId } }, body: input }),
    onSuccess: refresh,
  });
}

/** Changes which tools the agent uses from a server, or its priority. */
export function useUpdateLoan(agentId: string) {
  const refresh = useRefresh(agentId);
  return useMutation({
    mutationFn: ({ serverId, patch }: { serverId: string; patch: LoanPatch }) =>
      api.put('/mcp/agent/{agentId}/servers/{serverId}', { params: { path: { agentId, serverId } }, body: patch }),
    onSuccess: refresh,
  });
}

/** Takes a server off the agent. */
export function useEndLoan(agentId: string) {
  const refresh = useRefresh(agentId);
  return useMutation({
    mutationFn: (serverId: string) => api.delete('/mcp/agent/{agentId}/servers/{serverId}', { params: { path: { agentId, serverId } } }),
    onSuccess: refresh,
  });
}
