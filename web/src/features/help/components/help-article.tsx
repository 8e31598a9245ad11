import { ArrowRight, ChevronDown, Link2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { RichText } from '@/features/help/components/rich-text';
import type { HelpArticle, HelpBlock, HelpLink } from '@/features/help/content/types';
import { useAuth } from '@/lib/auth';

const linkClass = 'inline-flex items-center gap-1 font-medium text-accent-700 hover:underline dark:text-accent-300';

function Block({ block, terms }: { block: HelpBlock; terms: string[] }) {
  if (typeof block === 'string') {
    return (
      <p>
        <RichText text={block} terms={terms} />
      </p>
    );
  }
  const items = 'steps' in block ? block.steps : block.list;
  const List = 'steps' in block ? 'ol' : 'ul';
  return (
    <List className={cn('space-y-1.5 ps-5', 'steps' in block ? 'list-decimal' : 'list-disc')}>
      {items.map((item, i) => (
        <li key={i} className="ps-1">
          <RichText text={item} terms={terms} />
        </li>
      ))}
    </List>
  );
}

function ArticleLink({ link }: { link: HelpLink }) {
  const content = (
    <>
      {link.label}
      <ArrowRight aria-hidden className="size-3.5 shrink-0 rtl:rotate-180" />
    </>
  );
  // The API reference is the server's own page, not a route of this app.
  return link.to !== undefined ? (
    <Link to={link.to} className={linkClass}>
      {content}
    </Link>
  ) : (
    <a href={link.href} className={linkClass}>
      {content}
    </a>
  );
}

/**
 * One article: its title is a heading holding the button that opens it (the disclosure pattern),
 * its anchor is the article's id.
 */
export function HelpArticleItem({ article, terms, open, onToggle }: { article: HelpArticle; terms: string[]; open: boolean; onToggle: () => void }) {
  const { t } = useTranslation('dashboard');
  const { isAdmin } = useAuth();
  // Links into the admin area are for admins: everyone else reads that an administrator does it.
  const links = (article.links ?? []).filter((l) => !l.admin || isAdmin);
  const panelId = `${article.id}-panel`;
  return (
    <div id={article.id} className="scroll-mt-20">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-4 px-5 py-3.5 text-start text-sm font-medium text-zinc-900 hover:bg-zinc-50 focus-visible:ring-2 focus-visible:ring-accent-500/40 focus-visible:outline-none focus-visible:ring-inset dark:text-zinc-100 dark:hover:bg-zinc-800/40"
        >
          <span>
            <RichText text={article.title} terms={terms} />
          </span>
          <ChevronDown aria-hidden className={cn('size-4 shrink-0 text-zinc-500 transition-transform dark:text-zinc-400', open && 'rotate-180')} />
        </button>
      </h3>
      <div id={panelId} hidden={!open} className="space-y-3 px-5 pb-5 text-sm leading-6 text-zinc-700 dark:text-zinc-300">
        {article.body.map((block, i) => (
          <Block key={i} block={block} terms={terms} />
        ))}
        {links.length > 0 ? (
          <ul className="flex flex-wrap gap-x-5 gap-y-1.5 pt-1">
            {links.map((link) => (
              <li key={link.to ?? link.href}>
                <ArticleLink link={link} />
              </li>
            ))}
          </ul>
        ) : null}
        <p className="pt-1">
          <a href={`#${article.id}`} className="inline-flex items-center gap-1 text-xs text-zinc-600 hover:text-zinc-900 hover:underline dark:text-zinc-400 dark:hover:text-white">
            <Link2 aria-hidden className="size-3.5 shrink-0" />
            {t('help.permalink')}
            <span className="sr-only">: {article.title.replaceAll('`', '')}</span>
          </a>
        </p>
      </div>
    </div>
  );
}
