import { useTranslation } from 'react-i18next';
import { AuditEntries } from '@/components/audit/audit-entries';
import { Section } from '@/components/ui/section';
import type { Agent } from '@/features/agents/api/agents';
import { useAgentActivity } from '@/lib/audit';

/** The agent's Activity tab: its audit entries (for those who manage it), newest first. */
export function ActivityPanel({ agent }: { agent: Agent }) {
  const { t } = useTranslation('agents');
  const activity = useAgentActivity(agent.id);
  return (
    <Section id="agent-activity" title={t('activity.title')} description={t('activity.description')}>
      <AuditEntries
        variant="plain"
        showResource={false}
        caption={t('activity.caption')}
        entries={activity.data?.pages.flatMap((p) => p.entries)}
        loading={activity.isPending}
        error={activity.isError ? activity.error.message : null}
        hasMore={activity.hasNextPage}
        loadingMore={activity.isFetchingNextPage}
        onLoadMore={() => void activity.fetchNextPage()}
        emptyTitle={t('activity.empty')}
        emptyDescription={t('activity.emptyHint')}
      />
    </Section>
  );
}
