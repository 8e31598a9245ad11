import type { ReactNode } from 'react';
import { matchRanges, segments } from '@/features/help/utils/search';

/** Text with its found terms marked. */
function Marked({ text, terms }: { text: string; terms: string[] }) {
  const ranges = matchRanges(text, terms);
  if (ranges.length === 0) return text;
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-200 text-zinc-950 dark:bg-amber-300/25 dark:text-amber-50">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return parts;
}

/**
 * A help text: code (between backticks) in a monospace font, left-to-right even in Arabic (a path
 * such as /v1/models must not be mirrored), and the search's terms marked in both.
 */
export function RichText({ text, terms }: { text: string; terms: string[] }) {
  return segments(text).map((s, i) =>
    s.code ? (
      <code key={i} dir="ltr" className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.85em] text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
        <Marked text={s.text} terms={terms} />
      </code>
    ) : (
      <Marked key={i} text={s.text} terms={terms} />
    ),
  );
}
