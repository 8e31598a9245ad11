import { LogOut, Shield, User as UserIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { toast } from '@/lib/toast';

export function UserMenu() {
  const { user, isAdmin, logout } = useAuth();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!user) return null;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  const initials = (user.firstName?.[0] ?? user.email[0] ?? '?').toUpperCase() + (user.lastName?.[0] ?? '').toUpperCase();

  const signOut = async () => {
    setOpen(false);
    const result = await logout();
    if (result.message) toast({ title: t('auth.loggedOutLocally'), status: 'info' });
    navigate(paths.login);
  };

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('userMenu.open')}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-lg p-1 pe-2 hover:bg-zinc-100 dark:hover:bg-zinc-800"
      >
        <span className="flex size-7 items-center justify-center rounded-full bg-accent-100 text-xs font-semibold text-accent-700 dark:bg-accent-500/20 dark:text-accent-400">
          {initials}
        </span>
        <span className="hidden max-w-36 truncate text-sm font-medium sm:inline">{name}</span>
      </button>
      {open ? (
        <div role="menu" className="absolute end-0 z-40 mt-2 w-60 overflow-hidden rounded-xl border border-zinc-200 bg-white p-1 shadow-lg dark:border-zinc-800 dark:bg-zinc-900">
          <div className="px-3 py-2">
            <p className="truncate text-sm font-medium">{name}</p>
            <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>
          </div>
          <div className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <Link role="menuitem" to="/dashboard/settings" onClick={() => setOpen(false)} className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800">
            <UserIcon aria-hidden className="size-4" /> {t('userMenu.settings')}
          </Link>
          {isAdmin ? (
            <Link role="menuitem" to={paths.admin} onClick={() => setOpen(false)} className="flex items-center gap-2 rounded-lg px-3 py-2 text-sm hover:bg-zinc-100 dark:hover:bg-zinc-800">
              <Shield aria-hidden className="size-4" /> {t('userMenu.admin')}
            </Link>
          ) : null}
          <button role="menuitem" type="button" onClick={() => void signOut()} className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start text-sm text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/50">
            <LogOut aria-hidden className="size-4 rtl:-scale-x-100" /> {t('userMenu.signOut')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
