import { zodResolver } from '@hookform/resolvers/zod';
import { SlidersHorizontal, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Notice } from '@/components/ui/notice';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { TextareaField } from '@/components/ui/textarea-field';
import { usePersonalities, type AgentInput } from '@/features/agents/api/agents';
import { PersonalitiesDialog } from '@/features/agents/components/personalities-dialog';
import { VoicePicker } from '@/features/agents/components/voice-picker';
import { agentSchema, changedInput, FIELD_MAP, FORM_FIELDS, PROVIDERS, toInput, type AgentFormValues } from '@/features/agents/utils/form-values';
import { capitalize, errorMessage, useAgentMessage } from '@/features/agents/utils/messages';
import { suggestVoice } from '@/features/agents/utils/suggest-voice';
import { AGENT_STATUSES, AGENT_TYPES } from '@/lib/api-enums';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { LANGUAGES } from '@/lib/languages';

function Section({ id, step, title, description, children }: { id: string; step: number; title: string; description: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-20 rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900">
      <div className="flex items-start gap-3">
        <span aria-hidden className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent-50 text-sm font-semibold text-accent-700 dark:bg-accent-500/15 dark:text-accent-300">
          {step}
        </span>
        <div>
          <h2 id={`${id}-title`} className="text-base font-semibold">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        </div>
      </div>
      <div className="mt-5 space-y-4">{children}</div>
    </section>
  );
}

export type AgentFormProps = {
  defaultValues: AgentFormValues;
  mode: 'create' | 'edit';
  /** The voice an ai-generate answer suggested; otherwise computed from name, description and type. */
  suggestedVoice?: string;
  /** The agent being edited: its voices' previews speak with its account (its team's or owner's ElevenLabs). */
  agentId?: string;
  onSubmit: (input: AgentInput) => Promise<void>;
  onCancel?: () => void;
};

