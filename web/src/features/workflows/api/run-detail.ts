import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { workflowKeys, type ExecutionStatus } from '@/features/workflows/api/workflows';

/** While a run is queued or running, its panel reads it again this often (besides the socket's events). */
export const RUN_POLL_MS = 3000;

const going = (status: ExecutionStatus) => status === 'queued' || status === 'running';

/**
 * GET /workflow-executions/{id} for a run's panel, under the same key as `useExecution`: read
 * again whenever the panel opens (the socket's events may have come while it was closed, when the
 * run was only marked stale) and every few seconds while the run is going, so the panel follows it
 * even when an event is missed.
 */
export const useRunDetail = (id: string) =>
  useQuery({
    queryKey: workflowKeys.execution(id),
    queryFn: () => api.get('/workflow-executions/{id}', { params: { path: { id } } }),
    refetchOnMount: 'always',
    refetchInterval: (query) => (query.state.data && going(query.state.data.status) ? RUN_POLL_MS : false),
  });
