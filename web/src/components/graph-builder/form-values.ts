import { z } from 'zod';

// The inspector forms' fields as typed (texts, rows) and read into the server's shapes, shared by
// the graph builders. Messages are the builder's own (keys it translates where they show).

/** A whole number typed in a box between `min` and `max`, `''` for none. */
export const intText = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max), message)
    .transform((v) => (v === '' ? undefined : Number(v)));

/** A number typed in a box between `min` and `max`, `''` for none. */
export const numberText = (min: number, max: number, message: string) =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || (Number.isFinite(Number(v)) && Number(v) >= min && Number(v) <= max), message)
    .transform((v) => (v === '' ? undefined : Number(v)));

/** A JSON object typed in a box, `''` for none. */
export const jsonObjectText = (message: string) =>
  z.string().transform((v, ctx): Record<string, unknown> | undefined => {
    if (!v.trim()) return undefined;
    try {
      const parsed: unknown = JSON.parse(v);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  });

/** A text left out when blank. */
export const optionalText = (v: string) => (v.trim() === '' ? undefined : v);

/** A stored value as its form shows it. */
export const textOf = (v: unknown) => (typeof v === 'string' ? v : v == null ? '' : String(v));
export const jsonTextOf = (v: unknown) => (v == null ? '' : JSON.stringify(v, null, 2));

export type HeaderRow = { name: string; value: string };
const HEADER_NAME = /^[A-Za-z0-9_-]+$/;

/** An HTTP request's headers as rows: names of letters, digits, `-` and `_`, each once; empty rows ignored. */
export const headerRows = (max: number, messages: { name: string; twice: string; tooMany: string }) =>
  z
    .array(z.object({ name: z.string(), value: z.string() }))
    .max(max, messages.tooMany)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((h, i) => {
        const name = h.name.trim();
        if (!name && !h.value) return;
        if (!HEADER_NAME.test(name)) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: messages.name });
        else if (seen.has(name.toLowerCase())) ctx.addIssue({ code: 'custom', path: [i, 'name'], message: messages.twice });
        seen.add(name.toLowerCase());
      });
    });

/** The rows as the server takes them (none: left out). */
export function headersOf(rows: readonly HeaderRow[]): Record<string, string> | undefined {
  const headers = Object.fromEntries(rows.filter((h) => h.name.trim()).map((h) => [h.name.trim(), h.value]));
  return Object.keys(headers).length ? headers : undefined;
}

/** Stored headers as rows. */
export const headerRowsOf = (headers: unknown): HeaderRow[] =>
  headers && typeof headers === 'object' ? Object.entries(headers as Record<string, unknown>).map(([name, value]) => ({ name, value: textOf(value) })) : [];
