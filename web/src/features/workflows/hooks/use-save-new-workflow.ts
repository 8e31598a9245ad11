import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateWorkflow, type WorkflowInput } from '@/features/workflows/api/workflows';
import { toast } from '@/lib/toast';

/** POST /workflows, then the builder of the new workflow (`/dashboard/workflows/:id/edit`). */
export function useSaveNewWorkflow() {
  const { t } = useTranslation('dashboard');
  const navigate = useNavigate();
  const create = useCreateWorkflow();
  const save = async (input: WorkflowInput) => {
    const made = await create.mutateAsync(input);
    toast({ title: t('workflows.create.created', { name: made.name }), status: 'success' });
    navigate(`/dashboard/workflows/${encodeURIComponent(made.id)}/edit`);
    return made;
  };
  return { save, pending: create.isPending, error: create.error, reset: create.reset };
}
