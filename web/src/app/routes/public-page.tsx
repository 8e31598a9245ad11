import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';
import type { PublicPage } from '@/types/i18n-keys';

/** A public page whose content comes later: its translated title and summary. */
export function PublicPageRoute({ page }: { page: PublicPage }) {
  const { t } = useTranslation('home');
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
      <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">{t(`pages.${page}.eyebrow`)}</p>
      <h1 className="mt-2 text-4xl font-semibold tracking-tight text-balance">{t(`pages.${page}.title`)}</h1>
      <p className="mt-4 text-lg text-pretty text-zinc-600 dark:text-zinc-400">{t(`pages.${page}.description`)}</p>
      <div className="mt-8 flex justify-center gap-3">
        <ButtonLink to="/signup">{t('getStarted')}</ButtonLink>
        <ButtonLink to="/contact" variant="secondary">
          {t('talkToUs')}
        </ButtonLink>
      </div>
    </section>
  );
}
