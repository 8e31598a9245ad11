import type { ReactNode } from 'react';
import { Tab as AriaTab, TabList as AriaTabList, TabPanel as AriaTabPanel, Tabs as AriaTabs, type Key } from 'react-aria-components';
import { cn } from '@/components/ui/cn';

/**
 * Tabs on react-aria-components: a tablist (arrow keys move between tabs, Home/End, the tab
 * panel labelled by its tab). `tabs` name each tab; `children(id)` renders the selected one's panel.
 */
export function Tabs<K extends string>({
  label,
  tabs,
  selected,
  onSelect,
  children,
  variant = 'underline',
  className,
}: {
  label: string;
  tabs: Array<{ id: K; title: ReactNode; description?: ReactNode; icon?: ReactNode }>;
  selected: K;
  onSelect: (id: K) => void;
  children: (id: K) => ReactNode;
  /** `underline`: a row of tabs; `cards`: a grid of large tabs with a description each. */
  variant?: 'underline' | 'cards';
  className?: string;
}) {
  const cards = variant === 'cards';
  return (
    <AriaTabs selectedKey={selected} onSelectionChange={(key: Key) => onSelect(String(key) as K)} className={cn('space-y-6', className)}>
      <AriaTabList
        aria-label={label}
        className={cn(cards ? 'grid gap-3 sm:grid-cols-3' : 'flex gap-1 overflow-x-auto border-b border-zinc-200 dark:border-zinc-800')}
      >
        {tabs.map((tab) => (
          <AriaTab
            key={tab.id}
            id={tab.id}
            className={({ isSelected, isFocusVisible }) =>
              cn(
                'cursor-pointer outline-none transition',
                isFocusVisible && 'ring-2 ring-accent-500/40',
                cards
                  ? cn(
                      'flex items-start gap-3 rounded-xl border p-4 text-start',
                      isSelected
                        ? 'border-accent-500 bg-accent-50/60 shadow-sm dark:border-accent-500/70 dark:bg-accent-500/10'
                        : 'border-zinc-200 bg-white hover:border-zinc-300 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700',
                    )
                  : cn(
                      '-mb-px flex shrink-0 items-center gap-2 rounded-t border-b-2 px-3 py-2.5 text-sm',
                      isSelected
                        ? 'border-accent-600 font-medium text-zinc-900 dark:border-accent-400 dark:text-white'
                        : 'border-transparent text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white',
                    ),
              )
            }
          >
            {tab.icon}
            {cards ? (
              <span>
                <span className="block text-sm font-medium">{tab.title}</span>
                {tab.description ? <span className="mt-0.5 block text-xs text-zinc-600 dark:text-zinc-400">{tab.description}</span> : null}
              </span>
            ) : (
              tab.title
            )}
          </AriaTab>
        ))}
      </AriaTabList>
      {tabs.map((tab) => (
        <AriaTabPanel key={tab.id} id={tab.id} className="space-y-6 outline-none">
          {children(tab.id)}
        </AriaTabPanel>
      ))}
    </AriaTabs>
  );
}
