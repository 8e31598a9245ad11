import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { enumValues, TEAM_ROLES } from '@/lib/api-enums';
import type { components } from '@/lib/api-types';
import type { KeyOf } from '@/types/i18n-keys';

// Messages are keys of the `dashboard` namespace; the limits are the server's (crates/domain/src/team.rs).

export const teamSchema = z.object({
  name: z.string().trim().min(1, 'teams.validation.required').max(100, 'teams.validation.nameTooLong'),
  description: z.string().trim().max(500, 'teams.validation.descriptionTooLong'),
});
export type TeamValues = z.infer<typeof teamSchema>;
export const TEAM_FIELDS = ['name', 'description'] as const;

type S = components['schemas'];
export type DefaultRole = S['DefaultRole'];
export type InvitePolicy = S['InvitePolicy'];
/** The roles a team may give newcomers by default: never ownership. */
export const DEFAULT_ROLES = enumValues<DefaultRole>({ admin: true, member: true, viewer: true });
/** Who may add and invite people: owners and admins, or members too. */
export const INVITE_POLICIES = enumValues<InvitePolicy>({ admins: true, members: true });

export const settingsSchema = teamSchema.extend({
  defaultRole: z.enum(DEFAULT_ROLES),
  invitePolicy: z.enum(INVITE_POLICIES),
});
export type SettingsValues = z.infer<typeof settingsSchema>;
export const SETTINGS_FIELDS = ['name', 'description', 'defaultRole', 'invitePolicy'] as const;

export const inviteSchema = z.object({
  email: z.string().trim().min(1, 'teams.validation.required').pipe(z.email('teams.validation.invalidEmail')),
  role: z.enum(TEAM_ROLES),
});
export type InviteValues = z.infer<typeof inviteSchema>;
export const INVITE_FIELDS = ['email', 'role'] as const;

export const notifySchema = z.object({
  message: z.string().trim().min(1, 'teams.validation.required').max(2000, 'teams.validation.messageTooLong'),
});
export type NotifyValues = z.infer<typeof notifySchema>;

/** The server's field messages we know, by their English text. */
const KNOWN: Record<string, KeyOf<'dashboard'>> = { Required: 'teams.validation.required' };

/** Translates our own messages (`teams.validation.*`) and the known ones; any other message of the server shows as it is. */
export function useTeamMessage() {
  const { t } = useTranslation('dashboard');
  return (m?: string): string | undefined => {
    if (!m) return undefined;
    // Our schemas' messages are `teams.validation.*` keys of this namespace.
    if (m.startsWith('teams.validation.')) return t(m as KeyOf<'dashboard'>);
    return KNOWN[m] ? t(KNOWN[m]) : m;
  };
}
