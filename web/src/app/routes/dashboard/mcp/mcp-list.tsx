import { McpList } from '@/features/mcp/components/mcp-list';

/** /dashboard/mcp. */
export function McpListRoute() {
  return <McpList />;
}
