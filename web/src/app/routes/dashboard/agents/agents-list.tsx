import { AgentsList } from '@/features/agents/components/agents-list';

/** /dashboard/agents. */
export function AgentsListRoute() {
  return <AgentsList />;
}
