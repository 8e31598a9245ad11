import { PlugZap, Unplug } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ConnectionResult } from '@/components/ui/connection-result';
import { FormField, REQUIRED_MARK } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { SecretField } from '@/components/ui/secret-field';
import { Spinner } from '@/components/ui/spinner';
import type { Integration } from '@/features/integrations/api/integrations';
import { useIntegrationForm } from '@/features/integrations/hooks/use-integration-form';
import { fieldLabel, formFields, useIntegrationMessage, type IntegrationField } from '@/features/integrations/utils/fields';

/** What a plain field's input looks like: a URL, a phone number or a word. */
const INPUT_TYPE: Partial<Record<IntegrationField, string>> = { baseUrl: 'url', phoneNumber: 'tel' };

/**
 * One service's credentials: its fields in the service's order (secrets masked: left empty, the
 * saved one is kept; "Remove" clears it), "Test connection" with the unsaved values, Save (only
 * what changed is sent) and Disconnect. Read-only, without buttons, when I may not change them.
 */
export function IntegrationForm({ integration, teamId, readOnly, onDisconnect }: { integration: Integration; teamId: string | null; readOnly: boolean; onDisconnect: () => void }) {
  const { t } = useTranslation('dashboard');
  const msg = useIntegrationMessage();
  const { form, ...state } = useIntegrationForm(integration, teamId);
  const { register, control, formState } = form;
  const errors = formState.errors;
  const fields = formFields(integration);
  const busy = state.saving || state.testing;
  const saved = integration.connected || integration.updatedAt != null;

  return (
    <form noValidate onSubmit={(e) => void state.onSave(e)} aria-label={t('settings.integrations.formLabel', { service: integration.title })} className="space-y-5">
      {state.formError ? <Notice tone="error">{state.formError}</Notice> : null}
      {readOnly || !fields.some((f) => f.required) ? null : <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('settings.integrations.requiredNote')}</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((f) => {
          const label = t(fieldLabel(f.name));
          const error = msg(errors[f.name]?.message);
          if (f.secret) {
            return (
              <Controller
                key={f.name}
                control={control}
                name={f.name}
                render={({ field }) => (
                  <div className="sm:col-span-2">
                    <SecretField
                      label={label}
                      masked={integration.secrets[f.name]}
                      value={field.value ?? null}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      name={field.name}
                      inputRef={field.ref}
                      required={f.required && !readOnly}
                      disabled={readOnly}
                      error={error}
                    />
                  </div>
                )}
              />
            );
          }
          const wide = f.name === 'baseUrl';
          return (
            <FormField
              key={f.name}
              label={label}
              type={INPUT_TYPE[f.name] ?? 'text'}
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              required={f.required && !readOnly}
              disabled={readOnly}
              placeholder={wide ? integration.defaultBaseUrl : undefined}
              hint={readOnly ? undefined : wide ? t('settings.integrations.hints.baseUrl', { service: integration.title }) : f.name === 'model' ? t('settings.integrations.hints.model', { service: integration.title }) : undefined}
              error={error}
              className={cn(wide && 'sm:col-span-2', f.required && !readOnly && REQUIRED_MARK)}
              {...register(f.name)}
            />
          );
        })}
      </div>

      {readOnly ? null : (
        <>
          <div className="space-y-3">
            <Button variant="secondary" size="sm" onClick={(e) => void state.onTest(e)} disabled={busy}>
              {state.testing ? <Spinner className="size-4" /> : <PlugZap aria-hidden className="size-4" />}
              {state.testing ? t('settings.integrations.actions.testing') : t('settings.integrations.actions.test')}
            </Button>
            <div aria-live="polite">{state.testOutcome ? <ConnectionResult outcome={state.testOutcome} /> : null}</div>
          </div>

          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            {saved ? (
              <Button variant="ghost" size="sm" className="me-auto text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" onClick={onDisconnect} disabled={busy}>
                <Unplug aria-hidden className="size-4" />
                {t('settings.integrations.actions.disconnect')}
              </Button>
            ) : null}
            <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
              {state.dirty ? t('settings.integrations.unsaved') : null}
            </p>
            {state.dirty ? (
              <Button variant="ghost" size="sm" onClick={state.discard} disabled={state.saving}>
                {t('settings.integrations.actions.discard')}
              </Button>
            ) : null}
            <Button type="submit" size="sm" disabled={!state.dirty || busy}>
              {state.saving ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
              {state.saving ? t('settings.integrations.actions.saving') : t('settings.integrations.actions.save')}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}
