import { useTranslation } from 'react-i18next';
import { useConfirmAction } from '@/components/ui/use-confirm-action';
import { useDisconnectIntegration, type Integration } from '@/features/integrations/api/integrations';
import { errorMessage, useIntegrationMessage } from '@/features/integrations/utils/fields';

/**
 * "Disconnect {service}?": the shared confirmation, saying who the agents fall back on (mine or a
 * team's), then the disconnection and its toast. Settings › Integrations and the Gemini page both
 * ask it; `ask(integration)` opens it, `dialog` is rendered anywhere in the screen.
 */
export function useDisconnectConfirm(teamId: string | null, onDone?: (integration: Integration) => void) {
  const { t } = useTranslation('dashboard');
  const msg = useIntegrationMessage();
  const disconnect = useDisconnectIntegration(teamId);
  return useConfirmAction<Integration>({
    act: (i) => disconnect.mutateAsync(i.name),
    title: (i) => t('settings.integrations.disconnect.title', { service: i.title }),
    body: (i) => (teamId ? t('settings.integrations.disconnect.bodyTeam', { service: i.title }) : t('settings.integrations.disconnect.bodyMine', { service: i.title })),
    confirmLabel: t('settings.integrations.disconnect.confirm'),
    success: (_r, i) => t('settings.integrations.disconnect.done', { service: i.title }),
    error: (e) => msg(errorMessage(e)),
    onSuccess: (_r, i) => onDone?.(i),
  });
}
