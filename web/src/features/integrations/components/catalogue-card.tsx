import { ArrowUpRight } from 'lucide-react';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button-classes';
import type { CatalogueEntry, CatalogueLink, LinkKind } from '@/features/integrations/hooks/use-catalogue';
import { StatusPill } from '@/features/integrations/components/status-pill';
import type { KeyOf } from '@/types/i18n-keys';

/** Each link's words; `<0>` holds the entry's name, read by screen readers only. */
const LINK_LABELS = {
  setUp: 'catalogue.actions.setUp',
  manage: 'catalogue.actions.manage',
  open: 'catalogue.actions.open',
  useForAgent: 'catalogue.actions.useForAgent',
  addServer: 'catalogue.actions.addServer',
  reference: 'catalogue.actions.reference',
  newWebhook: 'catalogue.actions.newWebhook',
  addEndpoint: 'catalogue.actions.addEndpoint',
} as const satisfies Record<LinkKind, KeyOf<'dashboard'>>;

function EntryLink({ link, name, primary }: { link: CatalogueLink; name: string; primary: boolean }) {
  const { t } = useTranslation('dashboard');
  const className = buttonClasses(primary ? 'secondary' : 'ghost', 'sm');
  const label = <Trans t={t} i18nKey={LINK_LABELS[link.kind]} values={{ name }} components={[<span key="name" className="sr-only" />]} />;
  return link.external ? (
    <a href={link.to} className={className}>
      {label}
      <ArrowUpRight aria-hidden className="size-3.5 rtl:-scale-x-100" />
    </a>
  ) : (
    <Link to={link.to} className={className}>
      {label}
    </Link>
  );
}

/** One entry of the catalogue: what it is, whether it is connected, and the way into its setup. */
export function CatalogueCard({ entry }: { entry: CatalogueEntry }) {
  const titleId = useId();
  const Icon = entry.icon;
  return (
    <article
      aria-labelledby={titleId}
      data-testid={`catalogue-${entry.id}`}
      className="flex h-full flex-col rounded-2xl border border-zinc-200 bg-white p-5 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <div className="flex items-start gap-3">
        <span aria-hidden className="grid size-10 shrink-0 place-items-center rounded-xl bg-accent-50 text-accent-700 dark:bg-accent-500/10 dark:text-accent-300">
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-semibold leading-6 text-zinc-900 dark:text-zinc-100">
            <bdi>{entry.name}</bdi>
          </h3>
          {entry.status ? (
            <div className="mt-1">
              <StatusPill tone={entry.status.tone}>{entry.status.label}</StatusPill>
            </div>
          ) : null}
        </div>
      </div>
      <p className="mt-3 flex-1 text-sm text-zinc-600 dark:text-zinc-400">{entry.description}</p>
      {entry.detail ? <p className="mt-2 text-xs text-zinc-500 dark:text-zinc-400">{entry.detail}</p> : null}
      <div className="mt-4 flex flex-wrap items-center gap-2">
        {entry.links.map((link, i) => (
          <EntryLink key={link.to} link={link} name={entry.name} primary={i === 0} />
        ))}
      </div>
    </article>
  );
}
