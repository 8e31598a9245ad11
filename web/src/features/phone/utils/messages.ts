import { useTranslation } from 'react-i18next';
import { ApiError, GENERIC_ERROR_MESSAGE } from '@/lib/api-client';
import type { KeyOf } from '@/types/i18n-keys';

/** The server's refusals the screen says in the reader's language, by their code. */
const CODES: Record<string, KeyOf<'dashboard'>> = {
  not_deployed: 'phone.errors.notDeployed',
  agent_inactive: 'phone.errors.agentInactive',
  phone_not_configured: 'phone.errors.notConfigured',
  number_taken: 'phone.errors.numberTaken',
  call_ended: 'phone.errors.callEnded',
  rate_limited: 'phone.errors.rateLimited',
  network_error: 'phone.errors.network',
};

/** Messages we know by their English text: the server's checks of a call's fields. */
const KNOWN: Record<string, KeyOf<'dashboard'>> = {
  [GENERIC_ERROR_MESSAGE]: 'phone.errors.generic',
  'At most 20 variables': 'phone.validation.variablesMax',
  "A variable's name is 1 to 64 letters, digits or _": 'phone.validation.variableName',
  'One line of at most 500 characters': 'phone.validation.variableValue',
};

/**
 * Translates our own messages (the forms' `phone.validation.*` keys) and the server's we know;
 * any other message of the server (Twilio's words on a number it refused) shows as it is.
 */
export function usePhoneMessage() {
  const { t } = useTranslation('dashboard');
  return (m?: string | null): string | undefined => {
    if (!m) return undefined;
    if (m.startsWith('phone.validation.')) return t(m as KeyOf<'dashboard'>);
    return KNOWN[m] ? t(KNOWN[m]) : m;
  };
}

/** A failure as kept by the simulator: the error's code and words. */
export type Problem = { code?: string | null; message: string };
const isProblem = (e: unknown): e is Problem => typeof e === 'object' && e !== null && 'message' in e && typeof e.message === 'string';

/**
 * An error (or a kept problem) as the screen says it: a refusal we know by its code, else the
 * server's words.
 */
export function usePhoneError() {
  const { t } = useTranslation('dashboard');
  const msg = usePhoneMessage();
  return (e: unknown): string => {
    const code = e instanceof ApiError ? e.code : isProblem(e) ? e.code : undefined;
    if (code && CODES[code]) return t(CODES[code]);
    return msg(isProblem(e) ? e.message : null) ?? t('phone.errors.generic');
  };
}

/** The refusals that name the agent: it must be active and deployed to production to answer the phone. */
export type NotReadyCode = 'not_deployed' | 'agent_inactive';
export const isAgentNotReady = (code?: string | null): code is NotReadyCode => code === 'not_deployed' || code === 'agent_inactive';
