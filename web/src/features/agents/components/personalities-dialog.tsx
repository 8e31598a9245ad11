import { zodResolver } from '@hookform/resolvers/zod';
import { Lock, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { TextareaField } from '@/components/ui/textarea-field';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { usePersonalities, type Personality } from '@/features/agents/api/agents';
import { useCreatePersonality, useDeletePersonality, useUpdatePersonality, type PersonalityInput } from '@/features/agents/api/personalities';
import { errorMessage, useAgentMessage } from '@/features/agents/utils/messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

/** Messages are keys of the `agents` namespace; the limits are the server's. */
const personalitySchema = z.object({
  name: z.string().trim().min(1, 'validation.required').max(100, 'validation.nameTooLong'),
  description: z.string().max(1000, 'validation.tooLong'),
  tone: z.string().max(100, 'validation.tooLong'),
  traits: z.string(),
  instructions: z.string().max(5000, 'validation.tooLong'),
});
type PersonalityFormValues = z.infer<typeof personalitySchema>;
const FIELDS = ['name', 'description', 'tone', 'traits', 'instructions'] as const;
const EMPTY: PersonalityFormValues = { name: '', description: '', tone: '', traits: '', instructions: '' };

/** "bold, curious ,, kind" → ["bold", "curious", "kind"]. */
const parseTraits = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

const toValues = (p: Personality): PersonalityFormValues => ({
  name: p.name,
  description: p.description,
  tone: p.tone,
  traits: p.traits.join(', '),
  instructions: p.instructions,
});

const toInput = (v: PersonalityFormValues): PersonalityInput => ({
  name: v.name.trim(),
  description: v.description.trim(),
  tone: v.tone.trim(),
  traits: parseTraits(v.traits),
  instructions: v.instructions,
});

function PersonalityForm({ editing, onDone }: { editing: Personality | null; onDone: () => void }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const create = useCreatePersonality();
  const update = useUpdatePersonality();
  const { register, handleSubmit, formState, setError } = useForm<PersonalityFormValues>({
    resolver: zodResolver(personalitySchema),
    defaultValues: editing ? toValues(editing) : EMPTY,
  });
  const errors = formState.errors;

  const submit = handleSubmit(async (values) => {
    const input = toInput(values);
    try {
      const saved = editing ? await update.mutateAsync({ id: editing.id, input }) : await create.mutateAsync(input);
      toast({ title: t(editing ? 'personalities.updated' : 'personalities.created', { name: saved.name }), status: 'success' });
      onDone();
    } catch (e) {
      // Field problems show beside their fields; anything else is a toast.
      if (!applyServerFieldErrors(e, setError, FIELDS)) {
        toast({ title: t(editing ? 'personalities.updateFailed' : 'personalities.createFailed'), description: msg(errorMessage(e)), status: 'error' });
      }
    }
  });

  const formTitle = editing ? t('personalities.editTitle', { name: editing.name }) : t('personalities.newTitle');
  return (
    <form
      noValidate
      aria-label={formTitle}
      className="space-y-4 rounded-xl border border-zinc-200 p-4 dark:border-zinc-800"
      onSubmit={(e) => {
        // The dialog sits (in React's tree) inside the agent form: keep this submit to ourselves.
        e.stopPropagation();
        void submit(e);
      }}
    >
      <h3 className="text-base font-semibold">{formTitle}</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label={t('personalities.fields.name')} autoComplete="off" dir="auto" error={msg(errors.name?.message)} {...register('name')} />
        <FormField
          label={t('personalities.fields.tone')}
          placeholder={t('personalities.fields.tonePlaceholder')}
          autoComplete="off"
          dir="auto"
          error={msg(errors.tone?.message)}
          {...register('tone')}
        />
      </div>
      <TextareaField label={t('personalities.fields.description')} rows={2} error={msg(errors.description?.message)} {...register('description')} />
      <div className="space-y-1.5">
        <FormField
          label={t('personalities.fields.traits')}
          placeholder={t('personalities.fields.traitsPlaceholder')}
          autoComplete="off"
          dir="auto"
          error={msg(errors.traits?.message)}
          {...register('traits')}
        />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('personalities.fields.traitsHint')}</p>
      </div>
      <TextareaField
        label={t('personalities.fields.instructions')}
        rows={4}
        hint={t('personalities.fields.instructionsHint')}
        error={msg(errors.instructions?.message)}
        {...register('instructions')}
      />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {editing ? (
          <Button variant="secondary" onClick={onDone}>
            {t('personalities.cancelEdit')}
          </Button>
        ) : null}
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          {editing ? t('personalities.save') : t('personalities.create')}
        </Button>
      </div>
    </form>
  );
}

