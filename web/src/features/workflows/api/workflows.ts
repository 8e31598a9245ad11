import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { useRealtime, type RealtimeStatus } from '@/lib/realtime';

// Workflows: the list, one workflow with its versions and runs, the calls that make, save, run,
// cancel, retry and delete, the AI generator and the orchestration overview. Every query sits under
// `['workflows']`, so each mutation refreshes what it touched through the same keys; the realtime
// socket's `workflow.execution` events refresh runs as they move.

type S = components['schemas'];
export type Workflow = S['WorkflowOut'];
export type WorkflowInput = S['WorkflowIn'];
export type WorkflowUpdate = S['WorkflowUpdateIn'];
export type WorkflowVersion = S['WorkflowVersionOut'];
export type WorkflowStatus = S['WorkflowStatus'];
export type Trigger = S['Trigger'];
export type TriggerKind = S['TriggerKind'];
export type WorkflowEvent = S['WorkflowEvent'];
export type Graph = S['Graph'];
export type GraphNode = S['Node'];
export type GraphEdge = S['Edge'];
export type NodeKind = S['NodeKind'];
export type Execution = S['ExecutionOut'];
export type ExecutionStatus = S['ExecutionStatus'];
export type Step = S['StepOut'];
export type StepStatus = S['StepStatus'];
export type Validation = S['ValidationOut'];
export type Problem = S['ProblemOut'];
export type GenerateInput = S['AiGenerateIn'];
export type Generated = S['AiGenerateOut'];
export type Orchestration = S['OrchestrationOut'];
export type NodeData = {
  agent: S['AgentNodeData'];
  llm: S['LlmNodeData'];
  http: S['HttpNodeData'];
  condition: S['ConditionNodeData'];
  transform: S['TransformNodeData'];
  delay: S['DelayNodeData'];
  mcp: S['McpNodeData'];
  sms: S['SmsNodeData'];
  email: S['EmailNodeData'];
  end: S['EndNodeData'];
  trigger: Record<string, never>;
};

/** The messages of the error catalogue (used when the server gives none). */
export const WORKFLOW_ERRORS = {
  list: 'Failed to get workflows',
  generate: 'Failed to generate AI workflow',
} as const;

export const workflowKeys = {
  all: ['workflows'] as const,
  list: () => ['workflows', 'list'] as const,
  detail: (id: string) => ['workflows', 'detail', id] as const,
  versions: (id: string) => ['workflows', 'detail', id, 'versions'] as const,
  executions: (id: string) => ['workflows', 'detail', id, 'executions'] as const,
  execution: (id: string) => ['workflows', 'execution', id] as const,
  orchestration: () => ['workflows', 'orchestration'] as const,
};

/** GET /workflows: mine, last changed first, with how their runs went. */
export const workflowsQueryOptions = () =>
  queryOptions({
    queryKey: workflowKeys.list(),
    queryFn: () => api.get('/workflows', { defaultMessage: WORKFLOW_ERRORS.list }),
    refetchOnMount: 'always',
  });
export const useWorkflows = () => useQuery(workflowsQueryOptions());

/** GET /workflows/{id}. */
export const useWorkflow = (id: string) =>
  useQuery({
    queryKey: workflowKeys.detail(id),
    queryFn: () => api.get('/workflows/{id}', { params: { path: { id } } }),
    refetchOnMount: 'always',
  });

/** GET /workflows/{id}/versions: every saved version, newest first. */
export const useWorkflowVersions = (id: string) =>
  useQuery({
    queryKey: workflowKeys.versions(id),
    queryFn: () => api.get('/workflows/{id}/versions', { params: { path: { id } } }),
  });

/** GET /workflows/{id}/executions: the newest runs (without their steps). */
export const useWorkflowExecutions = (id: string, status?: ExecutionStatus) =>
  useQuery({
    queryKey: [...workflowKeys.executions(id), status ?? 'all'],
    queryFn: () => api.get('/workflows/{id}/executions', { params: { path: { id }, query: status ? { status } : {} } }),
    refetchOnMount: 'always',
  });

/** GET /workflow-executions/{id}: one run with each node's step. */
export const useExecution = (id: string | null) =>
  useQuery({
    queryKey: workflowKeys.execution(id ?? ''),
    queryFn: () => api.get('/workflow-executions/{id}', { params: { path: { id: id ?? '' } } }),
    enabled: Boolean(id),
  });

