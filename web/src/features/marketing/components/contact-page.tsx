import { useTranslation } from 'react-i18next';
import { ContactAside } from '@/features/marketing/components/contact-aside';
import { ContactForm } from '@/features/marketing/components/contact-form';

/** `/contact`: a message to the people who run this installation, and other ways to get help. */
export function ContactPage() {
  const { t } = useTranslation('home');
  return (
    <section className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">{t('contact.eyebrow')}</p>
        <h1 className="mt-2 text-4xl font-semibold tracking-tight text-balance">{t('contact.title')}</h1>
        <p className="mt-4 text-lg text-pretty text-zinc-600 dark:text-zinc-400">{t('contact.intro')}</p>
      </div>
      <div className="mx-auto mt-14 grid max-w-5xl gap-8 lg:grid-cols-3">
        <div className="relative rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2 dark:border-zinc-800 dark:bg-zinc-900">
          <ContactForm />
        </div>
        <ContactAside />
      </div>
    </section>
  );
}
