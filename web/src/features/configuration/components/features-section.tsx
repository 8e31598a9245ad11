import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Switch } from '@/components/ui/switch';
import type { Settings } from '@/features/configuration/api/configuration';
import { SectionCard } from '@/features/configuration/components/section-card';
import { useSectionForm } from '@/features/configuration/hooks/use-section-form';
import { FEATURES, type FeaturesValues } from '@/features/configuration/utils/sections';

const FLAGS: Array<keyof FeaturesValues> = ['fileUpload', 'collaboration', 'voiceProvider'];

/** The feature flags: switched for everyone at once when saved. */
export function FeaturesSection({ current, saved }: { current: Settings['features']; saved: boolean }) {
  const { t } = useTranslation('admin');
  const { form, ...state } = useSectionForm('features', FEATURES, current);
  return (
    <SectionCard name="features" description={t('configuration.sections.features.description')} saved={saved} state={state}>
      <div className="divide-y divide-zinc-200 dark:divide-zinc-800">
        {FLAGS.map((flag) => (
          <div key={flag} className="py-3 first:pt-0 last:pb-0">
            <Controller
              control={form.control}
              name={flag}
              render={({ field }) => (
                <Switch
                  label={t(`configuration.sections.features.${flag}`)}
                  description={t(`configuration.sections.features.${flag}Hint`)}
                  checked={field.value}
                  onChange={field.onChange}
                />
              )}
            />
          </div>
        ))}
      </div>
    </SectionCard>
  );
}
