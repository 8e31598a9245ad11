import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isWaiting, useCanAnswer, useHandBack, useTakeOver } from '@/features/conversations/api/handoff';
import { useAuth } from '@/lib/auth';
import type { ConversationOut } from '@/lib/conversations';
import { toast } from '@/lib/toast';

/**
 * Who answers in a conversation and what the caller may do about it: take it over (anyone who may
 * edit its agent, unless they already hold it), answer in it (once they hold it), hand it back.
 * Nothing while the conversation loads.
 */
export function useHandoff(conversation: ConversationOut | undefined) {
  const { t } = useTranslation('dashboard');
  const { user } = useAuth();
  const canAnswer = useCanAnswer(conversation?.agentId);
  const take = useTakeOver();
  const giveBack = useHandBack();
  // "Take over" was pressed here: the reply box that follows takes the focus.
  const [asked, setAsked] = useState(false);
  const id = conversation?.id ?? '';
  const open = !!conversation && conversation.status !== 'ended';
  const handedOff = conversation?.status === 'handed_off';
  const mine = handedOff && !!user && conversation?.assigneeId === user.id;

  return {
    canAnswer,
    handedOff,
    /** Handed off by the agent's flow, and nobody has taken it yet. */
    waiting: !!conversation && isWaiting(conversation),
    /** The caller holds it: the reply box is theirs. */
    mine,
    canTakeOver: canAnswer && open && !mine,
    canHandBack: canAnswer && handedOff,
    pending: take.isPending || giveBack.isPending,
    /** Taken over from this screen: the reply box takes the focus as it appears. */
    tookOver: asked,
    takeOver: () => {
      setAsked(true);
      take.mutate(id, {
        onError: (e) => toast({ id: 'handoff', title: t('conversations.handoff.errors.takeOver'), description: e.message, status: 'error' }),
      });
    },
    handBack: () =>
      giveBack.mutate(id, {
        onSuccess: () => toast({ id: 'handoff', title: t('conversations.handoff.handedBack'), status: 'success' }),
        onError: (e) => toast({ id: 'handoff', title: t('conversations.handoff.errors.handBack'), description: e.message, status: 'error' }),
      }),
  };
}

export type Handoff = ReturnType<typeof useHandoff>;
