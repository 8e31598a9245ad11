import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { McpTool } from '@/lib/mcp';

/** The tools a server offers, as its last test found them: each name and what it does. */
/** `narrow`: one column (a side panel). */
export function ToolsList({ tools, headingLevel = 3, narrow = false }: { tools: McpTool[]; headingLevel?: 2 | 3; narrow?: boolean }) {
  const { t } = useTranslation('dashboard');
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div>
      <Heading className="text-sm font-semibold">{t('mcp.tools.title', { count: tools.length })}</Heading>
      {tools.length === 0 ? (
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('mcp.tools.none')}</p>
      ) : (
        <ul className={narrow ? 'mt-2 grid gap-2' : 'mt-2 grid gap-2 sm:grid-cols-2 xl:grid-cols-3'} aria-label={t('mcp.tools.label')}>
          {tools.map((tool) => (
            <li key={tool.name} className="rounded-lg border border-zinc-200 bg-white px-3 py-2 dark:border-zinc-800 dark:bg-zinc-900">
              <p className="flex items-center gap-1.5 text-sm font-medium">
                <Wrench aria-hidden className="size-3.5 shrink-0 text-accent-600 dark:text-accent-400" />
                <span dir="ltr" className="truncate font-mono">
                  {tool.name}
                </span>
              </p>
              {tool.description ? (
                <p dir="auto" className="mt-0.5 line-clamp-3 text-xs text-zinc-600 dark:text-zinc-400">
                  {tool.description}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
