import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { isShown, toChatMessage, toMessageOut, type ChatMessage } from '@/lib/chat-messages';
import { streamChat } from '@/lib/chat-stream';
import type { ConversationStatus } from '@/lib/api-enums';
import {
  conversationKeys,
  conversationListQueryOptions,
  conversationQueryOptions,
  sidebarParams,
  storeMessages,
  useConversationMessages,
  type MessageOut,
} from '@/lib/conversations';
import { useConversationsRealtime } from '@/lib/conversations-realtime';
import { toast } from '@/lib/toast';

// The chat turn, shared by the chat screens (`chat`) and an agent's test panel (`agents`).

/** The turn on screen that is not in the conversation's cached messages yet. */
type LiveTurn = {
  user: ChatMessage;
  assistant: ChatMessage | null;
  /** `failed`: the send was refused before an answer began; the text stays, marked unsent. */
  phase: 'sending' | 'streaming' | 'failed';
  /**
   * The stored messages shown when the turn began. Until it ends, the live copies stand for
   * whatever the turn adds to the cache meanwhile (the question and the answer brought by the
   * socket, the answer's `streaming` row brought by a refetch), so nothing shows twice.
   */
  before: ReadonlySet<string>;
};

const CHAT_TOAST_ID = 'chat-error';

/** While a person of the team holds the conversation and no socket brings their answers, they are read this often. */
export const HANDOFF_POLL_MS = 5000;

/**
 * Who answers in the conversation on screen, and what its flow offers, for the chat log: the
 * notice that a person took over, the flow's buttons (`choose` sends a button's label), and the
 * end of a conversation a flow ended (`startOver` begins a new one).
 */
export type ChatFlowView = {
  handedOff: boolean;
  ended: boolean;
  choose: (label: string) => void;
  startOver: () => void;
};

/**
 * What a turn (or a read of the conversation) said of its status, and how new the sidebar's list
 * was then: the list read after it is newer and wins (the socket keeps it current); a
 * conversation no list holds (a test one) goes by this alone.
 */
type Held = { conversationId: string; status: ConversationStatus; listAt: number };

const toChatMessages = (messages: MessageOut[]) => messages.map(toChatMessage);

/**
 * One chat with an agent: the conversation on screen, its messages, and the turn in progress.
 * A finished turn is written into the conversation's cached messages (the transcript cache every
 * screen shares), so switching back and forth shows it without asking the server again; the
 * realtime socket keeps the sidebar and the open conversation current with what happens elsewhere.
 */
export type ChatOptions = {
  agentId: string;
  /** The token of the agent's public link (`/user/chat/:agentId?share=`). */
  shareToken?: string | null;
  /**
   * `test`: turns go to POST /agents/{id}/test (the agent's current draft, a test conversation
   * that no list, live view or analytics shows, and that the socket does not announce).
   */
  mode?: 'chat' | 'test';
};

