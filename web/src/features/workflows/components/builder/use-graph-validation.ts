import { useEffect, useMemo, useRef, useState } from 'react';
import { useValidateWorkflow, type Graph, type Problem, type Trigger } from '@/features/workflows/api/workflows';
import { useDebounced } from '@/lib/use-debounced';
import { ApiError } from '@/lib/api-client';
import { indexProblems, noProblems, type ProblemIndex } from '@/features/workflows/components/builder/problems';

/** How long the graph must stay unchanged before it is checked. */
export const VALIDATE_DEBOUNCE_MS = 500;

/** The graph without its positions: moving a node changes nothing the server checks. */
const checkedPart = (graph: Graph): Graph => ({ nodes: graph.nodes.map(({ position: _position, ...rest }) => rest), edges: graph.edges });

/**
 * The problems `POST /workflows/validate` finds with the graph and trigger, checked once they
 * have not changed for half a second (an answer to an older graph is dropped). A failed save's
 * field problems (`replaceWith`) show until the next check.
 */
export function useGraphValidation(graph: Graph, trigger: Trigger) {
  const { mutateAsync } = useValidateWorkflow();
  const key = useMemo(() => JSON.stringify({ graph: checkedPart(graph), trigger }), [graph, trigger]);
  const settled = useDebounced(key, VALIDATE_DEBOUNCE_MS);
  const [result, setResult] = useState<{ key: string; problems: ProblemIndex } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const latest = useRef(0);
  useEffect(() => {
    const n = ++latest.current;
    const body = JSON.parse(settled) as { graph: Graph; trigger: Trigger };
    mutateAsync(body).then(
      (answer) => {
        if (n !== latest.current) return;
        setFailed(null);
        setResult({ key: settled, problems: indexProblems(answer.problems, body.graph) });
      },
      (e: unknown) => {
        if (n !== latest.current) return;
        setFailed(e instanceof Error ? e.message : String(e));
      },
    );
  }, [settled, mutateAsync]);
  return {
    problems: result?.problems ?? noProblems(),
    /** Whether the graph on screen is not the one the problems are about yet. */
    checking: result?.key !== key && !failed,
    failed,
    /** Shows the problems of a refused save (its 422's fields) until the next check. */
    replaceWith: (problems: readonly Problem[], checked: Graph) => setResult({ key, problems: indexProblems(problems, checked) }),
  };
}

/** The field problems of a failed call, if it was refused for them. */
export const fieldProblems = (e: unknown): Problem[] => (e instanceof ApiError ? e.errors.map((f) => ({ field: f.field, message: f.message || e.message })) : []);
