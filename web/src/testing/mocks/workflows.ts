import type { Execution, Generated, Graph, Orchestration, Step, Workflow, WorkflowVersion } from '@/features/workflows/api/workflows';

// Workflows as the API gives them: a workflow (a transform and an end after its trigger), its
// versions, runs with their steps, a generated workflow and the orchestration overview.

export const greetingGraph = (): Graph => ({
  nodes: [
    { id: 'start', type: 'trigger', name: 'Start', data: {}, position: { x: 0, y: 0 } },
    { id: 'greet', type: 'transform', name: 'Write the greeting', data: { template: 'Hello {{ input.name }}' }, position: { x: 280, y: 0 } },
    { id: 'done', type: 'end', name: 'Done', data: { output: { greeting: '{{ nodes.greet.output.text }}' } }, position: { x: 560, y: 0 } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'greet' },
    { id: 'e2', source: 'greet', target: 'done' },
  ],
});

export function makeWorkflow(over: Partial<Workflow> = {}): Workflow {
  return {
    id: 'w1',
    name: 'Greet by name',
    description: 'Turns the input into a greeting.',
    status: 'draft',
    trigger: { type: 'manual' },
    graph: greetingGraph(),
    version: 2,
    stats: { runs: 4, succeeded: 3, failed: 1, active: 0, successRate: 0.75, lastRunAt: '2026-03-01T09:00:00Z' },
    createdAt: '2026-02-01T09:00:00Z',
    updatedAt: '2026-03-01T09:00:00Z',
    nextRunAt: null,
    webhookUrl: null,
    ...over,
  };
}

export function makeVersion(over: Partial<WorkflowVersion> = {}): WorkflowVersion {
  return { version: 1, name: 'Greet by name', trigger: { type: 'manual' }, graph: greetingGraph(), createdAt: '2026-02-01T09:00:00Z', createdBy: '2', ...over };
}

export function makeStep(over: Partial<Step> = {}): Step {
  return {
    nodeId: 'greet',
    nodeType: 'transform',
    iteration: 0,
    status: 'succeeded',
    attempts: 1,
    durationMs: 12,
    input: {},
    output: { text: 'Hello Ada' },
    error: null,
    startedAt: '2026-03-01T09:00:00Z',
    finishedAt: '2026-03-01T09:00:00Z',
    resumeAt: null,
    ...over,
  };
}

export function makeExecution(over: Partial<Execution> = {}): Execution {
  return {
    id: 'r1',
    workflowId: 'w1',
    workflowName: 'Greet by name',
    version: 2,
    status: 'succeeded',
    trigger: 'manual',
    input: { name: 'Ada' },
    output: { greeting: 'Hello Ada' },
    retries: 0,
    error: null,
    failedNodeId: null,
    createdAt: '2026-03-01T09:00:00Z',
    startedAt: '2026-03-01T09:00:00Z',
    finishedAt: '2026-03-01T09:00:01Z',
    durationMs: 420,
    steps: [],
    ...over,
  };
}

/** A run that failed at its transform after two attempts. */
export const failedRun = () =>
  makeExecution({
    id: 'r2',
    status: 'failed',
    output: null,
    error: 'The template did not make JSON: expected value at line 1 column 1',
    failedNodeId: 'greet',
    durationMs: 2300,
    steps: [
      makeStep({ nodeId: 'start', nodeType: 'trigger', output: { name: 'Ada' }, durationMs: 1 }),
      makeStep({ status: 'failed', attempts: 2, output: null, error: 'The template did not make JSON: expected value at line 1 column 1', durationMs: 2200 }),
    ],
  });

export function makeGenerated(over: Partial<Generated> = {}): Generated {
  return {
    name: 'Summarize each new lead',
    description: 'Summarize each new lead and email me.',
    generatedBy: 'templates',
    trigger: { type: 'webhook' },
    notes: ['Check the address the email goes to.'],
    graph: {
      nodes: [
        { id: 'start', type: 'trigger', name: 'Start', data: {} },
        { id: 'step1', type: 'llm', name: 'Summarize', data: { prompt: 'Summarize {{ input }}' } },
        { id: 'step2', type: 'email', name: 'Send an email', data: { to: 'me@example.com', subject: 'Lead', body: '{{ nodes.step1.output.text }}' } },
        { id: 'done', type: 'end', name: 'Done', data: {} },
      ],
      edges: [
        { id: 'e1', source: 'start', target: 'step1' },
        { id: 'e2', source: 'step1', target: 'step2' },
        { id: 'e3', source: 'step2', target: 'done' },
        { id: 'e4', source: 'step1', target: 'done', sourceHandle: 'error' },
      ],
    },
    ...over,
  };
}

export function makeOrchestration(over: Partial<Orchestration> = {}): Orchestration {
  return { running: [], recent: [], workflows: [], turns: [], handoffs: [], ...over };
}
