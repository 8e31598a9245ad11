import { useTranslation } from 'react-i18next';
import { MCP_ERRORS } from '@/features/mcp/api/mcp-servers';
import { GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import type { KeyOf } from '@/types/i18n-keys';

/** Messages we know by their English text (the catalogue's defaults, the server's "Required"). */
const KNOWN: Record<string, KeyOf<'dashboard'>> = {
  [MCP_ERRORS.create]: 'mcp.errors.createFailed',
  [GENERIC_ERROR_MESSAGE]: 'mcp.errors.generic',
  Required: 'mcp.validation.required',
};

/**
 * Translates our own messages (the schema's `mcp.validation.*` keys, the catalogue's defaults); a
 * message of the server we do not know (why a command is refused, why a test failed) shows as it is.
 */
export function useMcpMessage() {
  const { t } = useTranslation('dashboard');
  return (m?: string | null): string | undefined => {
    if (!m) return undefined;
    // The schema's messages are `mcp.validation.*` keys of this namespace.
    if (m.startsWith('mcp.validation.')) return t(m as KeyOf<'dashboard'>);
    return KNOWN[m] ? t(KNOWN[m]) : m;
  };
}

export const errorMessage = (e: unknown) => (e instanceof Error && e.message ? e.message : GENERIC_ERROR_MESSAGE);
