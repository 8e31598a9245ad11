import { ArrowLeft, Bot, Puzzle } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import type { Generated } from '@/features/workflows/api/workflows';
import { DetailsFields } from '@/features/workflows/components/details-fields';
import { GraphSummary } from '@/features/workflows/components/graph-summary';
import { SaveProblems } from '@/features/workflows/components/save-problems';
import { TriggerSummary } from '@/features/workflows/components/trigger-summary';
import { useSaveNewWorkflow } from '@/features/workflows/hooks/use-save-new-workflow';
import { checkDetails, fieldErrorsOf, type Details, type DetailsErrors } from '@/features/workflows/utils/details';

/** Who made a generated workflow: the configured language model, or the step templates. */
function GeneratedBy({ by }: { by: string }) {
  const { t } = useTranslation('dashboard');
  const model = by === 'model';
  const Icon = model ? Bot : Puzzle;
  return (
    <span
      data-testid="generated-by"
      data-value={by}
      className="inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-700 ring-1 ring-inset ring-violet-600/20 dark:bg-violet-500/10 dark:text-violet-300 dark:ring-violet-400/30"
    >
      <Icon aria-hidden className="size-3.5" />
      {model ? t('workflows.create.ai.byModel') : t('workflows.create.ai.byTemplates')}
    </span>
  );
}

/**
 * A generated workflow for review: its name and description (to change), who made it, what to
 * check, its trigger, steps and connections (read-only; the builder changes them after saving),
 * then "Save workflow" (POST /workflows) and the builder.
 */
export function GeneratedReview({ generated, onBack }: { generated: Generated; onBack: () => void }) {
  const { t } = useTranslation('dashboard');
  const { save, pending, error } = useSaveNewWorkflow();
  const [details, setDetails] = useState<Details>({ name: generated.name, description: generated.description });
  const [errors, setErrors] = useState<DetailsErrors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkDetails(details);
    setErrors(found);
    if (Object.keys(found).length) return;
    void save({ name: details.name.trim(), description: details.description.trim() || null, trigger: generated.trigger, graph: generated.graph }).catch(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="generated-title" data-testid="generated-review" className="space-y-5 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id="generated-title" className="text-base font-semibold">
              {t('workflows.create.ai.reviewTitle')}
            </h2>
            <GeneratedBy by={generated.generatedBy} />
          </div>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('workflows.create.ai.reviewDescription')}</p>
        </div>
        <Button size="sm" variant="secondary" onClick={onBack}>
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t('workflows.create.ai.again')}
        </Button>
      </div>
      {generated.generatedBy !== 'model' ? <Notice tone="info">{t('workflows.create.ai.templatesNotice')}</Notice> : null}
      {generated.notes.length ? (
        <Notice tone="warning">
          <p className="font-medium">{t('workflows.create.ai.notes')}</p>
          <ul className="mt-1 list-disc space-y-0.5 ps-5" data-testid="generated-notes">
            {generated.notes.map((note) => (
              <li key={note} dir="auto">
                {note}
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
      <DetailsFields value={details} onChange={setDetails} errors={errors} serverErrors={fieldErrorsOf(error)} />
      <div className="space-y-3">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium">{t('workflows.fields.trigger')}</span>
          <TriggerSummary trigger={generated.trigger} />
        </p>
        <GraphSummary graph={generated.graph} />
      </div>
      <SaveProblems error={error} />
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          {t('workflows.create.ai.save')}
        </Button>
      </div>
    </form>
  );
}
