import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { useUpdateWebhook, type Webhook, type WebhookUpdate } from '@/features/webhooks/api/webhooks';
import { CredentialFields } from '@/features/webhooks/components/credential-fields';
import { credentialChanges, credentialForm, credentialPaths } from '@/features/webhooks/utils/credentials';
import { nameProblem, type WebhookFormValues } from '@/features/webhooks/utils/form';
import { errorMessage, useWebhookMessage } from '@/features/webhooks/utils/messages';
import { hasIntegration } from '@/features/webhooks/utils/platforms';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { toast } from '@/lib/toast';

const toForm = (w: Webhook): WebhookFormValues => ({ agentId: w.agentId, platform: w.platform, name: w.name, credentials: credentialForm(w) });

/**
 * A webhook's name and credentials: secrets shown masked by their hint (typing replaces, "Remove"
 * clears, left alone they are kept), plain fields as stored; Save sends only what changed, and the
 * server's field errors land under their fields.
 */
export function SettingsForm({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('dashboard');
  const msg = useWebhookMessage();
  const update = useUpdateWebhook();
  const values = useMemo(() => toForm(webhook), [webhook]);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, control, handleSubmit, setError, formState, reset } = useForm<WebhookFormValues>({ values, resetOptions: { keepDirtyValues: true } });
  const errors = formState.errors;

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const changes: WebhookUpdate = {};
    if (v.name.trim() !== webhook.name) changes.name = v.name.trim();
    const credentials = credentialChanges(webhook, v.credentials);
    if (Object.keys(credentials).length > 0) changes.credentials = credentials;
    if (Object.keys(changes).length === 0) return;
    try {
      const saved = await update.mutateAsync({ id: webhook.id, changes });
      // Secrets typed are cleared: the answer shows them masked.
      reset(toForm(saved), { keepDirtyValues: false });
      toast({ id: `webhook-saved-${webhook.id}`, title: t('webhooks.settings.saved', { name: saved.name }), status: 'success' });
    } catch (e) {
      if (!applyServerFieldErrors(e, setError, ['name', ...credentialPaths(webhook.platform)])) setFormError(msg(errorMessage(e)) ?? null);
    }
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} aria-label={t('webhooks.settings.label', { name: webhook.name })} className="space-y-5">
      {formError ? <Notice tone="error">{formError}</Notice> : null}
      <FormField
        label={t('webhooks.fields.name')}
        autoComplete="off"
        dir="auto"
        className="max-w-md"
        error={msg(errors.name?.message)}
        {...register('name', { validate: (v) => nameProblem(v) })}
      />
      {hasIntegration(webhook.platform) ? (
        <CredentialFields
          platform={webhook.platform}
          control={control}
          errors={errors}
          masked={webhook.credentials.secrets}
          inherited={webhook.credentials.inherited}
          missing={webhook.credentials.missing}
          disabled={update.isPending}
        />
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('webhooks.settings.noCredentials')}</p>
      )}
      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {formState.isDirty ? t('webhooks.settings.unsaved') : null}
        </p>
        {formState.isDirty ? (
          <Button variant="ghost" size="sm" onClick={() => reset(values, { keepDirtyValues: false })} disabled={update.isPending}>
            {t('webhooks.settings.discard')}
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={!formState.isDirty || update.isPending}>
          {update.isPending ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          {t('webhooks.settings.save')}
        </Button>
      </div>
    </form>
  );
}
