import type { ReactNode } from 'react';
import { Button as AriaButton, Menu as AriaMenu, MenuItem as AriaMenuItem, MenuTrigger, Popover, type Key } from 'react-aria-components';
import { cn } from '@/components/ui/cn';

export type MenuAction = {
  id: string;
  label: ReactNode;
  /** The item's accessible text when `label` is not plain text. */
  textValue?: string;
  icon?: ReactNode;
  tone?: 'default' | 'danger';
  onAction: () => void;
};

/**
 * A menu button on react-aria-components: the button opens a menu (arrow keys, typeahead,
 * Escape closes it and focus returns to the button). `header` sits above the items and is not
 * one of them (say, who is signed in).
 */
export function DropdownMenu({
  trigger,
  triggerLabel,
  triggerClassName,
  header,
  items,
  label,
}: {
  /** What the button shows. */
  trigger: ReactNode;
  /** The button's accessible name, when it must say more than what it shows (it should contain it). */
  triggerLabel?: string;
  triggerClassName?: string;
  header?: ReactNode;
  items: MenuAction[];
  /** The menu's accessible name. */
  label: string;
}) {
  const byId = new Map(items.map((i) => [i.id, i]));
  return (
    <MenuTrigger>
      <AriaButton aria-label={triggerLabel} className={({ isFocusVisible }) => cn('outline-none', isFocusVisible && 'ring-2 ring-accent-500/40', triggerClassName)}>
        {trigger}
      </AriaButton>
      <Popover
        placement="bottom end"
        offset={8}
        className="w-60 overflow-hidden rounded-xl border border-zinc-200 bg-white p-1 shadow-lg outline-none dark:border-zinc-800 dark:bg-zinc-900"
      >
        {header ? (
          <>
            {header}
            <div className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          </>
        ) : null}
        <AriaMenu aria-label={label} onAction={(key: Key) => byId.get(String(key))?.onAction()} className="outline-none">
          {items.map((item) => (
            <AriaMenuItem
              key={item.id}
              id={item.id}
              textValue={item.textValue ?? (typeof item.label === 'string' ? item.label : undefined)}
              className={({ isFocused }) =>
                cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none',
                  item.tone === 'danger'
                    ? cn('text-red-600 dark:text-red-400', isFocused && 'bg-red-50 dark:bg-red-950/50')
                    : isFocused && 'bg-zinc-100 dark:bg-zinc-800',
                )
              }
            >
              {item.icon}
              {item.label}
            </AriaMenuItem>
          ))}
        </AriaMenu>
      </Popover>
    </MenuTrigger>
  );
}
