import { Settings2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';
import { useAuth } from '@/lib/auth';

/** The parts of Admin › Configuration a screen points to (the page's anchors). */
export type ConfigurationSection = 'features' | 'model' | 'general' | 'twilio';

/**
 * A link to a section of Admin › Configuration, shown only to admins (to anyone else the screen
 * just says what the administrator decided).
 */
export function AdminConfigurationLink({ section, children, className }: { section: ConfigurationSection; children: ReactNode; className?: string }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return null;
  return (
    <Link
      to={`/admin/configuration#${section}`}
      className={cn('inline-flex items-center gap-1 font-medium text-accent-700 hover:underline dark:text-accent-300', className)}
    >
      <Settings2 aria-hidden className="size-3.5 shrink-0" />
      {children}
    </Link>
  );
}
