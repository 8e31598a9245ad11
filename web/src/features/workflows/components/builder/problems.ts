import { elementOf, groupByElement } from '@/components/graph-builder/problem-index';
import type { Graph, Problem } from '@/features/workflows/api/workflows';

// The problems the server finds (`POST /workflows/validate`, or a save's 422), placed where the
// builder shows them: on a node (`graph.nodes.<id>…`, or `graph.nodes[<index>]…` when the id
// itself is wrong), on an edge, on the trigger, or on the workflow as a whole.

export type Placed = {
  field: string;
  message: string;
  /** What it is about. */
  at: { kind: 'node'; id: string; path: string } | { kind: 'edge'; id: string; path: string } | { kind: 'trigger'; path: string } | { kind: 'workflow'; path: string };
};

export type ProblemIndex = {
  all: Placed[];
  nodes: Map<string, Placed[]>;
  edges: Map<string, Placed[]>;
  trigger: Placed[];
  workflow: Placed[];
};

/** Where one problem belongs, reading indexes against the graph that was checked. */
export function placeProblem(problem: Problem, graph: Graph): Placed {
  const { field, message } = problem;
  const element = elementOf(field, 'graph', graph);
  if (element) return { field, message, at: element };
  if (field === 'trigger' || field.startsWith('trigger.')) return { field, message, at: { kind: 'trigger', path: field.slice('trigger.'.length) } };
  return { field, message, at: { kind: 'workflow', path: field } };
}

export function indexProblems(problems: readonly Problem[], graph: Graph): ProblemIndex {
  const all = problems.map((p) => placeProblem(p, graph));
  return { all, ...groupByElement(all), trigger: all.filter((p) => p.at.kind === 'trigger'), workflow: all.filter((p) => p.at.kind === 'workflow') };
}

export const noProblems = (): ProblemIndex => ({ all: [], nodes: new Map(), edges: new Map(), trigger: [], workflow: [] });

/** A problem as the shared lists show it (where in its node or edge, if anywhere). */
export const listed = (p: Placed) => ({ field: p.field, message: p.message, path: p.at.kind !== 'workflow' && p.at.path ? p.at.path : undefined });
