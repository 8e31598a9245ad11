import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { Dialog } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { useCreateWebhook, type WebhookPlatform, type WebhookWithSecret } from '@/features/webhooks/api/webhooks';
import { CredentialFields } from '@/features/webhooks/components/credential-fields';
import { PLATFORM_LOOKS } from '@/features/webhooks/utils/platform-looks';
import { credentialPaths, newCredentials } from '@/features/webhooks/utils/credentials';
import { nameProblem, type WebhookFormValues } from '@/features/webhooks/utils/form';
import { errorMessage, useWebhookMessage } from '@/features/webhooks/utils/messages';
import { PLATFORM_TITLES, PLATFORMS, hasIntegration } from '@/features/webhooks/utils/platforms';
import type { AgentOption } from '@/lib/agent-options';
import { applyServerFieldErrors } from '@/lib/form-errors';

/**
 * "New webhook": the agent that answers, the platform (`defaultPlatform` first, custom unless a
 * link asked for another), a name, and the platform's credentials (left empty: its connection in
 * Settings › Integrations). Once made, `onCreated` gets the answer with the secret, which the
 * screen shows once.
 */
export function CreateWebhookDialog({
  agents,
  defaultAgentId,
  defaultPlatform = 'custom',
  onClose,
  onCreated,
}: {
  agents: AgentOption[];
  defaultAgentId?: string;
  defaultPlatform?: WebhookPlatform;
  onClose: () => void;
  onCreated: (made: WebhookWithSecret) => void;
}) {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const create = useCreateWebhook();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<WebhookFormValues>({
    defaultValues: { agentId: defaultAgentId ?? agents[0]?.id ?? '', platform: defaultPlatform, name: '', credentials: {} },
  });
  const platform = useWatch({ control, name: 'platform' });
  const errors = formState.errors;

  const submit = handleSubmit((v) => {
    setFormError(null);
    create.mutate(
      { agentId: v.agentId, platform: v.platform, name: v.name.trim(), credentials: newCredentials(v.platform, v.credentials) },
      {
        onSuccess: onCreated,
        onError: (e) => {
          if (!applyServerFieldErrors(e, setError, ['agentId', 'platform', 'name', ...credentialPaths(v.platform)])) setFormError(msg(errorMessage(e)) ?? null);
        },
      },
    );
  });

  return (
    <Dialog title={t('webhooks.create.title')} description={t('webhooks.create.description')} closeLabel={t('webhooks.close')} onClose={onClose} dismissable={!create.isPending} className="max-w-2xl">
      {agents.length === 0 ? (
        <div className="space-y-4">
          <Notice tone="info">{t('webhooks.create.noAgents')}</Notice>
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={onClose}>
              {t('webhooks.cancel')}
            </Button>
            <ButtonLink to="/dashboard/agents/create">{t('webhooks.create.createAgent')}</ButtonLink>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-5">
          {formError ? <Notice tone="error">{formError}</Notice> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField label={t('webhooks.fields.agent')} hint={t('webhooks.create.agentHint')} error={msg(errors.agentId?.message)} {...register('agentId', { required: 'webhooks.validation.required' })}>
              {agents.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </SelectField>
            <FormField
              label={t('webhooks.fields.name')}
              placeholder={t('webhooks.fields.namePlaceholder')}
              autoComplete="off"
              dir="auto"
              error={msg(errors.name?.message)}
              {...register('name', { validate: (v) => nameProblem(v) })}
            />
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('webhooks.fields.platform')}</legend>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {PLATFORMS.map((p) => {
                const Icon = PLATFORM_LOOKS[p].icon;
                return (
                  <label
                    key={p}
                    className={cn(
                      'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm transition has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-accent-500/40',
                      platform === p
                        ? 'border-accent-500 bg-accent-50/60 font-medium dark:border-accent-500/70 dark:bg-accent-500/10'
                        : 'border-zinc-200 hover:border-zinc-300 dark:border-zinc-800 dark:hover:border-zinc-700',
                    )}
                  >
                    <input type="radio" value={p} className="sr-only" {...register('platform', { onChange: () => setValue('credentials', {}) })} />
                    <Icon aria-hidden className="size-4 shrink-0" />
                    {PLATFORM_TITLES[p]}
                  </label>
                );
              })}
            </div>
            <p className="mt-2 text-xs text-zinc-600 dark:text-zinc-400">{t(`webhooks.platforms.${platform}`)}</p>
          </fieldset>
          {hasIntegration(platform) ? (
            // Remounted per platform: each has its own fields.
            <CredentialFields key={platform} platform={platform} control={control} errors={errors} />
          ) : (
            <p className="rounded-lg bg-zinc-50 px-3 py-2 text-sm text-zinc-700 dark:bg-zinc-800/50 dark:text-zinc-300">{t('webhooks.create.noCredentials', { platform: PLATFORM_TITLES[platform] })}</p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
              {t('webhooks.cancel')}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : <Plus aria-hidden className="size-4" />}
              {t('webhooks.create.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
