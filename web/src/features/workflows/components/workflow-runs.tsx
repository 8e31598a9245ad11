import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/select-field';
import { useWorkflowExecutions, type ExecutionStatus } from '@/features/workflows/api/workflows';
import { RunsTable } from '@/features/workflows/components/runs-table';
import { useWorkflowMessage } from '@/features/workflows/utils/messages';
import { enumValues, oneOf } from '@/lib/api-enums';

const STATUSES = enumValues<ExecutionStatus>({ queued: true, running: true, succeeded: true, failed: true, canceled: true });

/** The Runs tab: the newest runs (filtered by status), each opening its panel; kept live by the page. */
export function WorkflowRuns({ workflowId, onOpen, onRun }: { workflowId: string; onOpen: (runId: string) => void; onRun: () => void }) {
  const { t } = useTranslation('dashboard');
  const say = useWorkflowMessage();
  const [status, setStatus] = useState<ExecutionStatus | 'all'>('all');
  const runs = useWorkflowExecutions(workflowId, status === 'all' ? undefined : status);
  return (
    <RunsTable
      caption={t('workflows.runs.caption')}
      runs={runs.data}
      loading={runs.isPending}
      error={runs.isError ? say(runs.error) : null}
      onOpen={(r) => onOpen(r.id)}
      filters={
        <div className="max-w-xs">
          <SelectField label={t('workflows.runs.filter')} value={status} onChange={(e) => setStatus(oneOf(STATUSES, e.target.value, 'all' as const))}>
            <option value="all">{t('workflows.runs.allStatuses')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`workflows.runStatus.${s}`)}
              </option>
            ))}
          </SelectField>
        </div>
      }
      empty={
        status !== 'all' ? (
          <>
            <p>{t('workflows.runs.noMatch')}</p>
            <Button size="sm" variant="ghost" className="mt-2" onClick={() => setStatus('all')}>
              {t('workflows.runs.showAll')}
            </Button>
          </>
        ) : (
          <EmptyState
            size="sm"
            bordered={false}
            icon={History}
            title={t('workflows.runs.empty.title')}
            description={t('workflows.runs.empty.description')}
            action={
              <Button size="sm" onClick={onRun}>
                {t('workflows.actions.run')}
              </Button>
            }
          />
        )
      }
    />
  );
}
