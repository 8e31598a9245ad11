import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, KeyRound } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useCreateApiKey, type NewApiKey } from '@/features/api-keys/api/api-keys';
import { endOfDay, localDay } from '@/features/api-keys/utils/format';
import type { AgentOption } from '@/lib/agent-options';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { charCount, unsafeName } from '@/lib/text';
import type { KeyOf } from '@/types/i18n-keys';

// Messages are keys of the `dashboard` namespace; the limits are the server's (crates/server/src/api_keys).
const keySchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'apiKeys.validation.required')
      .refine((v) => charCount(v) <= 100, 'apiKeys.validation.nameTooLong')
      .refine((v) => !unsafeName(v), 'apiKeys.validation.nameCharacters'),
    scope: z.enum(['all', 'some']),
    agentIds: z.array(z.string()).max(100, 'apiKeys.validation.tooManyAgents'),
    expires: z.string(),
  })
  .superRefine((v, ctx) => {
    if (v.scope === 'some' && v.agentIds.length === 0) ctx.addIssue({ code: 'custom', path: ['agentIds'], message: 'apiKeys.validation.pickAgent' });
    if (v.expires && new Date(endOfDay(v.expires)).getTime() <= Date.now()) ctx.addIssue({ code: 'custom', path: ['expires'], message: 'apiKeys.validation.future' });
  });
type KeyValues = z.infer<typeof keySchema>;
const FIELDS = ['name', 'agentIds', 'expires'] as const;

function useMessage() {
  const { t } = useTranslation('dashboard');
  // Our schema's messages are `apiKeys.validation.*` keys; the server's show as they are.
  return (m?: string) => (!m ? undefined : m.startsWith('apiKeys.validation.') ? t(m as KeyOf<'dashboard'>) : m === 'Required' ? t('apiKeys.validation.required') : m);
}

/** The key just made, shown this once, to copy. */
function NewKey({ created, onClose }: { created: NewApiKey; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const inputId = useId();
  return (
    <div className="space-y-4">
      <Notice tone="warning">
        <p className="font-medium">{t('apiKeys.created.warningTitle')}</p>
        <p className="mt-0.5">{t('apiKeys.created.warning')}</p>
      </Notice>
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t('apiKeys.created.keyLabel', { name: created.name })}
        </label>
        <div className="flex gap-2">
          <input
            id={inputId}
            readOnly
            value={created.key}
            dir="ltr"
            onFocus={(e) => e.currentTarget.select()}
            className="block h-10 w-full min-w-0 rounded-lg border border-zinc-300 bg-zinc-50 px-3 font-mono text-sm outline-none focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:border-zinc-700 dark:bg-zinc-800"
          />
          <CopyButton text={created.key} label={t('apiKeys.created.copy')} copied={t('apiKeys.created.copied')} failed={t('apiKeys.created.copyFailed')} size="md" />
        </div>
      </div>
      <div className="flex justify-end">
        <Button onClick={onClose}>{t('apiKeys.created.done')}</Button>
      </div>
    </div>
  );
}

/** "Create key": a name, the agents it reaches (none chosen: all of mine), an optional last day; then the key, once. */
export function CreateKeyDialog({ agents, onClose }: { agents: AgentOption[]; onClose: () => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useMessage();
  const create = useCreateApiKey();
  const [created, setCreated] = useState<NewApiKey | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, setError, control } = useForm<KeyValues>({
    resolver: zodResolver(keySchema),
    defaultValues: { name: '', scope: 'all', agentIds: [], expires: '' },
  });
  const scope = useWatch({ control, name: 'scope' });
  const errors = formState.errors;
  const agentsError = msg(errors.agentIds?.message ?? errors.agentIds?.root?.message);

  const submit = handleSubmit((v) => {
    setServerError(null);
    create.mutate(
      { name: v.name.trim(), agentIds: v.scope === 'some' ? v.agentIds : [], expiresAt: v.expires ? endOfDay(v.expires) : null },
      {
        onSuccess: setCreated,
        onError: (e) => {
          if (!applyServerFieldErrors(e, setError, FIELDS, { expiresAt: 'expires' })) setServerError(msg(e.message) ?? null);
        },
      },
    );
  });

  if (created) {
    return (
      // The key cannot be shown again: the dialog closes only through "Done".
      <Dialog title={t('apiKeys.created.title')} onClose={onClose} dismissable={false} className="max-w-lg">
        <NewKey created={created} onClose={onClose} />
      </Dialog>
    );
  }

  return (
    <Dialog title={t('apiKeys.create.title')} description={t('apiKeys.create.description')} closeLabel={t('apiKeys.close')} onClose={onClose} dismissable={!create.isPending} className="max-w-lg">
      <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
        {serverError ? <Notice tone="error">{serverError}</Notice> : null}
        <FormField label={t('apiKeys.fields.name')} placeholder={t('apiKeys.fields.namePlaceholder')} autoComplete="off" dir="auto" error={msg(errors.name?.message)} {...register('name')} />
        <fieldset className="space-y-2" aria-describedby={agentsError ? 'api-key-agents-error' : undefined}>
          <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('apiKeys.fields.agents')}</legend>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" value="all" className="mt-0.5 size-4 accent-accent-600" {...register('scope')} />
            <span>{t('apiKeys.fields.allAgents')}</span>
          </label>
          <label className="flex items-start gap-2 text-sm">
            <input type="radio" value="some" className="mt-0.5 size-4 accent-accent-600" disabled={agents.length === 0} {...register('scope')} />
            <span>{t('apiKeys.fields.someAgents')}</span>
          </label>
          {scope === 'some' ? (
            <Controller
              control={control}
              name="agentIds"
              render={({ field }) => (
                <ul className="ms-6 max-h-48 space-y-1 overflow-y-auto rounded-lg border border-zinc-200 p-2 dark:border-zinc-800" aria-label={t('apiKeys.fields.agentList')}>
                  {agents.map((a) => (
                    <li key={a.id}>
                      <label className="flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-zinc-50 dark:hover:bg-zinc-800/60">
                        <input
                          type="checkbox"
                          className="size-4 rounded accent-accent-600"
                          checked={field.value.includes(a.id)}
                          onChange={(e) => field.onChange(e.target.checked ? [...field.value, a.id] : field.value.filter((id) => id !== a.id))}
                        />
                        <span dir="auto" className="truncate">
                          {a.name}
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            />
          ) : null}
          {agentsError ? (
            <p id="api-key-agents-error" className="text-sm text-red-600 dark:text-red-400">
              {agentsError}
            </p>
          ) : null}
        </fieldset>
        <FormField label={t('apiKeys.fields.expires')} type="date" min={localDay(new Date())} error={msg(errors.expires?.message)} {...register('expires')} />
        <p className="-mt-2 text-xs text-zinc-500 dark:text-zinc-400">{t('apiKeys.fields.expiresHint')}</p>
        <p className="flex items-start gap-1.5 text-xs text-zinc-600 dark:text-zinc-400">
          <AlertTriangle aria-hidden className="mt-px size-3.5 shrink-0" />
          {t('apiKeys.create.actsAsYou')}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t('apiKeys.cancel')}
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <KeyRound aria-hidden className="size-4" />}
            {t('apiKeys.create.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
