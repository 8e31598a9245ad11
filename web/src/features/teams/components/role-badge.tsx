import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

const tones: Record<string, string> = {
  owner: 'bg-accent-50 text-accent-700 ring-accent-600/20 dark:bg-accent-500/10 dark:text-accent-300 dark:ring-accent-400/30',
  admin: 'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30',
  member: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30',
  viewer: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30',
};

/** A member's role in a team. */
export function RoleBadge({ role }: { role: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <span data-testid="role-badge" className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset', tones[role] ?? tones.viewer)}>
      {t(`teams.roles.${role}`, { defaultValue: role })}
    </span>
  );
}
