import { useState } from 'react';
import { useWatch, type FieldValues, type UseFormReturn } from 'react-hook-form';
import type { TestOutcome } from '@/components/ui/connection-result';

/** What a test call answers: whether the service took the credentials, in words, and how fast. */
type TestAnswer = { ok: boolean; message: string; latencyMs: number };

/**
 * "Test connection" of a form: `run` tries what the form holds now; its outcome is kept while the
 * form still holds the values it tried (an edit afterwards hides it). A failure of the call itself
 * goes to `placeErrors` (field errors under their fields) or, when it places none, is shown in
 * the words `describe` gives it.
 */
export function useConnectionTest<V extends FieldValues>(
  form: UseFormReturn<V>,
  placeErrors: (e: unknown) => boolean,
  describe: (e: unknown) => string | null | undefined,
) {
  const [tested, setTested] = useState<{ values: string; outcome: TestOutcome } | null>(null);
  // What the form holds now, to tell whether a test's result still describes it.
  const watched = JSON.stringify(useWatch({ control: form.control }));

  const start = async (run: () => Promise<TestAnswer>) => {
    setTested(null);
    const snapshot = JSON.stringify(form.getValues());
    try {
      const out = await run();
      setTested({ values: snapshot, outcome: { kind: out.ok ? 'ok' : 'failed', message: out.message, latencyMs: out.latencyMs } });
    } catch (e) {
      if (!placeErrors(e)) setTested({ values: snapshot, outcome: { kind: 'error', message: describe(e) ?? '' } });
    }
  };

  return { start, outcome: tested && tested.values === watched ? tested.outcome : null };
}
