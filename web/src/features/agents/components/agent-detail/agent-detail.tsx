import { ArrowLeft, History, LayoutDashboard, Wrench } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { useAgent } from '@/features/agents/api/agents';
import { AnalyticsCard } from '@/features/agents/components/analytics-card';
import { ActivityPanel } from '@/features/agents/components/agent-detail/activity-panel';
import { Configuration } from '@/features/agents/components/agent-detail/configuration';
import { Deployments } from '@/features/agents/components/agent-detail/deployments';
import { QuickActions } from '@/features/agents/components/agent-detail/quick-actions';
import { TestPanel } from '@/features/agents/components/agent-detail/test-panel';
import { ToolsPanel } from '@/features/agents/components/agent-detail/tools-panel';
import { Versions } from '@/features/agents/components/agent-detail/versions';
import { DocumentsPanel } from '@/features/agents/components/documents-panel';
import { RecentConversations } from '@/features/agents/components/recent-conversations';
import { StatusBadge, Tag } from '@/features/agents/components/status-badge';
import { TeamBadge } from '@/features/agents/components/team-badge';
import { TOASTS } from '@/features/agents/utils/messages';
import { oneOf } from '@/lib/api-enums';
import { toast } from '@/lib/toast';

/** The tabs of the agent's page; the chosen one is kept in the address (`?tab=tools`). */
const TABS = ['overview', 'tools', 'activity'] as const;
type Tab = (typeof TABS)[number];

/**
 * /dashboard/agents/:agentId: the overview (status, deployments, versions, analytics,
 * conversations, actions, the test panel), the agent's tools (its MCP servers) and, for those who
 * manage it, its activity (the audit entries about it), as tabs.
 */
export function AgentDetail({ agentId }: { agentId: string }) {
  const { t } = useTranslation('agents');
  const agent = useAgent(agentId);
  const [search, setSearch] = useSearchParams();
  const asked: Tab = oneOf(TABS, search.get('tab'), 'overview');
  const selectTab = (next: Tab) =>
    setSearch(
      (s) => {
        const params = new URLSearchParams(s);
        if (next === 'overview') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  useEffect(() => {
    if (agent.isError) toast({ id: 'agent-load-failed', title: t('toasts.loadFailed', { defaultValue: TOASTS.loadFailed }), status: 'error' });
  }, [agent.isError, t]);

  if (agent.isPending) {
    return (
      <div role="status" className="flex justify-center py-20">
        <Spinner className="size-8" />
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  }
  if (agent.isError) {
    return (
      <div className="w-full max-w-3xl space-y-4">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.detail.title')}</h1>
        <Notice tone="error">{t('toasts.loadFailed', { defaultValue: TOASTS.loadFailed })}</Notice>
        <ButtonLink to="/dashboard/agents" variant="secondary">
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t('actions.backToList')}
        </ButtonLink>
      </div>
    );
  }
  const a = agent.data;
  // The Activity tab is for those who manage the agent: its owner and its team's admins.
  const manages = a.access === 'manage';
  const tab: Tab = asked === 'activity' && !manages ? 'overview' : asked;
  return (
    <div className="w-full max-w-6xl space-y-6">
      <div>
        <Link to="/dashboard/agents" className="inline-flex items-center gap-1 text-sm text-zinc-600 hover:text-zinc-900 dark:text-zinc-400 dark:hover:text-white">
          <ArrowLeft aria-hidden className="size-4 rtl:rotate-180" />
          {t('actions.backToList')}
        </Link>
        <header className="mt-3 flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 dir="auto" className="text-2xl font-semibold tracking-tight">{a.name}</h1>
            <StatusBadge status={a.status} />
            <Tag>{t(`types.${a.type}`, { defaultValue: a.type })}</Tag>
            <Tag>{t('versions.label', { version: a.currentVersion })}</Tag>
            <TeamBadge teamId={a.teamId} teamName={a.teamName} />
            {a.access === 'view' ? <Tag>{t('access.view')}</Tag> : null}
          </div>
          {a.description ? <p dir="auto" className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{a.description}</p> : null}
        </header>
      </div>
      <Tabs
        label={t('tabs.label')}
        selected={tab}
        onSelect={selectTab}
        tabs={[
          { id: 'overview', title: t('tabs.overview'), icon: <LayoutDashboard aria-hidden className="size-4" /> },
          { id: 'tools', title: t('tabs.tools'), icon: <Wrench aria-hidden className="size-4" /> },
          ...(manages ? [{ id: 'activity' as const, title: t('tabs.activity'), icon: <History aria-hidden className="size-4" /> }] : []),
        ]}
      >
        {(id) =>
          id === 'tools' ? (
            <ToolsPanel agent={a} />
          ) : id === 'activity' ? (
            <ActivityPanel agent={a} />
          ) : (
            <div className="grid gap-6 lg:grid-cols-3">
              <div className="space-y-6 lg:col-span-2">
                <AnalyticsCard agentId={a.id} />
                <div className="grid gap-6 xl:grid-cols-2">
                  <Deployments agent={a} />
                  <Versions agent={a} />
                </div>
                <Configuration agent={a} />
                <TestPanel agent={a} />
                <DocumentsPanel agentId={a.id} readOnly={a.access === 'view'} />
              </div>
              <div className="space-y-6">
                <QuickActions agent={a} />
                <RecentConversations agentId={a.id} />
              </div>
            </div>
          )
        }
      </Tabs>
    </div>
  );
}
