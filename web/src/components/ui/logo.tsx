import { Link } from 'react-router';
import { cn } from '@/components/ui/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('size-7', className)}>
      <rect width="32" height="32" rx="8" className="fill-accent-600 dark:fill-accent-500" />
      <path d="M9 22 16 8l7 14h-4.2L16 16l-2.8 6Z" fill="#fff" />
    </svg>
  );
}

/** The product name is a proper noun and stays untranslated. */
export function Logo({ to = '/', className }: { to?: string; className?: string }) {
  return (
    <Link to={to} className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <LogoMark />
      <span>AgentForge</span>
    </Link>
  );
}
