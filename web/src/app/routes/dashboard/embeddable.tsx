import { EmbeddablePage } from '@/features/embeddable/components/embeddable-page';

/** /dashboard/integrations/embeddable: an agent's widget for other sites (settings, the tag to paste, a live preview). */
export function EmbeddableRoute() {
  return <EmbeddablePage />;
}
