import { useTranslation } from 'react-i18next';
import { useRealtime } from '@/lib/realtime';
import { toast } from '@/lib/toast';

/**
 * A team's owners and admins can message its members (`team.notification` on the socket): shown
 * as a toast titled with the team's name on every dashboard screen. Keeps the socket open there.
 */
export function TeamNotifications() {
  const { t } = useTranslation('dashboard');
  useRealtime((event) => {
    if (event.type !== 'team.notification') return;
    const { teamName, message, from } = event;
    toast({ title: teamName || t('teams.notification.title'), description: from ? t('teams.notification.body', { from, message }) : message, status: 'info' });
  });
  return null;
}
