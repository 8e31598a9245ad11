import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

// The phone screen's setup: whether Twilio is connected (the person's account, else the
// server's), the default number, the URLs to set on a Twilio number, and the numbers that reach
// an agent. Every query of the screen sits under `['phone']` (the keys below, shared by the
// calls, the simulator and the SMS log), so a mutation refreshes what it changed through them.

type S = components['schemas'];
export type PhoneSetup = S['PhoneSetupOut'];
export type PhoneNumber = S['NumberOut'];
export type PhoneNumberInput = S['NumberIn'];
export type PhoneNumberUpdate = S['NumberUpdateIn'];

/** What the call history asks for: `from`/`to` are calendar days (`YYYY-MM-DD`, the user's time zone). */
export type CallHistoryParams = {
  page: number;
  limit: number;
  agentId?: string;
  status?: S['CallStatus'];
  direction?: S['CallDirection'];
  from?: string;
  to?: string;
};

export const phoneKeys = {
  all: ['phone'] as const,
  setup: () => ['phone', 'setup'] as const,
  numbers: () => ['phone', 'numbers'] as const,
  /** Every call query: the history's pages and each call followed. */
  calls: () => ['phone', 'calls'] as const,
  histories: () => ['phone', 'calls', 'history'] as const,
  history: (params: CallHistoryParams) => ['phone', 'calls', 'history', params] as const,
  call: (id: string) => ['phone', 'calls', 'detail', id] as const,
  sms: (page: number) => ['phone', 'sms', page] as const,
};

/** GET /phone/setup: read again on every visit (an account connected elsewhere shows at once). */
export const phoneSetupQueryOptions = () => queryOptions({ queryKey: phoneKeys.setup(), queryFn: () => api.get('/phone/setup'), refetchOnMount: 'always' });
export const usePhoneSetup = () => useQuery(phoneSetupQueryOptions());

/** GET /phone/numbers: my numbers that reach an agent, in order. */
export const phoneNumbersQueryOptions = () => queryOptions({ queryKey: phoneKeys.numbers(), queryFn: () => api.get('/phone/numbers'), refetchOnMount: 'always' });
export const usePhoneNumbers = () => useQuery(phoneNumbersQueryOptions());

/** POST /phone/numbers: a number of my Twilio account now reaches an agent (409 `number_taken` on `phoneNumber`). */
export function useAddPhoneNumber() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: PhoneNumberInput) => api.post('/phone/numbers', { body: input }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: phoneKeys.numbers() }),
  });
}

/** PUT /phone/numbers/{id}: another agent, or recording switched. */
export function useUpdatePhoneNumber() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: PhoneNumberUpdate }) => api.put('/phone/numbers/{id}', { params: { path: { id } }, body: changes }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: phoneKeys.numbers() }),
  });
}

/** DELETE /phone/numbers/{id}: its calls and SMS no longer reach the agent. */
export function useDeletePhoneNumber() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete('/phone/numbers/{id}', { params: { path: { id } } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: phoneKeys.numbers() }),
  });
}
