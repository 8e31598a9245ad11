import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import type { Role, UserStatus } from '@/lib/api-enums';

const badge = 'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset';

const roleTones: Record<Role, string> = {
  admin: 'bg-sky-50 text-sky-700 ring-sky-600/20 dark:bg-sky-500/10 dark:text-sky-300 dark:ring-sky-400/30',
  user: 'bg-zinc-100 text-zinc-700 ring-zinc-500/20 dark:bg-zinc-500/10 dark:text-zinc-300 dark:ring-zinc-400/30',
};

const statusTones: Record<UserStatus, string> = {
  active: 'bg-emerald-50 text-emerald-700 ring-emerald-600/20 dark:bg-emerald-500/10 dark:text-emerald-300 dark:ring-emerald-400/30',
  disabled: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/30',
};

/** An account's role. */
export function UserRoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation('admin');
  return <span className={cn(badge, roleTones[role])}>{t(`users.roles.${role}`)}</span>;
}

/** Whether an account may sign in (disabled in red). */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('admin');
  return <span className={cn(badge, statusTones[status])}>{t(`users.statuses.${status}`)}</span>;
}

/** The "You" tag on the signed-in admin's own row. */
export function YouTag() {
  const { t } = useTranslation('admin');
  return <span className={cn(badge, 'bg-accent-50 text-accent-700 ring-accent-600/20 dark:bg-accent-500/10 dark:text-accent-300 dark:ring-accent-400/30')}>{t('users.you')}</span>;
}