/** The guided agent form of create and edit: basics, instructions, model, voice, knowledge. */
export function AgentForm({ defaultValues, mode, suggestedVoice, agentId, onSubmit, onCancel }: AgentFormProps) {
  const { t } = useTranslation('agents');
  const msg = useAgentMessage();
  const [formError, setFormError] = useState<string | null>(null);
  const [managing, setManaging] = useState(false);
  const personalities = usePersonalities();
  const { register, handleSubmit, formState, setError, control, setValue, getValues } = useForm<AgentFormValues>({
    resolver: zodResolver(agentSchema),
    defaultValues,
  });
  const errors = formState.errors;
  const [name, description, type, voiceId, temperature] = useWatch({ control, name: ['name', 'description', 'type', 'voice_model_id', 'model.temperature'] });
  const suggested = suggestedVoice ?? suggestVoice(name, description, type.replace(/_/g, ' '));

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    const input = mode === 'edit' ? changedInput(defaultValues, values) : toInput(values);
    try {
      await onSubmit(input);
    } catch (e) {
      if (!applyServerFieldErrors(e, setError, FORM_FIELDS, FIELD_MAP)) setFormError(msg(errorMessage(e)) ?? null);
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6" aria-label={mode === 'create' ? t('form.createLabel') : t('form.editLabel')}>
      {formError ? <Notice tone="error">{formError}</Notice> : null}

      <Section id="basics" step={1} title={t('form.basics.title')} description={t('form.basics.description')}>
        <FormField label={t('form.fields.name')} autoComplete="off" dir="auto" error={msg(errors.name?.message)} {...register('name')} />
        <TextareaField label={t('form.fields.description')} rows={2} error={msg(errors.description?.message)} {...register('description')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('form.fields.type')} error={msg(errors.type?.message)} {...register('type')}>
            {AGENT_TYPES.map((v) => (
              <option key={v} value={v}>
                {t(`types.${v}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('form.fields.status')} error={msg(errors.status?.message)} {...register('status')}>
            {AGENT_STATUSES.map((v) => (
              <option key={v} value={v}>
                {t(`statuses.${v}`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t('form.fields.language')} error={msg(errors.language?.message)} {...register('language')}>
            {LANGUAGES.map((l) => (
              <option key={l.code} value={l.code} lang={l.code}>
                {l.name}
              </option>
            ))}
          </SelectField>
          <div className="space-y-1.5">
            <SelectField label={t('form.fields.personality')} error={msg(errors.personalityId?.message)} {...register('personalityId')}>
              <option value="">{t('form.fields.noPersonality')}</option>
              {(personalities.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.tone ? `${p.name} · ${p.tone}` : p.name}
                </option>
              ))}
            </SelectField>
            <Button size="sm" variant="ghost" className="-ms-3" onClick={() => setManaging(true)}>
              <SlidersHorizontal aria-hidden className="size-4" />
              {t('personalities.manage')}
            </Button>
          </div>
        </div>
      </Section>

      <Section id="instructions" step={2} title={t('form.instructions.title')} description={t('form.instructions.description')}>
        <TextareaField label={t('form.fields.instructions')} rows={7} hint={t('form.fields.instructionsHint')} error={msg(errors.instructions?.message)} {...register('instructions')} />
        <TextareaField label={t('form.fields.greeting')} rows={2} hint={t('form.fields.greetingHint')} error={msg(errors.greeting?.message)} {...register('greeting')} />
      </Section>

      <Section id="model" step={3} title={t('form.model.title')} description={t('form.model.description')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t('form.fields.provider')} error={msg(errors.model?.provider?.message)} {...register('model.provider')}>
            {PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {p ? t(`providers.${p}`) : t('providers.server')}
              </option>
            ))}
          </SelectField>
          <FormField label={t('form.fields.modelName')} placeholder={t('form.fields.modelNamePlaceholder')} autoComplete="off" error={msg(errors.model?.model?.message)} {...register('model.model')} />
          <div className="space-y-1.5">
            <FormField
              label={t('form.fields.temperature')}
              type="number"
              step="0.1"
              min={0}
              max={2}
              inputMode="decimal"
              error={msg(errors.model?.temperature?.message)}
              {...register('model.temperature', { valueAsNumber: true })}
            />
            <p className="text-xs text-zinc-500 dark:text-zinc-400">{Number.isFinite(temperature) && temperature < 0.5 ? t('form.fields.temperatureLow') : t('form.fields.temperatureHint')}</p>
          </div>
          <FormField
            label={t('form.fields.maxTokens')}
            type="number"
            step="1"
            min={1}
            max={32768}
            inputMode="numeric"
            error={msg(errors.model?.maxTokens?.message)}
            {...register('model.maxTokens', { valueAsNumber: true })}
          />
        </div>
      </Section>

      <Section id="voice" step={4} title={t('form.voice.title')} description={t('form.voice.description')}>
        <Controller
          control={control}
          name="voice_enabled"
          render={({ field }) => <Switch label={t('form.fields.voiceEnabled')} description={t('form.fields.voiceEnabledHint')} checked={field.value} onChange={field.onChange} />}
        />
        <div className="flex flex-wrap items-center gap-3 rounded-lg bg-accent-50/60 px-3 py-2 text-sm dark:bg-accent-500/10">
          <Sparkles aria-hidden className="size-4 text-accent-600 dark:text-accent-400" />
          <span>{t('form.voice.suggested', { voice: capitalize(suggested) })}</span>
          {voiceId !== suggested ? (
            <Button size="sm" variant="secondary" className="ms-auto" onClick={() => setValue('voice_model_id', suggested, { shouldDirty: true })}>
              {t('form.voice.useSuggested')}
            </Button>
          ) : null}
        </div>
        <fieldset>
          <legend className="mb-2 block text-sm font-medium text-zinc-800 dark:text-zinc-200">{t('form.fields.voice')}</legend>
          <VoicePicker value={voiceId} suggested={suggested} agentId={agentId} field={register('voice_model_id')} error={msg(errors.voice_model_id?.message)} />
        </fieldset>
      </Section>

      <Section id="knowledge" step={5} title={t('form.knowledge.title')} description={t('form.knowledge.description')}>
        <Controller
          control={control}
          name="useKnowledgeBase"
          render={({ field }) => <Switch label={t('form.fields.useKnowledgeBase')} description={t('form.fields.useKnowledgeBaseHint')} checked={field.value} onChange={field.onChange} />}
        />
      </Section>

      {managing ? (
        <PersonalitiesDialog
          onClose={() => setManaging(false)}
          // The server leaves agents of a deleted personality without one; so does the form.
          onDeleted={(id) => {
            if (getValues('personalityId') === id) setValue('personalityId', '', { shouldDirty: true });
          }}
        />
      ) : null}

      <div className="sticky bottom-0 -mx-1 flex flex-col-reverse gap-2 border-t border-zinc-200 bg-white/90 px-1 py-4 backdrop-blur sm:flex-row sm:justify-end dark:border-zinc-800 dark:bg-zinc-950/90">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            {t('actions.cancel')}
          </Button>
        ) : null}
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? <Spinner className="size-4 border-white/40 border-t-white" /> : null}
          {mode === 'create' ? t('form.create') : t('form.save')}
        </Button>
      </div>
    </form>
  );
}
