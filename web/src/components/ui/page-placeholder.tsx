import type { ReactNode } from 'react';

/** A screen whose content arrives in a later release: its title and what it will do. */
export function PagePlaceholder({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <section className="w-full max-w-5xl">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 max-w-2xl text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
      {children ?? <div className="mt-8 h-64 rounded-xl border border-dashed border-zinc-300 bg-zinc-50/50 dark:border-zinc-800 dark:bg-zinc-900/40" />}
    </section>
  );
}
