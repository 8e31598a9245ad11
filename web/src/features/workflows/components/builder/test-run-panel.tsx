import { Play, Square, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { formatDuration } from '@/lib/format';
import type { Execution, Step } from '@/features/workflows/api/workflows';
import { isFinished, STATUS_TONES } from '@/features/workflows/components/builder/run-status';

const json = (v: unknown) => (v === undefined ? '' : JSON.stringify(v, null, 2));

function Block({ label, value, tone = 'plain' }: { label: string; value: string; tone?: 'plain' | 'error' }) {
  return (
    <div className="min-w-0">
      <p className="text-[11px] font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">{label}</p>
      <pre
        dir="ltr"
        tabIndex={0}
        className={cn(
          'mt-1 max-h-40 overflow-auto rounded-md p-2 text-start font-mono text-[11px] leading-relaxed whitespace-pre-wrap outline-none focus-visible:ring-2 focus-visible:ring-accent-500/50',
          tone === 'error' ? 'bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-200' : 'bg-zinc-50 text-zinc-800 dark:bg-zinc-800/60 dark:text-zinc-200',
        )}
      >
        {value}
      </pre>
    </div>
  );
}

function StepRow({ step, label }: { step: Step; label: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const tone = STATUS_TONES[step.status];
  return (
    <li data-testid="run-step" data-node-id={step.nodeId} data-status={step.status}>
      <details className="group px-3 py-2">
        <summary className="flex cursor-pointer items-center gap-2 text-sm select-none">
          <span className={cn('rounded-full px-2 py-0.5 text-[11px] font-medium', tone.badge)}>{t(`workflowBuilder.status.${step.status}`)}</span>
          <span className="min-w-0 flex-1 truncate font-medium">{label}</span>
          {step.iteration > 0 ? <span className="text-xs text-zinc-500 dark:text-zinc-400">{t('workflowBuilder.run.pass', { n: step.iteration + 1 })}</span> : null}
          {step.attempts > 1 ? <span className="text-xs text-zinc-500 dark:text-zinc-400">{t('workflowBuilder.run.attempts', { n: step.attempts })}</span> : null}
          <span className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">{formatDuration(i18n.language, step.durationMs)}</span>
        </summary>
        <div className="mt-2 grid gap-3 lg:grid-cols-2">
          <Block label={t('workflowBuilder.run.input')} value={json(step.input) || '—'} />
          <Block label={t('workflowBuilder.run.output')} value={json(step.output) || '—'} />
          {step.error ? <Block label={t('workflowBuilder.run.error')} value={step.error} tone="error" /> : null}
        </div>
      </details>
    </li>
  );
}

/**
 * A test run: the input to start it with (JSON, saved first when there are unsaved changes), then
 * the run as it goes (each node's step with its input, output and error; the canvas lights the
 * nodes up), Cancel while it goes, and Clear.
 */
export function TestRunPanel({
  input,
  onInput,
  inputError,
  run,
  starting,
  canceling,
  startError,
  nodeLabel,
  onStart,
  onCancel,
  onClear,
}: {
  input: string;
  onInput: (text: string) => void;
  inputError: string | null;
  run: Execution | null;
  starting: boolean;
  canceling: boolean;
  startError: string | null;
  nodeLabel: (id: string) => string;
  onStart: () => void;
  onCancel: () => void;
  onClear: () => void;
}) {
  const { t, i18n } = useTranslation('dashboard');
  const inputId = useId();
  const going = run !== null && !isFinished(run.status);
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(14rem,20rem)_1fr]">
      <div className="space-y-2">
        <label htmlFor={inputId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('workflowBuilder.run.inputLabel')}
        </label>
        <textarea
          id={inputId}
          value={input}
          onChange={(e) => onInput(e.target.value)}
          rows={5}
          dir="ltr"
          spellCheck={false}
          aria-invalid={inputError ? true : undefined}
          aria-describedby={`${inputId}-hint`}
          className={cn(
            'block w-full rounded-lg border bg-white px-3 py-2 font-mono text-xs shadow-sm outline-none focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:bg-zinc-900',
            inputError ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700',
          )}
        />
        <p id={`${inputId}-hint`} className={cn('text-xs', inputError ? 'text-red-600 dark:text-red-400' : 'text-zinc-500 dark:text-zinc-400')}>
          {inputError ?? t('workflowBuilder.run.inputHint')}
        </p>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={onStart} disabled={starting || going}>
            {starting ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Play aria-hidden className="size-4" />}
            {t('workflowBuilder.run.start')}
          </Button>
          {going ? (
            <Button size="sm" variant="secondary" onClick={onCancel} disabled={canceling}>
              <Square aria-hidden className="size-4" />
              {t('workflowBuilder.run.cancel')}
            </Button>
          ) : null}
          {run && !going ? (
            <Button size="sm" variant="ghost" onClick={onClear}>
              <X aria-hidden className="size-4" />
              {t('workflowBuilder.run.clear')}
            </Button>
          ) : null}
        </div>
        {startError ? <Notice tone="error">{startError}</Notice> : null}
      </div>
      <div className="min-w-0" aria-live="polite">
        {run ? (
          <div className="space-y-3" data-testid="test-run" data-status={run.status}>
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium">{t('workflowBuilder.run.status')}</span>
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_TONES[run.status === 'queued' ? 'pending' : run.status].badge)}>
                {t(`workflowBuilder.status.${run.status}`)}
              </span>
              {going ? <Spinner className="size-3.5" /> : null}
              {run.durationMs != null ? <span className="text-xs text-zinc-500 dark:text-zinc-400">{formatDuration(i18n.language, run.durationMs)}</span> : null}
              <span className="text-xs text-zinc-500 dark:text-zinc-400">{t('workflowBuilder.run.version', { version: run.version })}</span>
            </p>
            {run.error ? <Block label={t('workflowBuilder.run.runError')} value={run.error} tone="error" /> : null}
            {run.status === 'succeeded' ? <Block label={t('workflowBuilder.run.runOutput')} value={json(run.output) || 'null'} /> : null}
            {run.steps.length ? (
              <ol className="divide-y divide-zinc-100 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
                {run.steps.map((s) => (
                  <StepRow key={`${s.nodeId}:${s.iteration}`} step={s} label={nodeLabel(s.nodeId)} />
                ))}
              </ol>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">{t('workflowBuilder.run.none')}</p>
        )}
      </div>
    </div>
  );
}