/** GET /v1/orchestration/overview: everything running now. */
export const useOrchestration = () =>
  useQuery({
    queryKey: workflowKeys.orchestration(),
    queryFn: () => api.get('/v1/orchestration/overview'),
    refetchOnMount: 'always',
    refetchInterval: 15_000,
  });

function useRefresh() {
  const qc = useQueryClient();
  return (workflow?: Workflow) => {
    if (workflow) qc.setQueryData(workflowKeys.detail(workflow.id), workflow);
    void qc.invalidateQueries({ queryKey: workflowKeys.all });
  };
}

/** POST /workflows. */
export function useCreateWorkflow() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: WorkflowInput) => api.post('/workflows', { body }),
    onSuccess: (workflow) => refresh(workflow),
  });
}

/** PUT /workflows/{id}: a change of name, trigger or graph is a new version. */
export function useUpdateWorkflow(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: WorkflowUpdate) => api.put('/workflows/{id}', { params: { path: { id } }, body }),
    onSuccess: (workflow) => refresh(workflow),
  });
}

/** DELETE /workflows/{id}. */
export function useDeleteWorkflow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/workflows/{id}', { params: { path: { id } } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: workflowKeys.all }),
  });
}

/** POST /workflows/{id}/rotate-hook: a new secret webhook URL. */
export function useRotateWorkflowHook(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => api.post('/workflows/{id}/rotate-hook', { params: { path: { id } } }),
    onSuccess: (workflow) => refresh(workflow),
  });
}

/** POST /workflows/validate: the problems a save would report, without saving. */
export function useValidateWorkflow() {
  return useMutation({
    mutationFn: (body: { graph: Graph; trigger?: Trigger }) => api.post('/workflows/validate', { body }),
  });
}

/** POST /workflows/{id}/execute: starts a run of the current version; answers with the queued run. */
export function useExecuteWorkflow(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input?: Record<string, unknown>) =>
      api.post('/workflows/{id}/execute', { params: { path: { id } }, body: input === undefined ? {} : { input } }),
    onSuccess: (run) => {
      qc.setQueryData(workflowKeys.execution(run.id), run);
      void qc.invalidateQueries({ queryKey: workflowKeys.executions(id) });
    },
  });
}

/** POST /workflow-executions/{id}/cancel. */
export function useCancelExecution() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/workflow-executions/{id}/cancel', { params: { path: { id } } }),
    onSuccess: (run) => {
      qc.setQueryData(workflowKeys.execution(run.id), run);
      void qc.invalidateQueries({ queryKey: workflowKeys.all });
    },
  });
}

/** POST /workflow-executions/{id}/retry: from the failed node. */
export function useRetryExecution() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post('/workflow-executions/{id}/retry', { params: { path: { id } } }),
    onSuccess: (run) => {
      qc.setQueryData(workflowKeys.execution(run.id), run);
      void qc.invalidateQueries({ queryKey: workflowKeys.all });
    },
  });
}

/** POST /v1/orchestration/ai-generate: a workflow to review (nothing saved). */
export function useGenerateWorkflow() {
  return useMutation({
    mutationFn: (body: GenerateInput) => api.post('/v1/orchestration/ai-generate', { body, defaultMessage: WORKFLOW_ERRORS.generate }),
  });
}

/**
 * Follows runs live: each `workflow.execution` event refreshes that run (and, when `workflowId`
 * is given, only that workflow's), its workflow's run list and the orchestration overview.
 */
export function useWorkflowRealtime(workflowId?: string): RealtimeStatus {
  const qc = useQueryClient();
  return useRealtime((event, info) => {
    if (info.resumed) {
      void qc.invalidateQueries({ queryKey: workflowKeys.all });
      return;
    }
    if (event.type !== 'workflow.execution') return;
    if (workflowId && event.workflowId !== workflowId) return;
    void qc.invalidateQueries({ queryKey: workflowKeys.execution(event.executionId) });
    void qc.invalidateQueries({ queryKey: workflowKeys.executions(event.workflowId) });
    void qc.invalidateQueries({ queryKey: workflowKeys.orchestration() });
    void qc.invalidateQueries({ queryKey: workflowKeys.list() });
  });
}
