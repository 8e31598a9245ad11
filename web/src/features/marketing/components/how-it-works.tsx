import { Database, Languages, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const steps = ['build', 'connect', 'observe'] as const;
const facts = [
  { key: 'binary', icon: Server },
  { key: 'database', icon: Database },
  { key: 'languages', icon: Languages },
] as const;

export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <section className="border-y border-zinc-200 bg-zinc-50 dark:border-zinc-800 dark:bg-zinc-900/40">
      <div className="mx-auto grid max-w-7xl gap-16 px-4 py-20 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">{t('steps.eyebrow')}</p>
          <h2 className="mt-2 text-3xl font-semibold tracking-tight">{t('steps.title')}</h2>
          <ol className="mt-10 space-y-8">
            {steps.map((step, i) => (
              <li key={step} className="flex gap-4">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full border border-zinc-300 bg-white text-sm font-semibold dark:border-zinc-700 dark:bg-zinc-900">
                  {i + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{t(`steps.${step}.title`)}</h3>
                  <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t(`steps.${step}.description`)}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
        <div>
          <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">{t('selfHost.eyebrow')}</p>
          <h2 className="mt-2 text-3xl font-semibold tracking-tight">{t('selfHost.title')}</h2>
          <p className="mt-4 text-zinc-600 dark:text-zinc-400">{t('selfHost.subtitle')}</p>
          <ul className="mt-8 space-y-4">
            {facts.map(({ key, icon: Icon }) => (
              <li key={key} className="flex gap-4 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-950">
                <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-accent-600 dark:text-accent-400" />
                <div>
                  <h3 className="text-sm font-semibold">{t(`selfHost.${key}.title`)}</h3>
                  <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t(`selfHost.${key}.description`)}</p>
                </div>
              </li>
            ))}
          </ul>
          <pre dir="ltr" className="mt-6 overflow-x-auto rounded-xl bg-zinc-900 p-4 text-sm text-zinc-100 dark:bg-black">
            <code>{'$ agentforge serve\n'}<span className="text-zinc-400">{t('selfHost.terminal')}</span></code>
          </pre>
        </div>
      </div>
    </section>
  );
}
