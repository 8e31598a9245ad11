import type { z } from 'zod';
import { documentSchema, type WorkflowDocument } from '@/features/workflows/components/builder/schemas';

export type Read = { ok: true; document: WorkflowDocument } | { ok: false; problems: string[] };

/** Reads an exported workflow: JSON, then its shape (zod), before anything is loaded. */
export function readWorkflowDocument(text: string, say: { notJson: (why: string) => string; issue: (issue: z.core.$ZodIssue) => string }): Read {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [say.notJson(e instanceof Error ? e.message : String(e))] };
  }
  const parsed = documentSchema.safeParse(value);
  if (parsed.success) return { ok: true, document: parsed.data };
  return { ok: false, problems: parsed.error.issues.slice(0, 8).map(say.issue) };
}

