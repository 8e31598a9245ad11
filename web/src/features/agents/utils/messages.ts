import { useTranslation } from 'react-i18next';
import { AGENT_ERRORS } from '@/features/agents/api/agents';
import { GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import type { KeyOf } from '@/types/i18n-keys';

/** The specification's toasts, English source text → key in the `agents` namespace. */
export const TOASTS = {
  created: 'Agent created successfully',
  updated: 'Agent updated successfully',
  deleted: 'Agent deleted successfully',
  loadFailed: 'Failed to load agent details',
} as const;

const KNOWN: Record<string, KeyOf<'agents'>> = {
  [AGENT_ERRORS.create]: 'errors.createFailed',
  [AGENT_ERRORS.duplicate]: 'errors.duplicateFailed',
  [AGENT_ERRORS.generate]: 'errors.generateFailed',
  [GENERIC_ERROR_MESSAGE]: 'errors.generic',
  Required: 'validation.required',
};

/**
 * Translates our own messages (keys such as `validation.required`, and the catalogue's default
 * messages); a message of the server we do not know shows as it is.
 */
export function useAgentMessage() {
  const { t } = useTranslation('agents');
  return (m?: string | null): string | undefined => {
    if (!m) return undefined;
    // Our schemas' messages are `validation.*` keys of this namespace (checked where they are written).
    if (m.startsWith('validation.')) return t(m as KeyOf<'agents'>);
    return KNOWN[m] ? t(KNOWN[m]) : m;
  };
}

export function errorMessage(e: unknown): string {
  return e instanceof Error && e.message ? e.message : GENERIC_ERROR_MESSAGE;
}

export const capitalize = (s: string) => (s ? s[0].toUpperCase() + s.slice(1) : s);
