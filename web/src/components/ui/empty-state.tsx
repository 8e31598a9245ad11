import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/**
 * What a screen or a block shows when it has nothing yet: an icon, a title, a line saying what to
 * do, and the actions. `size="lg"` is a page's (a dashed box, the title a heading); `sm` sits
 * inside a card or a table.
 */
export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  children,
  size = 'lg',
  bordered = size === 'lg',
  className,
}: {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
  /** Buttons or links, centred under the text. */
  action?: ReactNode;
  /** More content under the actions (the templates of an empty agent list). */
  children?: ReactNode;
  size?: 'lg' | 'sm';
  bordered?: boolean;
  className?: string;
}) {
  const lg = size === 'lg';
  return (
    <div
      data-testid="empty-state"
      className={cn(
        bordered && 'rounded-2xl border border-dashed border-zinc-300 dark:border-zinc-700',
        lg ? 'p-8' : bordered ? 'px-6 py-8' : 'py-6',
        className,
      )}
    >
      <div className={cn('mx-auto flex flex-col items-center text-center', lg ? 'max-w-xl' : 'max-w-sm')}>
        {Icon ? (
          lg ? (
            <span className="flex size-12 items-center justify-center rounded-full bg-accent-50 text-accent-600 dark:bg-accent-500/15 dark:text-accent-400">
              <Icon aria-hidden className="size-6" />
            </span>
          ) : (
            <Icon aria-hidden className="size-8 text-zinc-300 dark:text-zinc-600" />
          )
        ) : null}
        {lg ? <h2 className={cn('text-lg font-semibold', Icon && 'mt-4')}>{title}</h2> : <p className={cn('text-sm font-medium', Icon && 'mt-2')}>{title}</p>}
        {description ? <p className={cn('mt-1 text-zinc-600 dark:text-zinc-400', lg ? 'text-sm' : 'text-xs')}>{description}</p> : null}
        {action ? <div className={cn('flex flex-wrap justify-center gap-2', lg ? 'mt-5' : 'mt-3')}>{action}</div> : null}
      </div>
      {children}
    </div>
  );
}
