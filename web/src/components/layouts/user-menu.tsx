import { LogOut, Shield, User as UserIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DropdownMenu, type MenuAction } from '@/components/ui/menu';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';

/**
 * The account menu: the button shows who is signed in (its name is that name, then "account
 * menu", so it contains what it shows); the menu leads to the settings, the admin area and out.
 */
export function UserMenu() {
  const { user, isAdmin, logout } = useAuth();
  const { t } = useTranslation();
  const navigate = useNavigate();

  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const initials = (user.firstName?.[0] ?? user.email[0] ?? '?').toUpperCase() + (user.lastName?.[0] ?? '').toUpperCase();

  const signOut = async () => {
    const result = await logout();
    if (result.message) toast({ title: t('auth.loggedOutLocally'), status: 'info' });
    navigate(paths.login);
  };

  const items: MenuAction[] = [
    { id: 'settings', label: t('userMenu.settings'), icon: <UserIcon aria-hidden className="size-4" />, onAction: () => navigate('/dashboard/settings') },
    ...(isAdmin ? [{ id: 'admin', label: t('userMenu.admin'), icon: <Shield aria-hidden className="size-4" />, onAction: () => navigate(paths.admin) }] : []),
    { id: 'sign-out', label: t('userMenu.signOut'), tone: 'danger', icon: <LogOut aria-hidden className="size-4 rtl:-scale-x-100" />, onAction: () => void signOut() },
  ];

  return (
    <DropdownMenu
      label={t('userMenu.label')}
      triggerClassName="flex items-center gap-2 rounded-lg p-1 pe-2 hover:bg-zinc-100 dark:hover:bg-zinc-800"
      trigger={
        <>
          <span aria-hidden className="flex size-7 items-center justify-center rounded-full bg-accent-100 text-xs font-semibold text-accent-700 dark:bg-accent-500/20 dark:text-accent-400">
            {initials}
          </span>
          {/* On a narrow screen only the initials show; the name is still read out. */}
          <span className="max-sm:sr-only max-w-36 truncate text-sm font-medium">{name}</span>
          <span className="sr-only">{t('userMenu.open')}</span>
        </>
      }
      header={
        <div className="px-3 py-2">
          <p className="truncate text-sm font-medium">{name}</p>
          <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>
        </div>
      }
      items={items}
    />
  );
}
