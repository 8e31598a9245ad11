import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/ui/notice';
import { problemsOf } from '@/features/workflows/utils/details';
import { useWorkflowMessage } from '@/features/workflows/utils/messages';

/** Why the server refused a save: its message and each problem with the field it names. */
export function SaveProblems({ error }: { error: unknown }) {
  const { t } = useTranslation('dashboard');
  const say = useWorkflowMessage();
  if (!error) return null;
  const problems = problemsOf(error).filter(([field]) => field !== 'name' && field !== 'description');
  return (
    <Notice tone="error">
      <p className="font-medium" dir="auto">
        {t('workflows.create.saveFailed')}
      </p>
      <p className="mt-0.5" dir="auto">
        {say(error)}
      </p>
      {problems.length ? (
        <ul className="mt-2 list-disc space-y-0.5 ps-5">
          {problems.map(([field, message]) => (
            <li key={`${field}-${message}`}>
              <code dir="ltr" className="font-mono text-xs">
                {field}
              </code>
              : <span dir="auto">{message}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Notice>
  );
}
