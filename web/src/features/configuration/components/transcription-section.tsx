import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { SecretField } from '@/components/ui/secret-field';
import type { Settings } from '@/features/configuration/api/configuration';
import { SectionCard } from '@/features/configuration/components/section-card';
import { useSectionForm } from '@/features/configuration/hooks/use-section-form';
import { useConfigMessage } from '@/features/configuration/utils/messages';
import { TRANSCRIPTION } from '@/features/configuration/utils/sections';

/** The model the server asks for when none is set. */
const DEFAULT_MODEL = 'whisper-1';

/**
 * Speech to text for voice messages: any OpenAI-compatible `/audio/transcriptions` endpoint
 * (OpenAI, or a Whisper server). Unset, the server falls back to the model provider's endpoint,
 * then to the browser's own recognition.
 */
export function TranscriptionSection({ current, saved }: { current: Settings['transcription']; saved: boolean }) {
  const { t } = useTranslation('admin');
  const msg = useConfigMessage();
  const { form, ...state } = useSectionForm('transcription', TRANSCRIPTION, current);
  const { register, control, formState } = form;
  const errors = formState.errors;
  return (
    <SectionCard name="transcription" description={t('configuration.sections.transcription.description')} saved={saved} state={state}>
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
        hint={t('configuration.sections.transcription.baseUrlHint')}
        type="url"
        dir="ltr"
        autoComplete="off"
        placeholder="https://api.openai.com/v1"
        error={msg(errors.baseUrl?.message)}
        {...register('baseUrl')}
      />
      <FormField
        label={t('configuration.sections.transcription.model')}
        hint={t('configuration.sections.transcription.modelHint', { model: DEFAULT_MODEL })}
        dir="ltr"
        autoComplete="off"
        spellCheck={false}
        placeholder={DEFAULT_MODEL}
        error={msg(errors.model?.message)}
        {...register('model')}
      />
    </SectionCard>
  );
}
