/** A run's input as typed: empty is `{}`; otherwise it must be a JSON object. */
export type ParsedInput = { ok: true; value: Record<string, unknown> } | { ok: false; error: 'notJson' | 'notObject' };

export function parseRunInput(text: string): ParsedInput {
  if (text.trim() === '') return { ok: true, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'notJson' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, error: 'notObject' };
  return { ok: true, value: value as Record<string, unknown> };
}

/** Any JSON value, indented for reading; `undefined` (nothing given) reads as null. */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value ?? null, null, 2);
}
