import { useParams } from 'react-router';
import { EditAgent } from '@/features/agents/components/edit-agent';

/** /dashboard/agents/:agentId/edit. */
export function EditAgentRoute() {
  const { agentId = '' } = useParams();
  return <EditAgent key={agentId} agentId={agentId} />;
}
