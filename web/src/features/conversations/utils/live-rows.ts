import { isWaiting } from '@/features/conversations/api/handoff';
import { timeKey, type ConversationOut } from '@/lib/conversations';

/** Newest activity first, as the server sorts each list (times compared as `timeKey` writes them). */
const latest = (c: ConversationOut) => timeKey(c.lastMessageAt ?? c.startedAt);

/**
 * The live view's conversations: the active ones and those handed to a person, each once (a
 * conversation moving between the two lists may sit in both for a moment), those waiting for a
 * person first, then the rest by their latest activity.
 */
export function liveRows(active: ConversationOut[], handedOff: ConversationOut[]): ConversationOut[] {
  const seen = new Set<string>();
  const all: ConversationOut[] = [];
  // The handed-off list is read after a hand-off; the active one after a hand-back: each row
  // keeps the status of the list it is in, so a row in the wrong list is left out.
  for (const c of [...handedOff.filter((c) => c.status === 'handed_off'), ...active.filter((c) => c.status === 'active')]) {
    if (seen.has(c.id)) continue;
    seen.add(c.id);
    all.push(c);
  }
  return all
    .map((c, i) => [c, i] as const)
    .sort(([a, i], [b, j]) => Number(isWaiting(b)) - Number(isWaiting(a)) || (latest(a) < latest(b) ? 1 : latest(a) > latest(b) ? -1 : i - j))
    .map(([c]) => c);
}
