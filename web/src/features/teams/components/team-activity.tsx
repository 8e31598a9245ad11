import { useTranslation } from 'react-i18next';
import { AuditEntries } from '@/components/audit/audit-entries';
import { Section } from '@/components/ui/section';
import { useTeamActivity } from '@/lib/audit';

/** The team's activity, for its owners and admins: changes to it, its members, invitations and agents. */
export function TeamActivity({ teamId }: { teamId: string }) {
  const { t } = useTranslation('dashboard');
  const activity = useTeamActivity(teamId);
  return (
    <Section id="team-activity" title={t('teams.activity.title')} description={t('teams.activity.description')}>
      <AuditEntries
        variant="plain"
        caption={t('teams.activity.caption')}
        entries={activity.data?.pages.flatMap((p) => p.entries)}
        loading={activity.isPending}
        error={activity.isError ? activity.error.message : null}
        hasMore={activity.hasNextPage}
        loadingMore={activity.isFetchingNextPage}
        onLoadMore={() => void activity.fetchNextPage()}
        emptyTitle={t('teams.activity.empty')}
        emptyDescription={t('teams.activity.emptyHint')}
      />
    </Section>
  );
}
