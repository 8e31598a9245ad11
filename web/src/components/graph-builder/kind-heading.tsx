import type { KindLook } from '@/components/graph-builder/palette';
import { cn } from '@/components/ui/cn';

/** The top of a node's inspector: its type's icon, name and what it does. */
export function KindHeading({ look, title, description }: { look: KindLook; title: string; description: string }) {
  const Icon = look.icon;
  return (
    <div className="flex items-start gap-3">
      <span aria-hidden className={cn('flex size-9 shrink-0 items-center justify-center rounded-lg', look.tile)}>
        <Icon className="size-5" />
      </span>
      <div className="min-w-0">
        <h3 className="text-base font-semibold">{title}</h3>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{description}</p>
      </div>
    </div>
  );
}
