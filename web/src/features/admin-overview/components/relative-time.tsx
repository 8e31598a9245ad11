import { useTranslation } from 'react-i18next';
import { formatAgo, formatDateTime } from '@/lib/format';

/** "5 minutes ago", the full date and time on hover. */
export function RelativeTime({ iso, className }: { iso: string | null | undefined; className?: string }) {
  const { i18n } = useTranslation();
  if (!iso) return <span className={className}>—</span>;
  return (
    <time dateTime={iso} title={formatDateTime(iso, i18n.language)} className={className}>
      {formatAgo(iso, i18n.language) ?? iso}
    </time>
  );
}
