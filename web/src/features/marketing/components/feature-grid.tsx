import { BarChart3, Blocks, BookOpenText, Code2, MessageSquare, Mic, Phone, Webhook, Workflow, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CustomTypeOptions } from 'i18next';

type FeatureKey = keyof CustomTypeOptions['resources']['landing']['features']['items'];

const features: Array<{ key: FeatureKey; icon: LucideIcon }> = [
  { key: 'chat', icon: MessageSquare },
  { key: 'voice', icon: Mic },
  { key: 'phone', icon: Phone },
  { key: 'widget', icon: Code2 },
  { key: 'webhooks', icon: Webhook },
  { key: 'mcp', icon: Blocks },
  { key: 'knowledge', icon: BookOpenText },
  { key: 'workflows', icon: Workflow },
  { key: 'analytics', icon: BarChart3 },
];

export function FeatureGrid({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t } = useTranslation('landing');
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section id="features" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <p className="text-sm font-semibold text-accent-600 dark:text-accent-400">{t('features.eyebrow')}</p>
        <Heading className="mt-2 text-3xl font-semibold tracking-tight text-balance sm:text-4xl">{t('features.title')}</Heading>
        <p className="mt-4 text-zinc-600 dark:text-zinc-400">{t('features.subtitle')}</p>
      </div>
      <ul className="mt-14 grid gap-px overflow-hidden rounded-2xl border border-zinc-200 bg-zinc-200 sm:grid-cols-2 lg:grid-cols-3 dark:border-zinc-800 dark:bg-zinc-800">
        {features.map(({ key, icon: Icon }) => (
          <li key={key} className="bg-white p-6 dark:bg-zinc-950">
            <span className="flex size-10 items-center justify-center rounded-lg bg-accent-50 text-accent-600 dark:bg-accent-500/10 dark:text-accent-400">
              <Icon aria-hidden className="size-5" />
            </span>
            <h3 className="mt-4 font-semibold">{t(`features.items.${key}.title`)}</h3>
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{t(`features.items.${key}.description`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
