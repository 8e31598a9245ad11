import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { SecretField } from '@/components/ui/secret-field';
import type { Settings } from '@/features/configuration/api/configuration';
import { SectionCard } from '@/features/configuration/components/section-card';
import { useSectionForm } from '@/features/configuration/hooks/use-section-form';
import { useConfigMessage } from '@/features/configuration/utils/messages';
import { KEY_SECTION } from '@/features/configuration/utils/sections';

const SERVICES = {
  elevenlabs: { service: 'ElevenLabs', baseUrl: 'https://api.elevenlabs.io' },
  gemini: { service: 'Google Gemini', baseUrl: 'https://generativelanguage.googleapis.com/v1beta' },
} as const;

/** A service reached with one API key: ElevenLabs (voices) or Gemini. */
export function KeySection({ name, current, saved }: { name: 'elevenlabs' | 'gemini'; current: Settings['elevenlabs']; saved: boolean }) {
  const { t } = useTranslation('admin');
  const msg = useConfigMessage();
  const { form, ...state } = useSectionForm(name, KEY_SECTION, current);
  const { register, control, formState } = form;
  const errors = formState.errors;
  const { service, baseUrl } = SERVICES[name];
  return (
    <SectionCard name={name} description={t(`configuration.sections.${name}.description`)} saved={saved} state={state}>
      <Controller
        control={control}
        name="apiKey"
        render={({ field }) => (
          <SecretField
            label={t('configuration.fields.apiKey')}
            masked={current.apiKey}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            name={field.name}
            inputRef={field.ref}
            error={msg(errors.apiKey?.message)}
          />
        )}
      />
      <FormField
        label={t('configuration.fields.baseUrl')}
        hint={t('configuration.fields.baseUrlHint', { service })}
        type="url"
        dir="ltr"
        autoComplete="off"
        placeholder={baseUrl}
        error={msg(errors.baseUrl?.message)}
        {...register('baseUrl')}
      />
    </SectionCard>
  );
}
