import { useParams } from 'react-router';
import { EditMcpServer } from '@/features/mcp/components/edit-mcp-server';

/** /dashboard/mcp/edit/:id. */
export function EditMcpServerRoute() {
  const { id = '' } = useParams();
  // Keyed so another server's page starts fresh.
  return <EditMcpServer key={id} id={id} />;
}
