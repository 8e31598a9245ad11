import { useTranslation } from 'react-i18next';
import { WORKFLOW_ERRORS } from '@/features/workflows/api/workflows';
import { GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import type { KeyOf } from '@/types/i18n-keys';

/** Messages we know by their English text: the catalogue's and the client's own defaults. */
const KNOWN: Record<string, KeyOf<'dashboard'>> = {
  [WORKFLOW_ERRORS.list]: 'workflows.errors.list',
  [WORKFLOW_ERRORS.generate]: 'workflows.errors.generate',
  [GENERIC_ERROR_MESSAGE]: 'workflows.errors.generic',
};

export const errorMessage = (e: unknown) => (e instanceof Error && e.message ? e.message : GENERIC_ERROR_MESSAGE);

/** Translates the messages we know; any other of the server's (why a save was refused) shows as it is. */
export function useWorkflowMessage() {
  const { t } = useTranslation('dashboard');
  return (e: unknown): string => {
    const m = errorMessage(e);
    return KNOWN[m] ? t(KNOWN[m]) : m;
  };
}
