import { McpImport } from '@/features/mcp/components/mcp-import';

/** /dashboard/mcp/import. */
export function McpImportRoute() {
  return <McpImport />;
}
