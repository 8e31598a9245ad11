import { Plus } from 'lucide-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import type { HeaderRow } from '@/components/graph-builder/form-values';
import { RemoveRowButton } from '@/components/graph-builder/remove-row-button';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';

export type HeaderLabels = { legend: string; name: (n: number) => string; value: (n: number) => string; remove: (n: number) => string; add: string };

/** An HTTP request's headers (the form's `data.headers`) as rows of name and value, added and removed. */
export function HeaderRows({ labels, max, error }: { labels: HeaderLabels; max: number; error: (path: string) => string | undefined }) {
  const { control, register } = useFormContext<{ data: { headers: HeaderRow[] } }>();
  const rows = useFieldArray({ control, name: 'data.headers' });
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{labels.legend}</legend>
      {error('data.headers') ? <p className="text-sm text-red-600 dark:text-red-400">{error('data.headers')}</p> : null}
      {rows.fields.map((row, i) => (
        <div key={row.id} className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
          <FormField label={labels.name(i + 1)} dir="ltr" placeholder="Authorization" error={error(`data.headers.${i}.name`)} {...register(`data.headers.${i}.name`)} />
          <FormField label={labels.value(i + 1)} dir="ltr" error={error(`data.headers.${i}.value`)} {...register(`data.headers.${i}.value`)} />
          <RemoveRowButton label={labels.remove(i + 1)} className="mt-7" onClick={() => rows.remove(i)} />
        </div>
      ))}
      {rows.fields.length < max ? (
        <Button variant="secondary" size="sm" onClick={() => rows.append({ name: '', value: '' })}>
          <Plus aria-hidden className="size-4" />
          {labels.add}
        </Button>
      ) : null}
    </fieldset>
  );
}
