import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { SecretField } from '@/components/ui/secret-field';
import type { Settings } from '@/features/configuration/api/configuration';
import { SectionCard } from '@/features/configuration/components/section-card';
import { useSectionForm } from '@/features/configuration/hooks/use-section-form';
import { useConfigMessage } from '@/features/configuration/utils/messages';
import { MODEL } from '@/features/configuration/utils/sections';
import { MODEL_PROVIDERS, type ModelProvider } from '@/lib/api-enums';

/** What each connected provider answers at when its address or model is left empty. */
const DEFAULTS: Record<Exclude<ModelProvider, 'builtin'>, { baseUrl: string; model: string }> = {
  openai: { baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' },
  gemini: { baseUrl: 'https://generativelanguage.googleapis.com/v1beta', model: 'gemini-2.0-flash' },
};

/** The language model agents answer with: none (the built-in responder), any OpenAI-compatible server, or Gemini. */
export function ModelSection({ current, saved }: { current: Settings['model']; saved: boolean }) {
  const { t } = useTranslation('admin');
  const msg = useConfigMessage();
  const { form, ...state } = useSectionForm('model', MODEL, current);
  const { register, control, formState } = form;
  const errors = formState.errors;
  const provider = useWatch({ control, name: 'provider' });
  // Built in, the connection's fields stay (kept for when a provider is chosen), with OpenAI's defaults shown.
  const defaults = DEFAULTS[provider === 'builtin' ? 'openai' : provider];
  return (
    <SectionCard name="model" description={t('configuration.sections.model.description')} saved={saved} state={state}>
      <SelectField
        label={t('configuration.sections.model.provider')}
        hint={t(`configuration.sections.model.providerHints.${provider}`)}
        error={msg(errors.provider?.message)}
        {...register('provider')}
      >
        {MODEL_PROVIDERS.map((p) => (
          <option key={p} value={p}>
            {t(`configuration.sections.model.providers.${p}`)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label={t('configuration.sections.model.baseUrl')}
          hint={t('configuration.sections.model.baseUrlHint')}
          type="url"
          dir="ltr"
          autoComplete="off"
          placeholder={defaults.baseUrl}
          error={msg(errors.baseUrl?.message)}
          {...register('baseUrl')}
        />
        <FormField
          label={t('configuration.sections.model.model')}
          hint={t('configuration.sections.model.modelHint', { model: defaults.model })}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          placeholder={defaults.model}
          error={msg(errors.model?.message)}
          {...register('model')}
        />
      </div>
      <Controller
        control={control}
        name="apiKey"
        render={({ field }) => (
          <SecretField
            label={t('configuration.sections.model.apiKey')}
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
    </SectionCard>
  );
}
