import { ChevronDown } from 'lucide-react';
import { Button as AriaButton, ComboBox as AriaComboBox, Input, Label, ListBox, ListBoxItem, Popover, type Key } from 'react-aria-components';
import { cn } from '@/components/ui/cn';

export type ComboBoxOption = { id: string; name: string };

/**
 * A labelled combobox on react-aria-components: type to filter the options, arrows to move,
 * Enter to choose; emptying the box chooses nothing (`null`), which `placeholder` names.
 */
export function ComboBoxField({
  label,
  options,
  value,
  onChange,
  placeholder,
  emptyLabel,
  className,
}: {
  label: string;
  options: ComboBoxOption[];
  value: string | null;
  onChange: (id: string | null) => void;
  placeholder?: string;
  /** Said in the list when no option matches what was typed. */
  emptyLabel: string;
  className?: string;
}) {
  return (
    <AriaComboBox
      selectedKey={value}
      onSelectionChange={(key: Key | null) => onChange(key === null ? null : String(key))}
      menuTrigger="focus"
      defaultItems={options}
      allowsEmptyCollection
      className={cn('space-y-1.5', className)}
    >
      <Label className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </Label>
      <div className="relative">
        <Input
          placeholder={placeholder}
          className="block h-10 w-full rounded-lg border border-zinc-300 bg-white ps-3 pe-9 text-sm shadow-sm outline-none transition placeholder:text-zinc-500 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
        />
        <AriaButton className="absolute inset-y-0 end-0 flex w-9 items-center justify-center text-zinc-500 outline-none dark:text-zinc-400">
          <ChevronDown aria-hidden className="size-4" />
        </AriaButton>
      </div>
      <Popover className="w-(--trigger-width) overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 shadow-lg outline-none dark:border-zinc-800 dark:bg-zinc-900">
        <ListBox<ComboBoxOption>
          className="max-h-72 outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-sm text-zinc-500 dark:text-zinc-400">{emptyLabel}</p>}
        >
          {(option) => (
            <ListBoxItem
              id={option.id}
              textValue={option.name}
              className={({ isFocused, isSelected }) =>
                cn('cursor-pointer truncate rounded-md px-3 py-2 text-sm outline-none', isFocused && 'bg-zinc-100 dark:bg-zinc-800', isSelected && 'font-medium text-accent-700 dark:text-accent-300')
              }
            >
              <span dir="auto">{option.name}</span>
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaComboBox>
  );
}
