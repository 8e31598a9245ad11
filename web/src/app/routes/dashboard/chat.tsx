import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder';
import { AgentPicker } from '@/features/agents/components/agent-picker';

/** /dashboard/chat: pick an agent to chat with (the chat itself arrives with the chat runtime). */
export function ChatRoute() {
  const { t } = useTranslation('dashboard');
  return (
    <PagePlaceholder title={t('pages.chat.title')} description={t('pages.chat.description')}>
      <div className="mt-8 max-w-2xl">
        <AgentPicker />
      </div>
    </PagePlaceholder>
  );
}
