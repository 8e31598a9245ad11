import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { SECTION_ORDER } from '@/features/configuration/utils/sections';

/** The cards of the page, as links to their anchors; a dot marks those saved here. */
export function ConfigurationNav({ saved }: { saved: readonly string[] }) {
  const { t } = useTranslation('admin');
  return (
    <nav aria-label={t('configuration.nav')} className="hidden lg:block">
      <ul className="sticky top-32 space-y-0.5">
        {SECTION_ORDER.map((name) => {
          const here = saved.includes(name);
          return (
            <li key={name}>
              <a
                href={`#${name}`}
                className="flex items-center justify-between gap-2 rounded-lg px-3 py-1.5 text-sm text-zinc-600 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-white"
              >
                <span className="truncate">{t(`configuration.sections.${name}.title`)}</span>
                <span
                  aria-hidden
                  title={here ? t('configuration.source.saved') : t('configuration.source.environment')}
                  className={cn('size-1.5 shrink-0 rounded-full', here ? 'bg-accent-500' : 'bg-zinc-300 dark:bg-zinc-700')}
                />
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
