import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { SecretField } from '@/components/ui/secret-field';
import type { Settings } from '@/features/configuration/api/configuration';
import { SectionCard } from '@/features/configuration/components/section-card';
import { useSectionForm } from '@/features/configuration/hooks/use-section-form';
import { useConfigMessage } from '@/features/configuration/utils/messages';
import { TWILIO } from '@/features/configuration/utils/sections';

/** Twilio, for phone calls and SMS: the account, its auth token, the number they come from. */
export function TwilioSection({ current, saved }: { current: Settings['twilio']; saved: boolean }) {
  const { t } = useTranslation('admin');
  const msg = useConfigMessage();
  const { form, ...state } = useSectionForm('twilio', TWILIO, current);
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <SectionCard name="twilio" description={t('configuration.sections.twilio.description')} saved={saved} state={state}>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('configuration.sections.twilio.accountSid')}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          placeholder="AC…"
          error={msg(errors.accountSid?.message)}
          {...register('accountSid')}
        />
        <FormField
          label={t('configuration.sections.twilio.phoneNumber')}
          hint={t('configuration.sections.twilio.phoneNumberHint')}
          type="tel"
          dir="ltr"
          autoComplete="off"
          placeholder="+15551234567"
          error={msg(errors.phoneNumber?.message)}
          {...register('phoneNumber')}
        />
      </div>
      <Controller
        control={control}
        name="authToken"
        render={({ field }) => (
          <SecretField
            label={t('configuration.sections.twilio.authToken')}
            masked={current.authToken}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            error={msg(errors.authToken?.message)}
          />
        )}
      />
      <FormField
        label={t('configuration.fields.baseUrl')}
        hint={t('configuration.fields.baseUrlHint', { service: 'Twilio' })}
        type="url"
        dir="ltr"
        autoComplete="off"
        placeholder="https://api.twilio.com"
        error={msg(errors.baseUrl?.message)}
        {...register('baseUrl')}
      />
    </SectionCard>
  );
}
