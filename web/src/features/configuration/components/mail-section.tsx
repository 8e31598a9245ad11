import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { SecretField } from '@/components/ui/secret-field';
import type { Settings } from '@/features/configuration/api/configuration';
import { SectionCard } from '@/features/configuration/components/section-card';
import { useSectionForm } from '@/features/configuration/hooks/use-section-form';
import { useConfigMessage } from '@/features/configuration/utils/messages';
import { MAIL } from '@/features/configuration/utils/sections';

/** Outgoing mail: the SMTP server (a secret: its URL holds the password) and the sender. */
export function MailSection({ current, saved }: { current: Settings['mail']; saved: boolean }) {
  const { t } = useTranslation('admin');
  const msg = useConfigMessage();
  const { form, ...state } = useSectionForm('mail', MAIL, current);
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <SectionCard name="mail" description={t('configuration.sections.mail.description')} saved={saved} state={state}>
      <Controller
        control={control}
        name="smtpUrl"
        render={({ field }) => (
          <SecretField
            label={t('configuration.sections.mail.smtpUrl')}
            hint={t('configuration.sections.mail.smtpUrlHint')}
            masked={current.smtpUrl}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            error={msg(errors.smtpUrl?.message)}
          />
        )}
      />
      <FormField
        label={t('configuration.sections.mail.from')}
        hint={t('configuration.sections.mail.fromHint')}
        dir="ltr"
        autoComplete="off"
        placeholder="AgentForge <no-reply@example.com>"
        error={msg(errors.from?.message)}
        {...register('from')}
      />
    </SectionCard>
  );
}
