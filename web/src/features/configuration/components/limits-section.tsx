import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/form-field';
import type { Settings } from '@/features/configuration/api/configuration';
import { SectionCard } from '@/features/configuration/components/section-card';
import { useSectionForm } from '@/features/configuration/hooks/use-section-form';
import { formatBytes, formatNumber } from '@/features/configuration/utils/format';
import { useConfigMessage } from '@/features/configuration/utils/messages';
import { LIMIT_BOUNDS, LIMITS, V, type LimitsValues } from '@/features/configuration/utils/sections';

type Limit = { field: keyof LimitsValues; bounds: keyof typeof LIMIT_BOUNDS; size: boolean };
const FIELDS: Limit[] = [
  { field: 'uploadMaxMb', bounds: 'uploadMaxBytes', size: true },
  { field: 'knowledgeQuotaMb', bounds: 'knowledgeQuotaBytes', size: true },
  { field: 'messageMaxChars', bounds: 'messageMaxChars', size: false },
  { field: 'rateLimitApiKeyPerMinute', bounds: 'rateLimitApiKeyPerMinute', size: false },
  { field: 'rateLimitAuthPerIp', bounds: 'rateLimitAuthPerIp', size: false },
  { field: 'rateLimitAuthPerEmail', bounds: 'rateLimitAuthPerEmail', size: false },
];

/** What one upload, account, message, API key or address may use; sizes are typed in megabytes. */
export function LimitsSection({ current, saved }: { current: Settings['limits']; saved: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const lng = i18n.language;
  const msg = useConfigMessage();
  const { form, ...state } = useSectionForm('limits', LIMITS, current);
  const { register, formState } = form;

  // The server's refusal of a limit names it in bytes: the form says the range it shows instead.
  const errorOf = (error: FieldError | undefined, range: { min: string; max: string }) =>
    error ? msg(error.type === 'server' ? V.range : error.message, range) : undefined;

  return (
    <SectionCard name="limits" description={t('configuration.sections.limits.description')} saved={saved} state={state}>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ field, bounds, size }) => {
          const { min, max } = LIMIT_BOUNDS[bounds];
          const range = size ? { min: formatBytes(lng, min), max: formatBytes(lng, max) } : { min: formatNumber(lng, min), max: formatNumber(lng, max) };
          return (
            <FormField
              key={field}
              label={t(`configuration.sections.limits.${field}`)}
              hint={t(`configuration.sections.limits.${field}Hint`, range)}
              inputMode={size ? 'decimal' : 'numeric'}
              dir="ltr"
              autoComplete="off"
              error={errorOf(formState.errors[field], range)}
              {...register(field)}
            />
          );
        })}
      </div>
    </SectionCard>
  );
}
