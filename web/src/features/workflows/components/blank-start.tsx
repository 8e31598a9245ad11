import { FilePlus2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { DetailsFields } from '@/features/workflows/components/details-fields';
import { SaveProblems } from '@/features/workflows/components/save-problems';
import { useSaveNewWorkflow } from '@/features/workflows/hooks/use-save-new-workflow';
import { checkDetails, fieldErrorsOf, type Details, type DetailsErrors } from '@/features/workflows/utils/details';

/** A blank workflow: a name and a description, saved with a trigger node alone, then the builder. */
export function BlankStart() {
  const { t } = useTranslation('dashboard');
  const { save, pending, error } = useSaveNewWorkflow();
  const [details, setDetails] = useState<Details>({ name: '', description: '' });
  const [errors, setErrors] = useState<DetailsErrors>({});

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = checkDetails(details);
    setErrors(found);
    if (Object.keys(found).length) return;
    void save({ name: details.name.trim(), description: details.description.trim() || null }).catch(() => undefined);
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="blank-title" className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <h2 id="blank-title" className="flex items-center gap-2 text-base font-semibold">
        <FilePlus2 aria-hidden className="size-4 text-accent-600 dark:text-accent-400" />
        {t('workflows.create.blank.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('workflows.create.blank.description')}</p>
      <div className="mt-5 space-y-4">
        <DetailsFields value={details} onChange={setDetails} errors={errors} serverErrors={fieldErrorsOf(error)} />
        <SaveProblems error={error} />
        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
            {t('workflows.create.blank.submit')}
          </Button>
        </div>
      </div>
    </form>
  );
}
