/** What a builder's templates may use, as code chips after `intro` (under a template field). */
export function TemplateHint({ intro, variables }: { intro: string; variables: readonly string[] }) {
  return (
    <p className="text-xs leading-relaxed text-zinc-500 dark:text-zinc-400">
      {intro}{' '}
      {variables.map((v) => (
        <code key={v} dir="ltr" className="me-1 inline-block rounded bg-zinc-100 px-1 py-px font-mono text-[11px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {v}
        </code>
      ))}
    </p>
  );
}
