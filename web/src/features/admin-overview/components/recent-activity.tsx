import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuditEntries } from '@/components/audit/audit-entries';
import { Section } from '@/components/ui/section';
import type { AuditEntry } from '@/lib/audit';

/** The latest audit entries (the shared audit table, each entry opening with its diff), and a link to the whole log. */
export function RecentActivity({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation('admin');
  return (
    <Section
      id="overview-activity"
      title={t('overview.activity.title')}
      description={t('overview.activity.description')}
      action={
        <Link to="/admin/audit-logs" className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline dark:text-accent-300">
          {t('overview.activity.all')}
          <ArrowRight aria-hidden className="size-4 rtl:-scale-x-100" />
        </Link>
      }
    >
      <AuditEntries
        variant="plain"
        caption={t('overview.activity.caption')}
        entries={entries}
        loading={false}
        error={null}
        hasMore={false}
        loadingMore={false}
        onLoadMore={() => {}}
        emptyTitle={t('overview.activity.empty')}
        emptyDescription={t('overview.activity.emptyHint')}
      />
    </Section>
  );
}
