import { useQueryClient } from '@tanstack/react-query';
import { useRealtime } from '@/lib/realtime';
import { systemKeys } from '@/lib/system';

/** The admin screen's query of the configuration (`features/configuration`), refreshed here too. */
const ADMIN_CONFIGURATION_KEY = ['admin', 'configuration'] as const;

/**
 * An admin saved the configuration (`configuration.changed` on the socket): the feature flags and
 * providers are read again, so every screen shows or hides what they govern without a reload. A
 * reconnection may have missed the event, so it reads them again too. Keeps the socket open on
 * the dashboard and admin screens.
 */
export function ConfigurationSync() {
  const qc = useQueryClient();
  useRealtime((event, { resumed }) => {
    if (event.type === 'configuration.changed' || (event.type === 'ready' && resumed)) {
      void qc.invalidateQueries({ queryKey: systemKeys.all });
      void qc.invalidateQueries({ queryKey: ADMIN_CONFIGURATION_KEY });
      void qc.invalidateQueries({ queryKey: ['admin', 'overview'] });
    }
  });
  return null;
}
