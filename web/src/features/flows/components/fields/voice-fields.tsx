import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField } from '@/components/ui/select-field';
import { Switch } from '@/components/ui/switch';
import { useCatalogueVoices } from '@/features/flows/api/flows';
import { useFlowField } from '@/features/flows/components/use-flow-field';
import { FLOW_LIMITS } from '@/features/flows/utils/types';

type Slider = { name: 'speed' | 'stability' | 'similarityBoost' | 'style'; min: number; max: number; step: number };

const SLIDERS: Slider[] = [
  { name: 'speed', min: FLOW_LIMITS.speed[0], max: FLOW_LIMITS.speed[1], step: 0.05 },
  { name: 'stability', min: 0, max: 1, step: 0.05 },
  { name: 'similarityBoost', min: 0, max: 1, step: 0.05 },
  { name: 'style', min: 0, max: 1, step: 0.05 },
];

/**
 * How a message is spoken on voice and phone channels: the agent's voice, or its own (a voice of
 * the catalogue, GET /agents/voices) with speed, stability, similarity boost and style.
 */
export function VoiceFields() {
  const { t, i18n } = useTranslation('dashboard');
  const { register, set, error } = useFlowField();
  const voices = useCatalogueVoices();
  const [custom, voiceId, ...values] = useWatch({ name: ['data.voice.custom', 'data.voice.voiceId', ...SLIDERS.map((s) => `data.voice.${s.name}`)] }) as [boolean, string, ...number[]];
  const catalogue = voices.data ?? [];
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  return (
    <fieldset className="space-y-3 rounded-lg border border-zinc-200 px-3 py-3 dark:border-zinc-800">
      <legend className="px-1 text-sm font-semibold">{t('flowBuilder.fields.voice.title')}</legend>
      <Switch
        label={t('flowBuilder.fields.voice.custom')}
        description={t('flowBuilder.fields.voice.customHint')}
        checked={custom}
        onChange={(on) => set('data.voice.custom', on)}
      />
      {custom ? (
        <>
          {voices.isPending ? (
            // The select waits for its options, so it opens on the voice the message has.
            <SelectField label={t('flowBuilder.fields.voice.voice')} disabled value="">
              <option value="">{t('flowBuilder.fields.loading')}</option>
            </SelectField>
          ) : (
            <SelectField label={t('flowBuilder.fields.voice.voice')} error={error('data.voice.voiceId')} {...register('data.voice.voiceId')}>
              <option value="">{t('flowBuilder.fields.voice.agentVoice')}</option>
              {catalogue.map((v) => (
                <option key={v.id} value={v.name}>
                  {v.name.charAt(0).toUpperCase() + v.name.slice(1)}
                  {v.gender ? ` · ${v.gender}` : ''}
                </option>
              ))}
              {voiceId && !catalogue.some((v) => v.name === voiceId || v.id === voiceId) ? <option value={voiceId}>{voiceId}</option> : null}
            </SelectField>
          )}
          {SLIDERS.map((s, i) => {
            const id = `voice-${s.name}`;
            return (
              <div key={s.name} className="space-y-1">
                <div className="flex items-center justify-between text-sm">
                  <label htmlFor={id} className="font-medium text-zinc-800 dark:text-zinc-200">
                    {t(`flowBuilder.fields.voice.${s.name}`)}
                  </label>
                  <output htmlFor={id} className="font-mono text-xs text-zinc-600 tabular-nums dark:text-zinc-400">
                    {number.format(values[i] ?? 0)}
                  </output>
                </div>
                <input id={id} type="range" min={s.min} max={s.max} step={s.step} className="w-full accent-accent-600" {...register(`data.voice.${s.name}`, { valueAsNumber: true })} />
              </div>
            );
          })}
        </>
      ) : null}
    </fieldset>
  );
}
