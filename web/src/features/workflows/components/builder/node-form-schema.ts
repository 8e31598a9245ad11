import { createContext, useContext } from 'react';
import { useFormContext, type Path } from 'react-hook-form';
import { z } from 'zod';
import type { NodeKind } from '@/features/workflows/api/workflows';
import { commonSchema, formSchemas, toFormData, type CommonForm } from '@/features/workflows/components/builder/schemas';
import type { NodeConfig } from '@/features/workflows/components/builder/types';
import { useBuilderMessage } from '@/features/workflows/components/builder/use-builder-message';

// A node's form: its common fields (`common.*`) and its type's settings (`data.*`), checked by
// zod as one (react-hook-form's zodResolver) and read into what the graph keeps.

export type NodeFormValues = { common: CommonForm; data: Record<string, unknown> };

export function nodeFormSchema(kind: NodeKind) {
  // Each type's schema reads its own fields; here any of them stands in for the form's `data`.
  const data: z.ZodType<unknown, Record<string, unknown>> = formSchemas[kind];
  return z.object({ common: commonSchema, data });
}
export type NodeFormOutput = z.output<ReturnType<typeof nodeFormSchema>>;

const text = (n: number | null | undefined) => (n == null ? '' : String(n));

export function toNodeFormValues(node: NodeConfig): NodeFormValues {
  return {
    common: { name: node.name ?? '', timeoutSeconds: text(node.timeoutSeconds), retries: text(node.retries), retryBackoffSeconds: text(node.retryBackoffSeconds) },
    data: toFormData[node.kind](node.config),
  };
}

/** What a valid form changes in the node. */
export function toNodePatch(out: NodeFormOutput): Partial<NodeConfig> {
  return {
    name: out.common.name ?? null,
    timeoutSeconds: out.common.timeoutSeconds ?? null,
    retries: out.common.retries ?? null,
    retryBackoffSeconds: out.common.retryBackoffSeconds ?? null,
    config: (out.data ?? {}) as Record<string, unknown>,
  };
}

/** The server's problems with the node, by form field (`data.url`, `common.timeoutSeconds`). */
export const NodeProblemsContext = createContext<ReadonlyMap<string, string>>(new Map());

const COMMON = new Set(['name', 'timeoutSeconds', 'retries', 'retryBackoffSeconds']);

/** The form field a problem's path (after `graph.nodes.<id>.`) is about. */
export const formFieldOf = (path: string) => (COMMON.has(path) ? `common.${path}` : path);

/** The form's helpers for one node's fields, with each field's message (ours first, then the server's). */
export function useNodeField() {
  const form = useFormContext<NodeFormValues>();
  const problems = useContext(NodeProblemsContext);
  const msg = useBuilderMessage();
  const error = (name: Path<NodeFormValues>): string | undefined => {
    const own = form.getFieldState(name, form.formState).error?.message;
    return msg(typeof own === 'string' ? own : undefined) ?? problems.get(name);
  };
  return { ...form, error };
}
