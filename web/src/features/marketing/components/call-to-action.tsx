import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';

export function CallToAction() {
  const { t } = useTranslation('landing');
  return (
    <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="relative overflow-hidden rounded-3xl bg-zinc-900 px-6 py-16 text-center sm:px-12 dark:bg-zinc-900">
        <div aria-hidden className="absolute inset-0 bg-[radial-gradient(circle_at_30%_0%,rgba(99,102,241,0.45),transparent_55%)]" />
        <div className="relative">
          <h2 className="mx-auto max-w-2xl text-3xl font-semibold tracking-tight text-balance text-white sm:text-4xl">{t('cta.title')}</h2>
          <p className="mx-auto mt-4 max-w-xl text-zinc-300">{t('cta.subtitle')}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <ButtonLink to="/signup" size="lg" className="bg-white text-zinc-900 hover:bg-zinc-100 dark:bg-white dark:hover:bg-zinc-200">
              {t('cta.primary')}
              <ArrowRight aria-hidden className="size-4 rtl:-scale-x-100" />
            </ButtonLink>
            <Link to="/contact" className="inline-flex h-12 items-center rounded-lg border border-white/20 px-6 font-medium text-white transition-colors hover:bg-white/10">
              {t('cta.secondary')}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
