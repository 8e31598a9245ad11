import { useTranslation } from 'react-i18next';
import type { HelpSection } from '@/features/help/content/types';

/** The sections, as links to their anchors; while searching, with how many articles each has found. */
export function HelpNav({ sections, searching }: { sections: HelpSection[]; searching: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <nav aria-label={t('help.sectionsLabel')} className="lg:sticky lg:top-20 lg:self-start">
      <ul className="flex flex-wrap gap-1.5 lg:flex-col lg:gap-0.5">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              className="flex items-center gap-2 rounded-lg border border-zinc-200 px-3 py-1.5 text-sm text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:ring-2 focus-visible:ring-accent-500/40 focus-visible:outline-none lg:border-transparent dark:border-zinc-800 dark:text-zinc-300 dark:hover:bg-zinc-800/60 dark:hover:text-white lg:dark:border-transparent"
            >
              <span className="min-w-0 flex-1 truncate">{section.title}</span>
              {searching ? (
                <span className="rounded-full bg-zinc-100 px-1.5 text-xs text-zinc-700 tabular-nums dark:bg-zinc-800 dark:text-zinc-300">{number.format(section.articles.length)}</span>
              ) : null}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
