import type { IntegrationName } from '@/features/integrations/api/integrations';
import type { KeyOf } from '@/types/i18n-keys';

// The integrations catalogue (/dashboard/integrations): what can be connected today, in four
// groups. Only what is built is listed: the eight services of Settings › Integrations (Slack,
// Telegram, Discord and WhatsApp answer through a webhook, which falls back on their saved
// credentials), the platform webhooks with Zapier's and custom ones apart (/dashboard/webhooks, a
// link's `?new=<platform>` opening "New webhook"), the embeddable widget, MCP tools, event
// endpoints (/dashboard/webhooks?tab=endpoints), API keys and the API documentation.

export type CatalogueGroup = 'models' | 'voice' | 'messaging' | 'tools';

/** The groups in the order shown, with their title and what they are for today. */
export const GROUPS: { id: CatalogueGroup; title: KeyOf<'dashboard'>; note: KeyOf<'dashboard'> }[] = [
  { id: 'models', title: 'catalogue.groups.models.title', note: 'catalogue.groups.models.note' },
  { id: 'voice', title: 'catalogue.groups.voice.title', note: 'catalogue.groups.voice.note' },
  { id: 'messaging', title: 'catalogue.groups.messaging.title', note: 'catalogue.groups.messaging.note' },
  { id: 'tools', title: 'catalogue.groups.tools.title', note: 'catalogue.groups.tools.note' },
];

/** Each service's group (a service the document adds fails the type check until it is here). */
export const SERVICE_GROUPS: Record<IntegrationName, CatalogueGroup> = {
  openai: 'models',
  gemini: 'models',
  elevenlabs: 'voice',
  twilio: 'voice',
  slack: 'messaging',
  telegram: 'messaging',
  discord: 'messaging',
  whatsapp: 'messaging',
};

/** Where a service is set up: its form, opened, in Settings › Integrations. */
export const settingsLink = (name: IntegrationName) => `/dashboard/settings?service=${name}#integrations`;

/** Combining marks, except the kana voicing marks (゛゜), which change the word. */
const MARKS = /(?![\u3099\u309a])\p{M}/gu;

/** A text as a search compares it: without case, accents or width ("Über" and "uber" alike). */
export const fold = (text: string) => text.normalize('NFKD').toLowerCase().replace(MARKS, '').normalize('NFC').trim();

/** Whether an entry's name holds what was typed (an empty search holds everything). */
export const nameMatches = (name: string, query: string) => fold(name).includes(fold(query));
