import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

const plans = [
  { id: 'basic', to: '/signup', featured: false },
  { id: 'pro', to: '/signup', featured: true },
  { id: 'enterprise', to: '/contact', featured: false },
] as const;

const limits = ['agents', 'messages', 'seats', 'phone'] as const;

export function PricingPlans() {
  const { t } = useTranslation('landing');
  return (
    <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-semibold tracking-tight">{t('pricing.title')}</h1>
        <p className="mt-4 text-zinc-600 dark:text-zinc-400">{t('pricing.subtitle')}</p>
      </div>
      <ul className="mt-14 grid gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <li
            key={plan.id}
            className={cn(
              'relative flex flex-col rounded-2xl border bg-white p-8 dark:bg-zinc-900',
              plan.featured ? 'border-accent-500 shadow-lg ring-1 ring-accent-500' : 'border-zinc-200 dark:border-zinc-800',
            )}
          >
            {plan.featured ? (
              <span className="absolute -top-3 start-8 rounded-full bg-accent-600 px-3 py-0.5 text-xs font-medium text-white">{t('pricing.popular')}</span>
            ) : null}
            <h2 className="text-lg font-semibold">{t(`pricing.plans.${plan.id}.name`)}</h2>
            <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t(`pricing.plans.${plan.id}.description`)}</p>
            <p className="mt-6 text-3xl font-semibold tracking-tight">{t(`pricing.plans.${plan.id}.price`)}</p>
            <ul className="mt-6 flex-1 space-y-3 text-sm">
              {limits.map((limit) => (
                <li key={limit} className="flex items-start gap-2">
                  <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-accent-600 dark:text-accent-400" />
                  {t(`pricing.plans.${plan.id}.limits.${limit}`)}
                </li>
              ))}
            </ul>
            <ButtonLink to={plan.to} variant={plan.featured ? 'primary' : 'secondary'} className="mt-8 w-full">
              {t(`pricing.plans.${plan.id}.cta`)}
            </ButtonLink>
          </li>
        ))}
      </ul>
      <p className="mt-10 text-center text-sm text-zinc-500 dark:text-zinc-400">{t('pricing.note')}</p>
    </section>
  );
}
