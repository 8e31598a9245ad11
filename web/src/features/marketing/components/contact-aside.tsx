import { BookOpen, CreditCard, Sparkles, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const linkClass =
  'group flex gap-3 rounded-xl p-3 -mx-3 transition-colors hover:bg-zinc-100 dark:hover:bg-zinc-800/60 focus-visible:bg-zinc-100 dark:focus-visible:bg-zinc-800/60';

function Item({ icon: Icon, title, description, link }: { icon: LucideIcon; title: string; description: string; link: (content: ReactNode) => ReactNode }) {
  return (
    <li>
      {link(
        <>
          <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-600 dark:bg-accent-500/10 dark:text-accent-400">
            <Icon aria-hidden className="size-4" />
          </span>
          <span className="min-w-0">
            <span className="block text-sm font-medium text-zinc-900 group-hover:text-accent-700 dark:text-zinc-100 dark:group-hover:text-accent-300">{title}</span>
            <span className="mt-0.5 block text-sm text-zinc-600 dark:text-zinc-400">{description}</span>
          </span>
        </>,
      )}
    </li>
  );
}

/** Beside the contact form: where else answers may be (the plans, the features, this installation's API reference). */
export function ContactAside() {
  const { t } = useTranslation('home');
  return (
    <section aria-labelledby="contact-other-help" className="rounded-2xl border border-zinc-200 bg-zinc-50 p-6 dark:border-zinc-800 dark:bg-zinc-900/50">
      <h2 id="contact-other-help" className="text-base font-semibold">
        {t('contact.aside.title')}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('contact.aside.intro')}</p>
      <ul className="mt-4 space-y-1">
        <Item
          icon={CreditCard}
          title={t('contact.aside.pricing.title')}
          description={t('contact.aside.pricing.description')}
          link={(content) => (
            <Link to="/pricing" className={linkClass}>
              {content}
            </Link>
          )}
        />
        <Item
          icon={Sparkles}
          title={t('contact.aside.features.title')}
          description={t('contact.aside.features.description')}
          link={(content) => (
            <Link to="/features" className={linkClass}>
              {content}
            </Link>
          )}
        />
        <Item
          icon={BookOpen}
          title={t('contact.aside.docs.title')}
          description={t('contact.aside.docs.description')}
          // Served by the server, not by the app's router.
          link={(content) => (
            <a href="/api/docs" className={linkClass}>
              {content}
            </a>
          )}
        />
      </ul>
    </section>
  );
}
