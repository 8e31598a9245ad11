import type { McpTestResult } from '@/features/mcp/api/mcp-servers';
import type { McpAssignment, McpServer, McpTool } from '@/lib/mcp';

export function makeTool(over: Partial<McpTool> = {}): McpTool {
  return { name: 'echo', description: 'Echoes back the input string', inputSchema: { type: 'object', properties: { message: { type: 'string' } } }, ...over };
}

/** A streamable HTTP server of the signed-in plain user (Bob, id 2), tested and connected. */
export function makeMcpServer(over: Partial<McpServer> = {}): McpServer {
  return {
    id: 's1',
    ownerId: '2',
    name: 'Everything',
    description: 'The reference server',
    transport: 'streamable_http',
    command: null,
    args: [],
    env: {},
    url: 'https://mcp.example.com/mcp',
    headers: { Authorization: '••••••••mnop' },
    enabled: true,
    status: 'connected',
    tools: [makeTool(), makeTool({ name: 'get-sum', description: 'Returns the sum of two numbers' })],
    resources: [],
    prompts: [],
    agentsCount: 0,
    lastTestedAt: '2026-03-01T10:00:00Z',
    lastError: null,
    createdAt: '2026-03-01T09:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    ...over,
  };
}

/** What a test answers: connected with the server's tools, or failed with why. */
export function makeTestResult(server: McpServer, over: Partial<McpTestResult> = {}): McpTestResult {
  return { status: server.status, error: server.lastError ?? null, errorCode: null, serverInfo: 'mcp-servers/everything 2.0.0', durationMs: 412, server, ...over };
}

/** A server lent to agent a1. */
export function makeAssignment(server: McpServer = makeMcpServer(), over: Partial<McpAssignment> = {}): McpAssignment {
  return {
    id: `loan-${server.id}`,
    agentId: 'a1',
    mcpServerId: server.id,
    configuration: { tools: [] },
    permissions: [],
    priority: 0,
    server,
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    ...over,
  };
}
