import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// MCP servers are read by two features: `mcp` (the servers' own screens) and `agents` (an agent's
// Tools tab, which lends them), so my servers' query and the one set of keys live here. Every
// MCP query sits under `['mcp']`: a mutation that changes a server refreshes the agents' loans too.

type S = components['schemas'];
export type McpServer = S['McpServerOut'];
export type McpTool = S['McpToolOut'];
/** A server lent to an agent. */
export type McpAssignment = S['AgentMcpServerOut'];

export const mcpKeys = {
  all: ['mcp'] as const,
  lists: () => ['mcp', 'list'] as const,
  mine: () => ['mcp', 'list', 'mine'] as const,
  details: () => ['mcp', 'detail'] as const,
  detail: (id: string) => ['mcp', 'detail', id] as const,
  agents: () => ['mcp', 'agent'] as const,
  /** The servers lent to an agent. */
  agent: (agentId: string) => ['mcp', 'agent', agentId] as const,
};

/** GET /mcp: my servers by name, secrets masked, with what their last test found. */
export const myMcpServersQueryOptions = () =>
  queryOptions({ queryKey: mcpKeys.mine(), queryFn: () => api.get('/mcp'), refetchOnMount: 'always' });
export const useMyMcpServers = () => useQuery(myMcpServersQueryOptions());
