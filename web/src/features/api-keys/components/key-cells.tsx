import { Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { ApiKey } from '@/features/api-keys/api/api-keys';
import { formatDay } from '@/features/api-keys/utils/format';

// The cells the two key lists share (mine, and every key for admins).

/** The key's name, and a badge once it has expired. */
export function KeyName({ apiKey }: { apiKey: ApiKey }) {
  const { t } = useTranslation('dashboard');
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span dir="auto" className="font-medium">
        {apiKey.name}
      </span>
      {apiKey.expired ? (
        <span className="inline-flex items-center rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-500/10 dark:text-amber-300 dark:ring-amber-400/30">
          {t('apiKeys.expired')}
        </span>
      ) : null}
    </span>
  );
}

/** The key's first characters, to tell it apart (never the key). */
export function Prefix({ prefix }: { prefix: string }) {
  return (
    <code dir="ltr" className="whitespace-nowrap rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-xs dark:bg-zinc-800">
      {prefix}…
    </code>
  );
}

/** The agents a key reaches: every agent of its owner, or their names (a count where a name is unknown here). */
export function AgentsCell({ agentIds, names }: { agentIds: string[]; names?: ReadonlyMap<string, string> }) {
  const { t, i18n } = useTranslation('dashboard');
  if (agentIds.length === 0) return <span className="text-zinc-600 dark:text-zinc-400">{t('apiKeys.allAgents')}</span>;
  const known = names ? agentIds.map((id) => names.get(id)).filter((n): n is string => !!n) : [];
  if (known.length !== agentIds.length) return <span>{t('apiKeys.agentCount', { count: agentIds.length })}</span>;
  const shown = known.slice(0, 3);
  return (
    <span dir="auto" className="block max-w-56 truncate" title={known.join(', ')}>
      {new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(shown)}
      {known.length > shown.length ? ` ${t('apiKeys.more', { count: known.length - shown.length })}` : ''}
    </span>
  );
}

/** When the key stops working: a day, or never. */
export function ExpiresCell({ apiKey }: { apiKey: ApiKey }) {
  const { t, i18n } = useTranslation('dashboard');
  const day = formatDay(i18n.language, apiKey.expiresAt);
  return <span className={apiKey.expired ? 'whitespace-nowrap text-amber-700 dark:text-amber-400' : 'whitespace-nowrap text-zinc-600 dark:text-zinc-400'}>{day ?? t('apiKeys.never')}</span>;
}

/** The row's revoke button (its confirmation is the list's); `label` names the key for screen readers. */
export function RevokeButton({ label, onRevoke }: { label: string; onRevoke: () => void }) {
  const { t } = useTranslation('dashboard');
  return (
    <Button size="sm" variant="ghost" className="text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40" onClick={onRevoke} aria-label={label}>
      <Trash2 aria-hidden className="size-4" />
      <span className="hidden sm:inline">{t('apiKeys.revoke.button')}</span>
    </Button>
  );
}
