import { Hand, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import type { Handoff } from '@/features/conversations/hooks/use-handoff';

/** "Take over" and "Hand back to the agent", for those who may answer in the conversation. */
export function HandoffActions({ handoff }: { handoff: Handoff }) {
  const { t } = useTranslation('dashboard');
  if (!handoff.canTakeOver && !handoff.canHandBack) return null;
  return (
    <>
      {handoff.canTakeOver ? (
        <Button size="sm" variant={handoff.waiting ? 'primary' : 'secondary'} onClick={handoff.takeOver} disabled={handoff.pending}>
          {handoff.pending ? <Spinner className="size-4" /> : <Hand aria-hidden className="size-4" />}
          {t('conversations.handoff.takeOver')}
        </Button>
      ) : null}
      {handoff.canHandBack ? (
        <Button size="sm" variant="secondary" onClick={handoff.handBack} disabled={handoff.pending}>
          <Undo2 aria-hidden className="size-4 rtl:-scale-x-100" />
          {t('conversations.handoff.handBack')}
        </Button>
      ) : null}
    </>
  );
}
