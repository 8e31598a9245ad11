import { HelpCenter } from '@/features/help/components/help-center';

/** /dashboard/help: the searchable help center. */
export function HelpRoute() {
  return <HelpCenter />;
}
