import { Plus, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useFieldArray, type FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import type { Settings } from '@/features/configuration/api/configuration';
import { SectionCard } from '@/features/configuration/components/section-card';
import { useSectionForm } from '@/features/configuration/hooks/use-section-form';
import { formatNumber } from '@/features/configuration/utils/format';
import { useConfigMessage } from '@/features/configuration/utils/messages';
import { PRICING, PRICING_BOUNDS } from '@/features/configuration/utils/sections';

const input =
  'block h-10 w-full rounded-lg border bg-white px-3 text-sm shadow-sm outline-none transition placeholder:text-zinc-400 focus:border-accent-500 focus:ring-2 focus:ring-accent-500/20 dark:bg-zinc-900';

/**
 * The price table the usage reports estimate cost with: a row per model (its name as answers
 * record it, and its input and output prices in US dollars per million tokens).
 */
export function PricingSection({ current, saved }: { current: Settings['pricing']; saved: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const msg = useConfigMessage();
  const id = useId();
  const { form, ...state } = useSectionForm('pricing', PRICING, current);
  const { register, control, formState } = form;
  const rows = useFieldArray({ control, name: 'models' });
  const errors = formState.errors.models;
  const range = { min: formatNumber(i18n.language, 0), max: formatNumber(i18n.language, PRICING_BOUNDS.maxPrice, 2) };
  const errorOf = (e: FieldError | undefined) => (e ? msg(e.message, range) : undefined);
  const full = rows.fields.length >= PRICING_BOUNDS.maxModels;

  /** A cell's input with its error under it. */
  const cell = (name: `models.${number}.${'name' | 'inputPerMillion' | 'outputPerMillion'}`, label: string, error: FieldError | undefined, extra: Record<string, unknown> = {}) => {
    const errorId = `${id}-${name}-error`;
    return (
      <div className="min-w-0 space-y-1">
        <input
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          dir="ltr"
          autoComplete="off"
          spellCheck={false}
          className={cn(input, error ? 'border-red-400 dark:border-red-700' : 'border-zinc-300 dark:border-zinc-700')}
          {...extra}
          {...register(name)}
        />
        {error ? (
          <p id={errorId} className="text-sm text-red-600 dark:text-red-400">
            {errorOf(error)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <SectionCard name="pricing" description={t('configuration.sections.pricing.description')} saved={saved} state={state}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {t('configuration.sections.pricing.help')}{' '}
        <Link to="/dashboard/analytics#usage" className="text-accent-700 underline underline-offset-2 hover:decoration-2 dark:text-accent-300">
          {t('configuration.sections.pricing.usageLink')}
        </Link>
      </p>
      {rows.fields.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 px-4 py-6 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {t('configuration.sections.pricing.empty')}
        </p>
      ) : (
        <div role="table" aria-label={t('configuration.sections.pricing.caption')} className="space-y-2">
          <div role="rowgroup">
            <div role="row" className="hidden grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_2.5rem] gap-3 text-xs font-medium text-zinc-600 sm:grid dark:text-zinc-400">
              <span role="columnheader">{t('configuration.sections.pricing.model')}</span>
              <span role="columnheader">{t('configuration.sections.pricing.inputPerMillion')}</span>
              <span role="columnheader">{t('configuration.sections.pricing.outputPerMillion')}</span>
              <span role="columnheader">
                <span className="sr-only">{t('configuration.sections.pricing.remove')}</span>
              </span>
            </div>
          </div>
          <div role="rowgroup" className="space-y-3 sm:space-y-2">
            {rows.fields.map((field, i) => {
              const n = i + 1;
              const e = errors?.[i];
              return (
                <div key={field.id} role="row" data-testid="pricing-row" className="grid grid-cols-[minmax(0,1fr)_2.5rem] items-start gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_2.5rem]">
                  <div role="cell" className="min-w-0">
                    {cell(`models.${i}.name`, t('configuration.sections.pricing.modelRow', { n }), e?.name, { placeholder: 'gpt-4o-mini' })}
                  </div>
                  <div role="cell" className="col-start-1 min-w-0 sm:col-start-auto">
                    {cell(`models.${i}.inputPerMillion`, t('configuration.sections.pricing.inputRow', { n }), e?.inputPerMillion, { inputMode: 'decimal', placeholder: '0.15' })}
                  </div>
                  <div role="cell" className="col-start-1 min-w-0 sm:col-start-auto">
                    {cell(`models.${i}.outputPerMillion`, t('configuration.sections.pricing.outputRow', { n }), e?.outputPerMillion, { inputMode: 'decimal', placeholder: '0.60' })}
                  </div>
                  <div role="cell" className="col-start-2 row-start-1 sm:col-start-auto sm:row-start-auto">
                    <Button variant="ghost" size="sm" className="h-10 w-10 px-0" aria-label={t('configuration.sections.pricing.removeRow', { n })} onClick={() => rows.remove(i)}>
                      <Trash2 aria-hidden className="size-4" />
                    </Button>
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      )}
      {errors?.root?.message || errors?.message ? <p className="text-sm text-red-600 dark:text-red-400">{msg(errors.root?.message ?? errors.message, { max: String(PRICING_BOUNDS.maxModels) })}</p> : null}
      <Button variant="secondary" size="sm" disabled={full} onClick={() => rows.append({ name: '', inputPerMillion: '', outputPerMillion: '' })}>
        <Plus aria-hidden className="size-4" />
        {t('configuration.sections.pricing.add')}
      </Button>
    </SectionCard>
  );
}
