import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { components } from '@/lib/api-types';

export type ContactInput = components['schemas']['ContactIn'];
type NoticeOut = components['schemas']['NoticeOut'];

/** The specification's words when the message could not be sent. */
export const CONTACT_FAILED = 'Failed to submit contact form';

/**
 * Sends a message to the people who run this installation (`POST /users/contact`, no session
 * needed). The server allows a few an hour from one address (429 `rate_limited` beyond).
 */
export function sendContactMessage(input: ContactInput): Promise<NoticeOut> {
  return api.post('/users/contact', { body: input, defaultMessage: CONTACT_FAILED });
}

export const useSendContactMessage = () => useMutation({ mutationFn: sendContactMessage });
