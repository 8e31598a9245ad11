import { Bot, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAgents } from '@/features/agents/api/agents';
import { StatusBadge } from '@/features/agents/components/status-badge';

const PARAMS = { page: 1, limit: 100, status: 'all', type: 'all', search: '', sort: 'lastActive', order: 'desc' } as const;

/** The agents to chat with (/dashboard/chat); visiting refetches the agent list. */
export function AgentPicker() {
  const { t } = useTranslation('agents');
  const agents = useAgents(PARAMS);
  if (agents.isPending) return <Spinner />;
  const rows = agents.data?.data ?? [];
  if (rows.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-zinc-300 p-8 text-center dark:border-zinc-700">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('picker.empty')}</p>
        <ButtonLink to="/dashboard/agents/create" className="mt-4">
          {t('list.create')}
        </ButtonLink>
      </div>
    );
  }
  return (
    <ul aria-label={t('picker.label')} className="divide-y divide-zinc-100 rounded-2xl border border-zinc-200 bg-white shadow-sm dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
      {rows.map((a) => (
        <li key={a.id}>
          <Link to={`/dashboard/agents/${a.id}/chat`} className="flex items-center gap-3 px-4 py-3 hover:bg-zinc-50 dark:hover:bg-zinc-800/40">
            <Bot aria-hidden className="size-5 text-accent-600 dark:text-accent-400" />
            <span className="min-w-0 flex-1 truncate text-sm font-medium">{a.name}</span>
            <StatusBadge status={a.status} />
            <ChevronRight aria-hidden className="size-4 text-zinc-400 rtl:rotate-180" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
