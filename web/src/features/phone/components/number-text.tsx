import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';

/** The word the server uses for the simulator's side of a call, in place of a number. */
export const SIMULATOR_NUMBER = 'browser';

/** A phone number, left to right in every language; the simulator's side says "Browser". */
export function NumberText({ value, className }: { value: string; className?: string }) {
  const { t } = useTranslation('dashboard');
  if (value === SIMULATOR_NUMBER) return <span className={cn('text-zinc-600 dark:text-zinc-400', className)}>{t('phone.browser')}</span>;
  return (
    <span dir="ltr" className={cn('whitespace-nowrap font-mono text-[0.8125rem]', className)}>
      {value}
    </span>
  );
}
