import { useTranslation } from 'react-i18next';
import { StatusPill } from '@/features/integrations/components/status-pill';

/** Whether a service is connected (saved, with every required field), as a badge. */
export function IntegrationStatus({ connected }: { connected: boolean }) {
  const { t } = useTranslation('dashboard');
  return <StatusPill tone={connected ? 'on' : 'off'}>{connected ? t('settings.integrations.status.connected') : t('settings.integrations.status.notConnected')}</StatusPill>;
}
