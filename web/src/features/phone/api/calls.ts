import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { CallStatus } from '@/lib/api-enums';
import type { components } from '@/lib/api-types';
import { dayBoundary } from '@/lib/conversations';
import { phoneKeys, type CallHistoryParams } from '@/features/phone/api/phone';

// Calls: a test call placed through Twilio and followed until it ends, the history of my calls
// (placed, received and simulated) a page at a time, and a call's recording.

type S = components['schemas'];
export type Call = S['CallOut'];
export type InitiateCallInput = S['InitiateCallIn'];

/** The messages of the specification's error catalogue (used when the server gives none). */
export const CALL_ERRORS = {
  initiate: 'Failed to initiate call',
} as const;

/** The statuses a call never leaves; any other is still going. */
export const FINAL_STATUSES: Record<CallStatus, boolean> = {
  queued: false,
  ringing: false,
  'in-progress': false,
  completed: true,
  busy: true,
  failed: true,
  'no-answer': true,
  canceled: true,
};
export const isFinal = (status: CallStatus) => FINAL_STATUSES[status];

/** How often a call still going is read again. */
export const CALL_POLL_MS = 2000;

/** The page size of the history. */
export const HISTORY_PAGE_SIZE = 10;

/** The query string of GET /phone/call-history: filters left out when empty, days as the local day's first and last instants. */
export function historyQuery(p: CallHistoryParams) {
  return {
    page: p.page,
    limit: p.limit,
    agentId: p.agentId || undefined,
    status: p.status || undefined,
    direction: p.direction || undefined,
    from: p.from ? dayBoundary(p.from, false) : undefined,
    to: p.to ? dayBoundary(p.to, true) : undefined,
  };
}

/** GET /phone/call-history: newest first; a page or filter change keeps the rows until the next arrive. */
export const callHistoryQueryOptions = (params: CallHistoryParams) =>
  queryOptions({
    queryKey: phoneKeys.history(params),
    queryFn: () => api.list('/phone/call-history', { params: { query: historyQuery(params) } }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
export const useCallHistory = (params: CallHistoryParams) => useQuery(callHistoryQueryOptions(params));

/**
 * GET /phone/call-status/{id}: read every 2 s until the call is over (placing it put its first
 * state in the cache).
 */
export const useCallStatus = (id: string) =>
  useQuery({
    queryKey: phoneKeys.call(id),
    queryFn: () => api.get('/phone/call-status/{id}', { params: { path: { id } } }),
    refetchInterval: (query) => (query.state.data && isFinal(query.state.data.status) ? false : CALL_POLL_MS),
  });

/** POST /phone/initiate-call: Twilio calls the number; the answer is the call, queued. */
export function useInitiateCall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: InitiateCallInput) => api.post('/phone/initiate-call', { body: input, defaultMessage: CALL_ERRORS.initiate }),
    onSuccess: (call) => {
      qc.setQueryData(phoneKeys.call(call.id), call);
      void qc.invalidateQueries({ queryKey: phoneKeys.histories() });
    },
  });
}

/** A call's recording (MP3) as a Blob: the URL needs the bearer token, so an `<audio src>` cannot load it itself. */
export async function fetchCallRecording(callId: string, signal?: AbortSignal): Promise<Blob> {
  return (await api.download('/phone/calls/{id}/recording', { params: { path: { id: callId } }, signal })).blob;
}

