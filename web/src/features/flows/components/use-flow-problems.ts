import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowGraph } from '@/features/flows/api/flows';
import { indexFlowProblems, type FlowProblems } from '@/features/flows/utils/problems';
import { checkFlow } from '@/features/flows/utils/validate';

/** The flow without its positions: moving a node changes nothing the checks read. */
export const checkedKey = (graph: FlowGraph) => JSON.stringify({ nodes: graph.nodes.map(({ position: _position, ...rest }) => rest), edges: graph.edges });

/** A refused save's problems (its 400's fields), for the flow that was sent. */
export type SaveProblems = { key: string; problems: readonly { field: string; message: string }[] };

/**
 * The problems with the flow on screen: a refused save's (the server's words) until the flow
 * changes, else the browser's own checks (checkFlow: the server's rules, in the reader's language).
 */
export function useFlowProblems(graph: FlowGraph, refused: SaveProblems | null): { problems: FlowProblems; fromSave: boolean } {
  const { t } = useTranslation('dashboard');
  return useMemo(() => {
    if (refused && refused.key === checkedKey(graph)) return { problems: indexFlowProblems(refused.problems, graph), fromSave: true };
    const checks = checkFlow(graph).map((c) => ({ field: c.field, message: t(`flowBuilder.checks.${c.key}`, c.values ?? {}) }));
    return { problems: indexFlowProblems(checks, graph), fromSave: false };
  }, [graph, refused, t]);
}