export function useChat({ agentId, shareToken, mode = 'chat' }: ChatOptions) {
  const { t } = useTranslation('agents');
  const qc = useQueryClient();
  const [conversationId, setConversationId] = useState<string | null>(null);
  // The conversation this screen started (its greeting stays on top of it).
  const [startedHere, setStartedHere] = useState<string | null>(null);
  const [live, setLive] = useState<LiveTurn | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const history = useConversationMessages(conversationId, { select: toChatMessages });
  const realtime = useConversationsRealtime(undefined, { enabled: mode === 'chat' });
  const [held, setHeld] = useState<Held | null>(null);
  // The sidebar's list (the same query, kept current by the socket) says whether a person holds
  // the conversation, or gave it back. A test conversation is in no list.
  const listed = useQuery({
    ...conversationListQueryOptions(sidebarParams(agentId)),
    enabled: mode === 'chat',
    select: (page) => (conversationId ? (page.data.find((c) => c.id === conversationId) ?? null) : null),
  });
  const markHeld = useCallback(
    (id: string, status: ConversationStatus) =>
      setHeld({ conversationId: id, status, listAt: qc.getQueryState(conversationKeys.list(sidebarParams(agentId)))?.dataUpdatedAt ?? 0 }),
    [qc, agentId],
  );

  // Leaving the screen stops the answer (the server keeps it as partial).
  useEffect(() => () => abortRef.current?.abort(), []);

  const liveMessages = live ? [live.user, ...(live.assistant ? [live.assistant] : [])] : [];
  const storedMessages = conversationId ? (history.data ?? []) : [];
  // The socket or a refetch may bring the turn's own messages into the cache before the turn
  // ends (the answer's row is stored `streaming` from the start): the live copies are the ones
  // shown until then.
  const stored = storedMessages.filter((m) => isShown(m) && !liveMessages.some((l) => l.id === m.id) && (!live || live.before.has(m.id)));
  const messages = [...stored, ...liveMessages];
  const busy = live?.phase === 'sending' || live?.phase === 'streaming';

  const row = listed.data ?? null;
  const mine = held && held.conversationId === conversationId ? held : null;
  const status: ConversationStatus | null = mine && (!row || listed.dataUpdatedAt <= mine.listAt) ? mine.status : (row?.status ?? null);
  const handedOff = status === 'handed_off';
  const last = messages.at(-1);
  // A flow that ended the conversation says so with its last answer.
  const ended = status === 'ended' || (!live && last?.role === 'assistant' && last.flow?.ending === 'end');

  // While a person holds the conversation their answers come through the socket; without one
  // (a test conversation, or the socket is down) the conversation is read again every 5 s.
  const poll = handedOff && conversationId !== null && !busy && (mode === 'test' || realtime !== 'open');
  useEffect(() => {
    if (!poll || !conversationId) return;
    const id = conversationId;
    const timer = setInterval(() => {
      void qc.refetchQueries({ queryKey: conversationKeys.messages(id), exact: true });
      qc.fetchQuery({ ...conversationQueryOptions(id), staleTime: 0 }).then(
        (c) => markHeld(id, c.status),
        () => {},
      );
    }, HANDOFF_POLL_MS);
    return () => clearInterval(timer);
  }, [poll, conversationId, qc, markHeld]);

  const send = useCallback(
    async (text: string) => {
      const message = text.trim();
      if (!message || abortRef.current) return;
      const controller = new AbortController();
      abortRef.current = controller;

      let convId = conversationId;
      // Filled in as the events arrive (an object, so the callbacks and the catch share it).
      const turn: { user: ChatMessage; draft: ChatMessage | null; settled: boolean; stored?: MessageOut; answer?: MessageOut } = {
        user: { id: `local-${Date.now()}`, role: 'user', content: message, status: 'complete', citations: [], toolCalls: [] },
        draft: null,
        settled: false,
      };
      const before: ReadonlySet<string> = new Set((convId ? (qc.getQueryData<MessageOut[]>(conversationKeys.messages(convId)) ?? []) : []).map((m) => m.id));
      setLive({ user: turn.user, assistant: null, phase: 'sending', before });

      const commit = (assistant: ChatMessage | null) => {
        turn.settled = true;
        if (convId) {
          const id = convId;
          // The server's copies when it sent them; the turn's own otherwise (a stopped answer).
          const user = turn.stored ?? toMessageOut(turn.user, id);
          const answer = assistant ? (turn.answer && turn.answer.id === assistant.id ? turn.answer : toMessageOut(assistant, id)) : null;
          storeMessages(qc, id, answer ? [user, answer] : [user], { create: true });
        }
        setLive(null);
      };

      try {
        await streamChat(
          agentId,
          { message, conversationId: convId, useKnowledgeBase: true, includeContext: true, shareToken: mode === 'test' ? null : shareToken || null },
          {
            signal: controller.signal,
            endpoint: mode,
            onEvent: (event) => {
              switch (event.type) {
                case 'start': {
                  if (!convId) {
                    convId = event.data.conversationId;
                    // A new conversation starts empty here; its turn is added when it ends.
                    qc.setQueryData<MessageOut[]>(conversationKeys.messages(convId), []);
                    setConversationId(convId);
                    setStartedHere(convId);
                  }
                  turn.user = toChatMessage(event.data.userMessage);
                  turn.stored = event.data.userMessage;
                  turn.draft = {
                    id: event.data.messageId,
                    role: 'assistant',
                    content: '',
                    status: 'streaming',
                    citations: [],
                    toolCalls: [],
                    provider: event.data.provider,
                    model: event.data.model,
                  };
                  break;
                }
                case 'citations':
                  if (turn.draft) turn.draft = { ...turn.draft, citations: event.data.citations };
                  break;
                case 'delta':
                  if (turn.draft) turn.draft = { ...turn.draft, content: turn.draft.content + event.data.text };
                  break;
                case 'tool_call':
                  // Shown at once, running, so the reader sees the tools work as they do.
                  if (turn.draft) turn.draft = { ...turn.draft, toolCalls: [...turn.draft.toolCalls, { ...event.data, result: '', isError: false, pending: true }] };
                  break;
                case 'tool_result':
                  if (turn.draft) {
                    const done = event.data;
                    const known = turn.draft.toolCalls.some((c) => c.id === done.id);
                    turn.draft = { ...turn.draft, toolCalls: known ? turn.draft.toolCalls.map((c) => (c.id === done.id ? done : c)) : [...turn.draft.toolCalls, done] };
                  }
                  break;
                case 'end': {
                  turn.answer = event.data.message;
                  const ending = event.data.message.flow?.ending;
                  if (convId) markHeld(convId, ending === 'handoff' ? 'handed_off' : ending === 'end' ? 'ended' : 'active');
                  commit(toChatMessage(event.data.message));
                  return;
                }
                case 'handed_off':
                  // A person of the team holds the conversation: the message reached them, and
                  // the agent does not answer (their answer comes later, through the socket).
                  if (!convId) {
                    convId = event.data.conversationId;
                    qc.setQueryData<MessageOut[]>(conversationKeys.messages(convId), []);
                    setConversationId(convId);
                    setStartedHere(convId);
                  }
                  turn.user = toChatMessage(event.data.userMessage);
                  turn.stored = event.data.userMessage;
                  markHeld(convId, 'handed_off');
                  commit(null);
                  return;
                case 'error':
                  if (turn.draft) {
                    commit({ ...turn.draft, status: 'failed', error: event.data.message || event.data.error });
                  } else {
                    // Refused before the answer began: the text stays on screen to retry.
                    turn.settled = true;
                    setLive({ user: { ...turn.user, unsent: true }, assistant: null, phase: 'failed', before });
                  }
                  toast({ id: CHAT_TOAST_ID, title: t('chat.errors.chat'), description: event.data.message || undefined, status: 'error' });
                  return;
              }
              setLive({ user: turn.user, assistant: turn.draft, phase: 'streaming', before });
            },
          },
        );
      } catch (error) {
        if (!turn.settled) {
          if (turn.draft) {
            // Stopped or cut off mid-answer: the server keeps what was said as partial.
            commit({ ...turn.draft, status: 'partial' });
          } else if (controller.signal.aborted) {
            setLive(null);
          } else {
            setLive({ user: { ...turn.user, unsent: true }, assistant: null, phase: 'failed', before });
          }
          if (!controller.signal.aborted) {
            // Refused by the server (its message says why) or not sent at all (network, cut off).
            const refused = error instanceof ApiError && error.code !== 'network_error';
            if (!(error instanceof ApiError && error.status === 401)) {
              toast(
                refused
                  ? { id: CHAT_TOAST_ID, title: t('chat.errors.chat'), description: error.message, status: 'error' }
                  : { id: CHAT_TOAST_ID, title: t('chat.errors.send'), status: 'error' },
              );
            }
          }
        }
      } finally {
        abortRef.current = null;
        // A test conversation is in no list.
        if (mode === 'chat') void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
      }
    },
    [agentId, conversationId, mode, qc, shareToken, t, markHeld],
  );

  const stop = useCallback(() => abortRef.current?.abort(), []);

  const lastUser = [...messages].reverse().find((m) => m.role === 'user');

  const selectConversation = useCallback((id: string | null) => {
    if (abortRef.current) return;
    setLive(null);
    setConversationId(id);
  }, []);

  /** Leaves the conversation for a new one (its first turn starts it). */
  const startOver = useCallback(() => {
    if (abortRef.current) return;
    setLive(null);
    setConversationId(null);
    setStartedHere(null);
    setHeld(null);
  }, []);

  const flow: ChatFlowView = { handedOff, ended, choose: (label: string) => void send(label), startOver };

  return {
    conversationId,
    /** No conversation yet, or the one that began on this screen: the greeting opens it. */
    isNew: conversationId === null || conversationId === startedHere,
    messages,
    loadingHistory: conversationId !== null && history.isPending,
    historyError: history.isError,
    busy,
    streaming: live?.phase === 'streaming',
    send,
    stop,
    /** Sends the last user message again. */
    retry: lastUser ? () => void send(lastUser.content) : undefined,
    selectConversation,
    startOver,
    /** A person of the team holds the conversation; the flow's buttons; a conversation that ended. */
    flow,
  };
}
