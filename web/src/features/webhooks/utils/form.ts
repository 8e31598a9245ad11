import type { WebhookPlatform } from '@/features/webhooks/api/webhooks';
import type { CredentialValues } from '@/features/webhooks/utils/credentials';
import { charCount, unsafeName } from '@/lib/text';

/** What the webhook forms hold: the new webhook's agent, platform and name, and the credentials (an edit uses only those). */
export type WebhookFormValues = { agentId: string; platform: WebhookPlatform; name: string; credentials: CredentialValues };

/** The longest name the server takes, in characters. */
export const NAME_MAX = 100;

/** A name's problem, as a `webhooks.validation.*` key (the server checks the same). */
export function nameProblem(name: string): string | undefined {
  const v = name.trim();
  if (!v) return 'webhooks.validation.required';
  if (charCount(v) > NAME_MAX) return 'webhooks.validation.nameTooLong';
  if (unsafeName(v)) return 'webhooks.validation.nameCharacters';
  return undefined;
}
