import { useParams, useSearchParams } from 'react-router';
import { AgentDetail } from '@/features/agents/components/agent-detail';
import { AgentsList } from '@/features/agents/components/agents-list';
import { CreateAgent, type Start } from '@/features/agents/components/create-agent';
import { EditAgent } from '@/features/agents/components/edit-agent';

export function AgentsListRoute() {
  return <AgentsList />;
}

const STARTS: Start[] = ['scratch', 'template', 'generate'];

export function CreateAgentRoute() {
  const [search] = useSearchParams();
  const start = search.get('start') as Start | null;
  return <CreateAgent initialStart={start && STARTS.includes(start) ? start : 'scratch'} />;
}

export function AgentDetailRoute() {
  const { agentId = '' } = useParams();
  // Keyed so another agent's page starts fresh.
  return <AgentDetail key={agentId} agentId={agentId} />;
}

export function EditAgentRoute() {
  const { agentId = '' } = useParams();
  return <EditAgent key={agentId} agentId={agentId} />;
}
