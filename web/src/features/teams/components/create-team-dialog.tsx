import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { useCreateTeam } from '@/features/teams/api/teams';
import { TEAM_FIELDS, teamSchema, useTeamMessage, type TeamValues } from '@/features/teams/utils/validation';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

/** "Create team": a name and a description; the creator becomes its owner. */
export function CreateTeamDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (teamId: string) => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useTeamMessage();
  const create = useCreateTeam();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError } = useForm<TeamValues>({ resolver: zodResolver(teamSchema), defaultValues: { name: '', description: '' } });

  const submit = handleSubmit((values) => {
    setServerError(null);
    create.mutate(
      { name: values.name.trim(), description: values.description.trim() },
      {
        onSuccess: (team) => {
          toast({ title: t('teams.create.created', { name: team.name }), status: 'success' });
          onCreated(team.id);
        },
        onError: (e) => {
          if (!applyServerFieldErrors(e, setError, TEAM_FIELDS)) setServerError(e.message);
        },
      },
    );
  });

  return (
    <Dialog title={t('teams.create.title')} description={t('teams.create.description')} closeLabel={t('teams.close')} onClose={onClose} className="max-w-lg">
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {serverError ? <Notice tone="error">{serverError}</Notice> : null}
        <FormField label={t('teams.fields.name')} autoComplete="off" dir="auto" error={msg(formState.errors.name?.message)} {...register('name')} />
        <TextareaField label={t('teams.fields.description')} rows={3} error={msg(formState.errors.description?.message)} {...register('description')} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('teams.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
            {t('teams.create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
