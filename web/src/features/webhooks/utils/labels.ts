import type { CredentialField } from '@/features/webhooks/utils/platforms';
import type { KeyOf } from '@/types/i18n-keys';

/** Each credential field's label. */
const LABELS: Record<CredentialField, KeyOf<'dashboard'>> = {
  botToken: 'webhooks.fields.botToken',
  signingSecret: 'webhooks.fields.signingSecret',
  applicationId: 'webhooks.fields.applicationId',
  publicKey: 'webhooks.fields.publicKey',
  phoneNumberId: 'webhooks.fields.phoneNumberId',
  accessToken: 'webhooks.fields.accessToken',
  appSecret: 'webhooks.fields.appSecret',
  verifyToken: 'webhooks.fields.verifyToken',
  baseUrl: 'webhooks.fields.baseUrl',
};

export const credentialLabel = (field: CredentialField) => LABELS[field];
