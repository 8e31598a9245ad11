import type { WebhookCredentialsInput, WebhookEventStatus, WebhookPlatform, WebhookStatus } from '@/features/webhooks/api/webhooks';
import { enumValues } from '@/lib/api-enums';

// What each platform is: its name, the credentials it takes (the same fields as its entry in
// Settings › Integrations, which fill in what a webhook leaves out), its API's public address,
// and the sample events a test offers. The lists are checked against the API document's enums:
// a platform or status it adds fails the type check until it is here.

export const PLATFORMS = enumValues<WebhookPlatform>({ custom: true, slack: true, discord: true, telegram: true, whatsapp: true, zapier: true });
export const STATUSES = enumValues<WebhookStatus>({ active: true, paused: true, failing: true });
export const EVENT_STATUSES = enumValues<WebhookEventStatus>({ queued: true, succeeded: true, failed: true, ignored: true });

/** The platforms' names as they write them (never translated). */
export const PLATFORM_TITLES: Record<WebhookPlatform, string> = {
  custom: 'Custom',
  slack: 'Slack',
  discord: 'Discord',
  telegram: 'Telegram',
  whatsapp: 'WhatsApp',
  zapier: 'Zapier',
};

/** A credential field of the API document. */
export type CredentialField = keyof WebhookCredentialsInput;

export type CredentialSpec = {
  name: CredentialField;
  /** Sealed on the server and shown masked. */
  secret: boolean;
  /** Needed for answers to be posted (by the webhook or by its Settings › Integrations entry). */
  required: boolean;
  /** Shown under "Advanced". */
  advanced?: boolean;
};

const baseUrl: CredentialSpec = { name: 'baseUrl', secret: false, required: false, advanced: true };

/** Each platform's credentials, in the order its setup names them. Custom and Zapier take none. */
export const CREDENTIALS: Record<WebhookPlatform, CredentialSpec[]> = {
  custom: [],
  zapier: [],
  slack: [
    { name: 'botToken', secret: true, required: true },
    { name: 'signingSecret', secret: true, required: true },
    baseUrl,
  ],
  telegram: [{ name: 'botToken', secret: true, required: true }, baseUrl],
  discord: [
    { name: 'applicationId', secret: false, required: true },
    { name: 'publicKey', secret: false, required: true },
    { name: 'botToken', secret: true, required: true },
    baseUrl,
  ],
  whatsapp: [
    { name: 'phoneNumberId', secret: false, required: true },
    { name: 'accessToken', secret: true, required: true },
    { name: 'appSecret', secret: true, required: true },
    // One is made when none is given.
    { name: 'verifyToken', secret: true, required: false },
    baseUrl,
  ],
};

/** Every credential field any platform takes (the forms' field names are `credentials.<field>`). */
export const CREDENTIAL_FIELDS: readonly CredentialField[] = [
  'botToken',
  'signingSecret',
  'applicationId',
  'publicKey',
  'phoneNumberId',
  'accessToken',
  'appSecret',
  'verifyToken',
  'baseUrl',
];

/** Whether the platform's credentials come from Settings › Integrations when the webhook has none. */
export const hasIntegration = (p: WebhookPlatform) => CREDENTIALS[p].length > 0;

/** Signed with our `whsec_` secret and answered in the response. */
export const isStandard = (p: WebhookPlatform) => p === 'custom' || p === 'zapier';

/** The public API address a platform's answers are posted to when no base URL is set. */
export const DEFAULT_BASE_URLS: Partial<Record<WebhookPlatform, string>> = {
  slack: 'https://slack.com/api',
  telegram: 'https://api.telegram.org',
  discord: 'https://discord.com/api/v10',
  whatsapp: 'https://graph.facebook.com/v21.0',
};

export const SAMPLE_MESSAGE = 'What are your opening hours?';

/** The simple test every platform takes. */
export const SIMPLE_SAMPLE = { message: SAMPLE_MESSAGE, senderId: 'test-user' };

/** Each platform's own event, as it really sends one (custom and Zapier: the whole body they take). */
export const PLATFORM_SAMPLES: Record<WebhookPlatform, Record<string, unknown>> = {
  custom: { message: SAMPLE_MESSAGE, senderId: 'customer-42', metadata: { source: 'website', page: '/contact' } },
  zapier: { message: SAMPLE_MESSAGE, senderId: 'zap-lead-42' },
  slack: {
    type: 'event_callback',
    team_id: 'T0TEST',
    api_app_id: 'A0TEST',
    event_id: 'Ev0TEST000001',
    event_time: 1700000000,
    event: {
      type: 'message',
      channel_type: 'im',
      user: 'U0TEST',
      channel: 'D0TEST',
      ts: '1700000000.000100',
      text: SAMPLE_MESSAGE,
    },
  },
  telegram: {
    update_id: 100000001,
    message: {
      message_id: 1,
      from: { id: 123456789, is_bot: false, first_name: 'Test' },
      chat: { id: 123456789, type: 'private', first_name: 'Test' },
      date: 1700000000,
      text: SAMPLE_MESSAGE,
    },
  },
  discord: {
    type: 2,
    id: '1100000000000000001',
    application_id: '1100000000000000000',
    token: 'test-interaction-token',
    channel_id: '1100000000000000002',
    member: { user: { id: '1100000000000000003', username: 'tester' } },
    data: { name: 'ask', type: 1, options: [{ name: 'question', type: 3, value: SAMPLE_MESSAGE }] },
  },
  whatsapp: {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '100000000000001',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: '100000000000002' },
              contacts: [{ profile: { name: 'Test' }, wa_id: '15551234567' }],
              messages: [{ from: '15551234567', id: 'wamid.TEST000001', timestamp: '1700000000', type: 'text', text: { body: SAMPLE_MESSAGE } }],
            },
          },
        ],
      },
    ],
  },
};

/** A sample as the test box shows it. */
export const sampleText = (sample: unknown) => JSON.stringify(sample, null, 2);
