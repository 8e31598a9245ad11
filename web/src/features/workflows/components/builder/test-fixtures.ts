import type { Execution, Graph, Step, Workflow } from '@/features/workflows/api/workflows';

// The builder tests' workflows and runs, typed as the API gives them.

/** trigger → transform → condition → (true) done, (false) other; the transform's error way → other. */
export const sampleGraph = (): Graph => ({
  nodes: [
    { id: 'start', type: 'trigger', name: 'Start', position: { x: 0, y: 0 }, data: {} },
    { id: 'shape', type: 'transform', name: 'Shape', position: { x: 320, y: 0 }, data: { template: 'Hello {{ input.name }}' }, timeoutSeconds: 20 },
    { id: 'check', type: 'condition', position: { x: 640, y: 0 }, data: { expression: 'nodes.shape.output.text != ""' } },
    { id: 'done', type: 'end', name: 'Done', position: { x: 960, y: -80 }, data: {} },
    { id: 'other', type: 'end', position: { x: 960, y: 80 }, data: { output: { why: '{{ error.message }}' } } },
  ],
  edges: [
    { id: 'e1', source: 'start', target: 'shape' },
    { id: 'e2', source: 'shape', target: 'check' },
    { id: 'e3', source: 'check', target: 'done', sourceHandle: 'true' },
    { id: 'e4', source: 'check', target: 'other', sourceHandle: 'false' },
    { id: 'e5', source: 'shape', target: 'other', sourceHandle: 'error' },
  ],
});

export function makeWorkflow(over: Partial<Workflow> = {}): Workflow {
  return {
    id: 'w1',
    name: 'Greeter',
    description: 'Says hello',
    status: 'draft',
    trigger: { type: 'manual' },
    graph: sampleGraph(),
    version: 3,
    stats: { runs: 0, succeeded: 0, failed: 0, active: 0 },
    createdAt: '2026-03-01T09:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    ...over,
  };
}

export function makeStep(nodeId: string, status: Step['status'], over: Partial<Step> = {}): Step {
  return { nodeId, nodeType: 'transform', iteration: 0, status, attempts: 1, input: {}, output: null, durationMs: 12, ...over };
}

export function makeRun(status: Execution['status'], steps: Step[], over: Partial<Execution> = {}): Execution {
  return {
    id: 'r1',
    workflowId: 'w1',
    workflowName: 'Greeter',
    version: 3,
    status,
    trigger: 'manual',
    input: { name: 'Ada' },
    retries: 0,
    createdAt: '2026-03-01T10:00:00Z',
    steps,
    ...over,
  };
}