/** Lists the built-in personalities (read-only) and the user's own, which can be created, edited and deleted. */
export function PersonalitiesDialog({ onClose, onDeleted }: { onClose: () => void; onDeleted?: (id: string) => void }) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const personalities = usePersonalities();
  const remove = useDeletePersonality();
  const [editing, setEditing] = useState<Personality | null>(null);
  // A new key remounts the form, so it starts from the chosen personality (or empty) each time.
  const [formKey, setFormKey] = useState(0);
  const startEditing = (p: Personality | null) => {
    setEditing(p);
    setFormKey((k) => k + 1);
  };
  const confirmDelete = useConfirmAction<Personality>({
    act: (p) => remove.mutateAsync(p.id),
    title: (p) => t('personalities.confirmTitle', { name: p.name }),
    body: () => t('personalities.confirmBody'),
    confirmLabel: t('personalities.confirm'),
    success: (_r, p) => t('personalities.deleted', { name: p.name }),
    error: (e) => ({ title: t('personalities.deleteFailed'), description: msg(errorMessage(e)) }),
    onSuccess: (_r, p) => {
      if (editing?.id === p.id) startEditing(null);
      onDeleted?.(p.id);
    },
  });

  return (
    <Dialog title={t('personalities.title')} description={t('personalities.description')} closeLabel={t('actions.close')} onClose={onClose}>
      <div className="space-y-5">
        {personalities.isPending ? (
          <Spinner />
        ) : personalities.isError ? (
          <Notice tone="error">{msg(errorMessage(personalities.error))}</Notice>
        ) : (
          <ul aria-label={t('personalities.listLabel')} className="max-h-72 divide-y divide-zinc-100 overflow-y-auto dark:divide-zinc-800">
            {personalities.data.map((p) => (
              <li key={p.id} className="flex flex-wrap items-start gap-3 py-3 first:pt-0">
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                    <span dir="auto">{p.name}</span>
                    {p.tone ? <span className="text-zinc-500 dark:text-zinc-400">· {p.tone}</span> : null}
                    {p.builtIn ? (
                      <span className="inline-flex items-center gap-1 rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-600 dark:bg-zinc-800 dark:text-zinc-300">
                        <Lock aria-hidden className="size-3" />
                        {t('personalities.builtIn')}
                      </span>
                    ) : null}
                  </p>
                  {p.description ? (
                    <p dir="auto" className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
                      {p.description}
                    </p>
                  ) : null}
                  {p.traits.length ? <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{p.traits.join(', ')}</p> : null}
                </div>
                {p.builtIn ? null : (
                  <div className="flex gap-1">
                    <Button size="sm" variant="ghost" onClick={() => startEditing(p)} aria-label={t('personalities.editLabel', { name: p.name })}>
                      <Pencil aria-hidden className="size-4" />
                      {t('personalities.edit')}
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
                      onClick={() => confirmDelete.ask(p)}
                      aria-label={t('personalities.deleteLabel', { name: p.name })}
                    >
                      <Trash2 aria-hidden className="size-4" />
                      {t('personalities.delete')}
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        {personalities.data && !personalities.data.some((p) => !p.builtIn) ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('personalities.noneOfYours')}</p> : null}
        <PersonalityForm key={formKey} editing={editing} onDone={() => startEditing(null)} />
      </div>
      {confirmDelete.dialog}
    </Dialog>
  );
}
