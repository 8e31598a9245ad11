import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useAgentOptions } from '@/lib/agent-options';
import { workflowKeys, type Execution } from '@/features/workflows/api/workflows';

// What the builder reads besides the workflow: the agents an agent or llm node (and an event
// trigger) may name, and a test run followed until it ends. (An mcp node's servers come from the
// shared graph builder's fields.) The agents are the app's shared query (`['agents', 'list', …]`),
// so a change made elsewhere refreshes the selects.

/** My agents by name (GET /agents), for the selects of agent and llm nodes and the event trigger. */
export const useBuilderAgents = useAgentOptions;

/** How often a run still going is read again, besides the socket's `workflow.execution` events. */
export const RUN_POLL_MS = 1000;

const finished = (run: Execution | undefined) => run !== undefined && (run.status === 'succeeded' || run.status === 'failed' || run.status === 'canceled');

/**
 * GET /workflow-executions/{id}, read every second until the run ends (the socket's events
 * refresh it sooner: same key as `useExecution`).
 */
export const useFollowedRun = (id: string | null) =>
  useQuery({
    queryKey: workflowKeys.execution(id ?? ''),
    queryFn: () => api.get('/workflow-executions/{id}', { params: { path: { id: id ?? '' } } }),
    enabled: Boolean(id),
    refetchInterval: (query) => (finished(query.state.data) ? false : RUN_POLL_MS),
  });
