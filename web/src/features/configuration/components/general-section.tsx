import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { Switch } from '@/components/ui/switch';
import type { Settings } from '@/features/configuration/api/configuration';
import { SectionCard } from '@/features/configuration/components/section-card';
import { useSectionForm } from '@/features/configuration/hooks/use-section-form';
import { useConfigMessage } from '@/features/configuration/utils/messages';
import { GENERAL } from '@/features/configuration/utils/sections';

/** The public URL, whether anyone may sign up, and where contact messages go. */
export function GeneralSection({ current, saved }: { current: Settings['general']; saved: boolean }) {
  const { t } = useTranslation('admin');
  const msg = useConfigMessage();
  const { form, ...state } = useSectionForm('general', GENERAL, current);
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <SectionCard name="general" description={t('configuration.sections.general.description')} saved={saved} state={state}>
      <FormField
        label={t('configuration.sections.general.publicUrl')}
        hint={t('configuration.sections.general.publicUrlHint')}
        type="url"
        dir="ltr"
        autoComplete="url"
        placeholder="https://agents.example.com"
        error={msg(errors.publicUrl?.message)}
        {...register('publicUrl')}
      />
      <FormField
        label={t('configuration.sections.general.operatorEmail')}
        hint={t('configuration.sections.general.operatorEmailHint')}
        type="email"
        dir="ltr"
        autoComplete="email"
        placeholder="operator@example.com"
        error={msg(errors.operatorEmail?.message)}
        {...register('operatorEmail')}
      />
      <Controller
        control={control}
        name="signupOpen"
        render={({ field }) => (
          <Switch
            label={t('configuration.sections.general.signupOpen')}
            description={t('configuration.sections.general.signupOpenHint')}
            checked={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </SectionCard>
  );
}
