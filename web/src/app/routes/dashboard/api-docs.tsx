import { ApiDocs } from '@/features/api-keys/components/api-docs';

/** /dashboard/integrations/api-docs: my API keys and how to call the agents with them. */
export function ApiDocsRoute() {
  return <ApiDocs />;
}
