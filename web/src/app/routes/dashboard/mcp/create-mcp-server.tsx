import { CreateMcpServer } from '@/features/mcp/components/create-mcp-server';

/** /dashboard/mcp/create. */
export function CreateMcpServerRoute() {
  return <CreateMcpServer />;
}
