import type { z } from 'zod';

// Reading an exported graph (a workflow, a conversation flow): JSON, then its shape (zod), before
// anything is loaded; at most eight problems are told.

export type Read<D> = { ok: true; document: D } | { ok: false; problems: string[] };

/** How a builder words what is wrong with a file. */
export type DocumentSay = { notJson: (why: string) => string; issue: (issue: z.core.$ZodIssue) => string };

export function readDocument<D>(text: string, schema: z.ZodType<D>, say: DocumentSay): Read<D> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { ok: false, problems: [say.notJson(e instanceof Error ? e.message : String(e))] };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, document: parsed.data };
  return { ok: false, problems: parsed.error.issues.slice(0, 8).map(say.issue) };
}

/** The kinds of zod issue a builder has words for (`other` for the rest). */
export const issueKind = (issue: z.core.$ZodIssue) => (issue.code === 'invalid_type' || issue.code === 'unrecognized_keys' || issue.code === 'invalid_value' ? issue.code : 'other');
