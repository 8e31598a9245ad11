import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/ui/notice';
import type { Handoff } from '@/features/conversations/hooks/use-handoff';

/** Who answers in a conversation handed to a person: nobody yet, the reader, or another team member. */
export function HandoffStatus({ handoff, className }: { handoff: Handoff; className?: string }) {
  const { t } = useTranslation('dashboard');
  if (!handoff.handedOff) return null;
  if (handoff.waiting) {
    return (
      <Notice tone="warning" className={className}>
        {handoff.canAnswer ? t('conversations.handoff.waitingNotice') : t('conversations.handoff.waitingReadOnly')}
      </Notice>
    );
  }
  return (
    <Notice tone="info" className={className}>
      {handoff.mine ? t('conversations.handoff.youAnswer') : t('conversations.handoff.otherAnswers')}
    </Notice>
  );
}
