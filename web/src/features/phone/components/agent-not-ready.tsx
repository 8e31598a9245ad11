import { ExternalLink } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '@/components/ui/notice';
import type { NotReadyCode } from '@/features/phone/utils/messages';

/** Says why the agent cannot take the call, with a link to its page (where it is activated and deployed). */
export function AgentNotReady({ code, agentId, agentName }: { code: NotReadyCode; agentId: string; agentName?: string }) {
  const { t } = useTranslation('dashboard');
  return (
    <Notice
      tone="error"
      action={
        <Link to={`/dashboard/agents/${encodeURIComponent(agentId)}`} className="inline-flex items-center gap-1 font-medium underline-offset-2 hover:underline">
          <ExternalLink aria-hidden className="size-3.5 shrink-0" />
          {agentName ? t('phone.notReady.open', { name: agentName }) : t('phone.notReady.openAgent')}
        </Link>
      }
    >
      <p className="font-medium">{code === 'not_deployed' ? t('phone.notReady.notDeployedTitle') : t('phone.notReady.inactiveTitle')}</p>
      <p className="mt-0.5">{code === 'not_deployed' ? t('phone.notReady.notDeployed') : t('phone.notReady.inactive')}</p>
    </Notice>
  );
}
