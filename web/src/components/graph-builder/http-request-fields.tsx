import { useFormContext } from 'react-hook-form';
import { HeaderRows, type HeaderLabels } from '@/components/graph-builder/header-rows';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { TextareaField } from '@/components/ui/textarea-field';

export type HttpRequestLabels = { method: string; url: string; body: string; bodyHint: string; headers: HeaderLabels };

type HttpValues = { data: { method: string; url: string; body: string } };

/** An HTTP request (the form's `data.method`, `data.url`, `data.headers`, `data.body`): method and URL, headers as rows, body. */
export function HttpRequestFields({
  labels,
  methods,
  urlPlaceholder,
  maxHeaders,
  error,
}: {
  labels: HttpRequestLabels;
  methods: readonly string[];
  urlPlaceholder: string;
  maxHeaders: number;
  error: (path: string) => string | undefined;
}) {
  const { register } = useFormContext<HttpValues>();
  return (
    <>
      <div className="grid grid-cols-[7rem_1fr] gap-3">
        <SelectField label={labels.method} error={error('data.method')} {...register('data.method')}>
          {methods.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </SelectField>
        <FormField label={labels.url} dir="ltr" placeholder={urlPlaceholder} error={error('data.url')} {...register('data.url')} />
      </div>
      <HeaderRows labels={labels.headers} max={maxHeaders} error={error} />
      <TextareaField label={labels.body} hint={labels.bodyHint} rows={4} className="[&_textarea]:font-mono" error={error('data.body')} {...register('data.body')} />
    </>
  );
}
