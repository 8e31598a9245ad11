import { useMutation, useQueryClient } from '@tanstack/react-query';
import { agentKeys } from '@/features/agents/api/agents';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type PersonalityInput = components['schemas']['PersonalityIn'];
export type DeletedPersonality = components['schemas']['DeletedOut'];

export const createPersonality = (input: PersonalityInput) => api.post('/personalities', { body: input });
export const updatePersonality = (id: string, input: PersonalityInput) => api.put('/personalities/{id}', { params: { path: { id } }, body: input });
export const deletePersonality = (id: string) => api.delete('/personalities/{id}', { params: { path: { id } } });

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
