import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type ProfilePatch = components['schemas']['ProfilePatch'];
export type ProfileOut = components['schemas']['ProfileOut'];

/** PUT /settings/profile: a new email or password needs the current password. */
export function updateProfile(patch: ProfilePatch): Promise<ProfileOut> {
  return api.put('/settings/profile', { body: patch });
}

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
