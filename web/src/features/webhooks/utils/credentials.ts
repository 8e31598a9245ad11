import { secretInput, type SecretValue } from '@/components/ui/secret-value';
import type { Webhook, WebhookCredentialsInput, WebhookPlatform } from '@/features/webhooks/api/webhooks';
import { CREDENTIALS, type CredentialField } from '@/features/webhooks/utils/platforms';

// A webhook's credentials as a form holds them and as the API takes them. On creation every field
// is typed text (left empty: the platform's connection in Settings › Integrations stands in). In
// an edit a plain field holds its text, a secret what to do with the stored one ('' keeps it,
// null removes it, other text replaces it), and only what changed is sent.

export type CredentialValues = Partial<Record<CredentialField, SecretValue>>;

/** What a new webhook sends: the fields typed (trimmed); none at all is no `credentials`. */
export function newCredentials(platform: WebhookPlatform, values: CredentialValues): WebhookCredentialsInput | undefined {
  const out: WebhookCredentialsInput = {};
  for (const f of CREDENTIALS[platform]) {
    const typed = (values[f.name] ?? '').trim();
    if (typed) out[f.name] = typed;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The edit form's values for the webhook as stored: plain fields as stored, secrets kept. */
export function credentialForm(webhook: Webhook): CredentialValues {
  const values: CredentialValues = {};
  for (const f of CREDENTIALS[webhook.platform]) values[f.name] = f.secret ? '' : (webhook.credentials.values[f.name] ?? '');
  return values;
}

/** What an edit sends: each plain field whose text changed ("" removes it), each secret typed or removed. */
export function credentialChanges(webhook: Webhook, values: CredentialValues): WebhookCredentialsInput {
  const changes: WebhookCredentialsInput = {};
  for (const f of CREDENTIALS[webhook.platform]) {
    const value = values[f.name];
    if (f.secret) {
      const sent = secretInput(value === undefined ? '' : value);
      if (sent !== undefined) changes[f.name] = sent;
    } else {
      const typed = (value ?? '').trim();
      if (typed !== (webhook.credentials.values[f.name] ?? '')) changes[f.name] = typed;
    }
  }
  return changes;
}

/** The form's names of the credential fields (`credentials.botToken`), as the server names them in its errors too. */
export const credentialPaths = (platform: WebhookPlatform) => CREDENTIALS[platform].map((f) => `credentials.${f.name}` as const);
