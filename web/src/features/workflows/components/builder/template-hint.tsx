import { useTranslation } from 'react-i18next';

const VARIABLES = ['{{ input.… }}', '{{ nodes.<id>.output }}', '{{ error.message }}', '{{ run.id }}', '{{ workflow.name }}', '{{ now }}'];

/** What a template may use (the run's variables), under a template field. */
export function TemplateHint({ id }: { id?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <p id={id} className="text-xs leading-relaxed text-zinc-500 dark:text-zinc-400">
      {t('workflowBuilder.fields.templateHint')}{' '}
      {VARIABLES.map((v) => (
        <code key={v} dir="ltr" className="me-1 inline-block rounded bg-zinc-100 px-1 py-px font-mono text-[11px] text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
          {v}
        </code>
      ))}
    </p>
  );
}
