import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentKeys, type Personality } from '@/features/agents/api/agents';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type PersonalityInput = components['schemas']['PersonalityIn'];
export type DeletedPersonality = components['schemas']['DeletedOut'];

const path = (id: string) => `/personalities/${encodeURIComponent(id)}`;

export const createPersonality = (input: PersonalityInput) => api.post<Personality>('/personalities', input);
export const updatePersonality = (id: string, input: PersonalityInput) => api.put<Personality>(path(id), input);
export const deletePersonality = (id: string) => api.delete<DeletedPersonality>(path(id));

/** Every change refreshes the personality list (and with it the agent form's select). */
function useInvalidatePersonalities() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: agentKeys.personalities() });
}

export function useCreatePersonality() {
  const invalidate = useInvalidatePersonalities();
  return useMutation({ mutationFn: createPersonality, onSuccess: invalidate });
}

export function useUpdatePersonality() {
  const invalidate = useInvalidatePersonalities();
  return useMutation({ mutationFn: ({ id, input }: { id: string; input: PersonalityInput }) => updatePersonality(id, input), onSuccess: invalidate });
}

export function useDeletePersonality() {
  const invalidate = useInvalidatePersonalities();
  return useMutation({ mutationFn: deletePersonality, onSuccess: invalidate });
}
