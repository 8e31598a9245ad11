import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/ui/dialog';
import type { Agent } from '@/features/agents/api/agents';
import { PublicLink } from '@/features/agents/components/agent-detail/public-link';
import { TeamShare } from '@/features/agents/components/agent-detail/team-share';

/** Sharing an agent: with a team, and by a public link (opening the dialog publishes nothing). */
export function ShareDialog({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const { t } = useTranslation('agents');
  return (
    <Dialog title={t('share.dialogTitle', { name: agent.name })} closeLabel={t('actions.close')} onClose={onClose} className="max-w-lg">
      <div className="space-y-6">
        <TeamShare agent={agent} />
        <PublicLink agent={agent} />
      </div>
    </Dialog>
  );
}

