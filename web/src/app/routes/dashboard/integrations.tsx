import { IntegrationsCatalogue } from '@/features/integrations/components/integrations-catalogue';

/** /dashboard/integrations (and /marketplace, /collaboration, /integrations/elevenlabs): what can be connected, and whether it is. */
export function IntegrationsRoute() {
  return <IntegrationsCatalogue />;
}
