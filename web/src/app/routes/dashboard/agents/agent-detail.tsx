import { useParams } from 'react-router';
import { AgentDetail } from '@/features/agents/components/agent-detail/agent-detail';

/** /dashboard/agents/:agentId. */
export function AgentDetailRoute() {
  const { agentId = '' } = useParams();
  // Keyed so another agent's page starts fresh.
  return <AgentDetail key={agentId} agentId={agentId} />;
}
