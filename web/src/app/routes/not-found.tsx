import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@/components/ui/button';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="font-mono text-sm font-semibold text-accent-600 dark:text-accent-400">404</p>
      <h1 className="mt-3 text-3xl font-semibold tracking-tight">{t('notFound.title')}</h1>
      <p className="mt-3 text-zinc-600 dark:text-zinc-400">{t('notFound.description')}</p>
      <ButtonLink to="/" className="mt-8">
        {t('notFound.backHome')}
      </ButtonLink>
    </section>
  );
}
