import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';
import { phoneKeys } from '@/features/phone/api/phone';

// The SMS log: every SMS sent from my account (messages, verification codes, notifications),
// newest first, with Twilio's status, or `failed` and why.

export type SmsLogEntry = components['schemas']['SmsLogOut'];

export const SMS_PAGE_SIZE = 10;

/** GET /twilio/messages, a page at a time; read again on every visit. */
export const smsLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: phoneKeys.sms(page),
    queryFn: () => api.list('/twilio/messages', { params: { query: { page, limit: SMS_PAGE_SIZE } } }),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });
export const useSmsLog = (page: number) => useQuery(smsLogQueryOptions(page));
