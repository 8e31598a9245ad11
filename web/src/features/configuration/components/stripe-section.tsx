import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { SecretField } from '@/components/ui/secret-field';
import type { Settings } from '@/features/configuration/api/configuration';
import { SectionCard } from '@/features/configuration/components/section-card';
import { useSectionForm } from '@/features/configuration/hooks/use-section-form';
import { useConfigMessage } from '@/features/configuration/utils/messages';
import { STRIPE } from '@/features/configuration/utils/sections';

/** Stripe, for payments: the secret key, the publishable key, the webhook signing secret. */
export function StripeSection({ current, saved }: { current: Settings['stripe']; saved: boolean }) {
  const { t } = useTranslation('admin');
  const msg = useConfigMessage();
  const { form, ...state } = useSectionForm('stripe', STRIPE, current);
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <SectionCard name="stripe" description={t('configuration.sections.stripe.description')} saved={saved} state={state}>
      <Controller
        control={control}
        name="secretKey"
        render={({ field }) => (
          <SecretField
            label={t('configuration.sections.stripe.secretKey')}
            hint={t('configuration.sections.stripe.secretKeyHint')}
            masked={current.secretKey}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            error={msg(errors.secretKey?.message)}
          />
        )}
      />
      <Controller
        control={control}
        name="webhookSecret"
        render={({ field }) => (
          <SecretField
            label={t('configuration.sections.stripe.webhookSecret')}
            hint={t('configuration.sections.stripe.webhookSecretHint')}
            masked={current.webhookSecret}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            error={msg(errors.webhookSecret?.message)}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('configuration.sections.stripe.publishableKey')}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          placeholder="pk_…"
          error={msg(errors.publishableKey?.message)}
          {...register('publishableKey')}
        />
        <FormField
          label={t('configuration.fields.baseUrl')}
          hint={t('configuration.fields.baseUrlHint', { service: 'Stripe' })}
          type="url"
          dir="ltr"
          autoComplete="off"
          placeholder="https://api.stripe.com"
          error={msg(errors.baseUrl?.message)}
          {...register('baseUrl')}
        />
      </div>
    </SectionCard>
  );
}
