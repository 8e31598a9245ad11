import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFollowedRun } from '@/features/workflows/api/builder';
import { useCancelExecution, useExecuteWorkflow } from '@/features/workflows/api/workflows';
import { latestSteps } from '@/features/workflows/components/builder/run-status';
import { toast } from '@/lib/toast';

/** The test input as typed: a JSON object (or nothing, for `{}`). */
export function parseRunInput(text: string): { ok: true; value: Record<string, unknown> } | { ok: false } {
  if (!text.trim()) return { ok: true, value: {} };
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return { ok: true, value: value as Record<string, unknown> };
  } catch {
    // below
  }
  return { ok: false };
}

/**
 * A test run from the builder: `start` saves first when asked to (`ensureSaved` says whether the
 * workflow as shown is saved), starts the run with the typed input, then follows it (the socket's
 * events and a read every second) until it ends; `cancel` stops it.
 */
export function useTestRun(workflowId: string, ensureSaved: () => Promise<boolean>) {
  const { t } = useTranslation('dashboard');
  const execute = useExecuteWorkflow(workflowId);
  const cancelRun = useCancelExecution();
  const [runId, setRunId] = useState<string | null>(null);
  const [input, setInput] = useState('{\n  "message": "Hello"\n}');
  const [inputError, setInputError] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const run = useFollowedRun(runId);
  const shown = runId ? (run.data ?? null) : null;

  const start = async () => {
    const parsed = parseRunInput(input);
    if (!parsed.ok) {
      setInputError(t('workflowBuilder.run.inputInvalid'));
      return;
    }
    setInputError(null);
    setStartError(null);
    setSaving(true);
    const saved = await ensureSaved().finally(() => setSaving(false));
    if (!saved) return;
    try {
      const started = await execute.mutateAsync(parsed.value);
      setRunId(started.id);
    } catch (e) {
      setStartError(e instanceof Error ? e.message : String(e));
    }
  };

  const cancel = () => {
    if (!runId) return;
    cancelRun.mutate(runId, { onError: (e) => toast({ title: t('workflowBuilder.run.cancelFailed'), description: e.message, status: 'error' }) });
  };

  return {
    input,
    setInput: (text: string) => {
      setInput(text);
      setInputError(null);
    },
    inputError,
    startError,
    run: shown,
    steps: latestSteps(shown),
    starting: saving || execute.isPending,
    canceling: cancelRun.isPending,
    start,
    cancel,
    clear: () => setRunId(null),
  };
}
