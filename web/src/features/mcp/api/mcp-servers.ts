import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { saveBlob } from '@/lib/download';
import { mcpKeys, type McpServer } from '@/lib/mcp';

// My MCP servers: read, add, change, switch on and off, test, delete, import, export, and the
// proposals from a description. The list's query and the keys are in src/lib/mcp.ts (an agent's
// Tools tab reads them too); every mutation here refreshes through them.

type S = components['schemas'];
export type McpServerInput = S['McpServerIn'];
export type McpTestResult = S['McpTestOut'];
export type McpProbeResult = S['McpProbeOut'];
export type McpImportResult = S['McpImportOut'];
export type McpImportEntry = S['ImportResultOut'];
export type McpProposal = S['McpProposalOut'];
export type McpProposals = S['McpGenerateOut'];

/** Default messages of the specification's error catalogue (used when the server gives none). */
export const MCP_ERRORS = {
  create: 'Failed to create MCP server',
} as const;

/** GET /mcp/{id}: one of my servers (secrets masked). */
export const mcpServerQueryOptions = (id: string) =>
  queryOptions({ queryKey: mcpKeys.detail(id), queryFn: () => api.get('/mcp/{id}', { params: { path: { id } } }), refetchOnMount: 'always' });
export const useMcpServer = (id: string) => useQuery(mcpServerQueryOptions(id));

/**
 * A stored server as the body that replaces it (PUT takes the whole configuration): the masked
 * secrets go back as they came, which keeps their stored values.
 */
export function toServerInput(server: McpServer, patch: Partial<McpServerInput> = {}): McpServerInput {
  return {
    name: server.name,
    description: server.description,
    transport: server.transport,
    command: server.command ?? null,
    args: server.args,
    env: server.env,
    url: server.url ?? null,
    headers: server.headers,
    enabled: server.enabled,
    ...patch,
  };
}

/** A change to a server shows everywhere it is read: my list, its page, the agents it is lent to. */
function useRefresh() {
  const qc = useQueryClient();
  return (server?: McpServer) => {
    if (server) qc.setQueryData(mcpKeys.detail(server.id), server);
    void qc.invalidateQueries({ queryKey: mcpKeys.all });
  };
}

export function useCreateMcpServer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: McpServerInput) => api.post('/mcp', { body: input, defaultMessage: MCP_ERRORS.create }),
    onSuccess: (server) => refresh(server),
  });
}

export function useUpdateMcpServer(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: McpServerInput) => api.put('/mcp/{id}', { params: { path: { id } }, body: input }),
    onSuccess: (server) => refresh(server),
  });
}

/** Switches a server on or off: its whole configuration again, with `enabled` changed. */
export function useSetMcpServerEnabled() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ server, enabled }: { server: McpServer; enabled: boolean }) =>
      api.put('/mcp/{id}', { params: { path: { id: server.id } }, body: toServerInput(server, { enabled }) }),
    onSuccess: (server) => refresh(server),
  });
}

export function useDeleteMcpServer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/mcp/{id}', { params: { path: { id } } }),
    onSuccess: (_d, id) => {
      qc.removeQueries({ queryKey: mcpKeys.detail(id) });
      void qc.invalidateQueries({ queryKey: mcpKeys.all });
    },
  });
}

/** Connects anew and lists the server's tools; a failure is an answer too (`status: error`, with why). */
export function useTestMcpServer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api.post('/mcp/{id}/test', { params: { path: { id } } }),
    onSuccess: (result) => refresh(result.server),
  });
}

/** Tests a configuration before it is saved: connects, lists its tools, closes; nothing is stored. */
export function useProbeMcpServer() {
  return useMutation({
    mutationFn: (input: McpServerInput) => api.post('/mcp/test', { body: input }),
  });
}

/** A desktop client's configuration (`{"mcpServers": {…}}`, `{"servers": {…}}`) or one server, as parsed. */
export type ImportDocument = Record<string, unknown>;

export function useImportMcpServers() {
  const refresh = useRefresh();
  return useMutation({
    // The document declares this body as a bare JSON object (`Record<string, never>`): any
    // configuration object is sent as it was read, and the server checks each entry.
    mutationFn: (doc: ImportDocument) => api.post('/mcp/import', { body: doc as Record<string, never> }),
    onSuccess: () => refresh(),
  });
}

/** My servers in the desktop clients' format, saved as the file the server names. */
export async function downloadMcpExport(includeCredentials: boolean): Promise<void> {
  const { blob, filename } = await api.download('/mcp/export/json', { params: { query: { includeCredentials } } });
  saveBlob(blob, filename ?? 'mcp-servers.json');
}

/** Proposals for a description: nothing is saved until the form is. */
export function useSuggestMcpServer() {
  return useMutation({
    mutationFn: (description: string) => api.post('/mcp/ai-generate', { body: { description } }),
  });
}
