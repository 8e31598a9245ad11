import { elementOf, groupByElement, type ElementAt } from '@/components/graph-builder/problem-index';
import type { FlowGraph } from '@/features/flows/api/flows';

// The problems with a flow (the browser's checks as it is drawn, or a refused save's), placed
// where the builder shows them: on a node (`flow.nodes.<id>…`), on an edge (`flow.edges.<id>…`),
// or on the flow as a whole (`flow.nodes`, `flow`).

export type FlowProblem = { field: string; message: string; at: ElementAt | { kind: 'flow'; path: string } };

export type FlowProblems = { all: FlowProblem[]; nodes: Map<string, FlowProblem[]>; edges: Map<string, FlowProblem[]>; flow: FlowProblem[] };

export function indexFlowProblems(problems: readonly { field: string; message: string }[], graph: FlowGraph): FlowProblems {
  const all = problems.map(({ field, message }): FlowProblem => ({ field, message, at: elementOf(field, 'flow', graph) ?? { kind: 'flow', path: field } }));
  return { all, ...groupByElement(all), flow: all.filter((p) => p.at.kind === 'flow') };
}

export const noFlowProblems = (): FlowProblems => ({ all: [], nodes: new Map(), edges: new Map(), flow: [] });

/** A problem as the shared lists show it (where in its node or edge, if anywhere). */
export const listedProblem = (p: FlowProblem) => ({ field: p.field, message: p.message, path: p.at.kind !== 'flow' && p.at.path ? p.at.path : undefined });
