import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * An inspector's form (react-hook-form with a zod schema), checked as it is typed: each change,
 * once the whole form is valid, goes to `onValid` (written into the graph at once).
 */
export function useLiveForm<V extends FieldValues, O>(schema: z.ZodType<O, V>, defaultValues: DefaultValues<V>, onValid: (out: O) => void) {
  const resolver = useMemo(() => zodResolver(schema), [schema]);
  const form = useForm<V, unknown, O>({ resolver, defaultValues, mode: 'onChange', shouldFocusError: false });
  const { subscribe, handleSubmit } = form;
  useEffect(
    () =>
      subscribe({
        formState: { values: true },
        callback: () => void handleSubmit(onValid)(),
      }),
    [subscribe, handleSubmit, onValid],
  );
  return form;
}
