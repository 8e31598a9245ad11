import type { Masked } from '@/components/ui/secret-value';
import type { Configuration, ConnectionTest, ConnectionTestIn, SavedSettings, Settings } from '@/features/configuration/api/configuration';
import { mockApi, ok } from '@/testing/mocks/http';

const MB = 1024 * 1024;
const unset = (): Masked => ({ set: false, hint: null });

/** The settings in force: a model and mail configured, the other integrations not, every flag off. */
export function makeSettings(over: Partial<Settings> = {}): Settings {
  return {
    general: { publicUrl: 'https://agents.example.com', signupOpen: true, operatorEmail: null },
    model: { provider: 'openai', baseUrl: 'https://llm.example.com/v1', apiKey: { set: true, hint: '…abcd' }, model: 'gpt-4o-mini' },
    mail: { smtpUrl: { set: true, hint: 'smtp://…@mail.example.com:587' }, from: 'AgentForge <no-reply@example.com>' },
    twilio: { accountSid: null, authToken: unset(), phoneNumber: null, baseUrl: null },
    elevenlabs: { apiKey: unset(), baseUrl: null },
    transcription: { apiKey: unset(), baseUrl: null, model: null },
    gemini: { apiKey: unset(), baseUrl: null },
    stripe: { secretKey: unset(), publishableKey: null, webhookSecret: unset(), baseUrl: null },
    limits: {
      uploadMaxBytes: 10 * MB,
      knowledgeQuotaBytes: 100 * MB,
      rateLimitAuthPerIp: 10,
      rateLimitAuthPerEmail: 5,
      rateLimitApiKeyPerMinute: 60,
      messageMaxChars: 4000,
    },
    features: { voiceProvider: false, collaboration: false, fileUpload: false },
    pricing: { models: {} },
    ...over,
  };
}

/** GET /admin/configuration's answer: the model and the flags saved here by Ada, the rest from the environment. */
export function makeConfiguration(over: Partial<Configuration> = {}): Configuration {
  return {
    revision: 2,
    updatedAt: '2026-03-01T09:00:00Z',
    updatedBy: 'ada@example.com',
    saved: ['model', 'features'],
    settings: makeSettings(),
    ...over,
  };
}

/** A secret after a save: kept (left out, null), removed ("") or replaced (its last four characters shown). */
function applySecret(current: Masked | undefined, sent: string | null | undefined): Masked {
  if (sent === undefined || sent === null) return current ?? unset();
  return sent === '' ? unset() : { set: true, hint: `…${sent.slice(-4)}` };
}

/** What the server keeps of a saved section: its fields as sent, its secrets masked. */
function applySection(settings: Settings, body: SavedSettings): Settings {
  const next = { ...settings };
  if (body.general) next.general = body.general;
  if (body.limits) next.limits = body.limits;
  if (body.features) next.features = body.features;
  if (body.pricing) next.pricing = body.pricing;
  if (body.model) {
    const { apiKey, ...rest } = body.model;
    next.model = { ...rest, apiKey: applySecret(settings.model.apiKey, apiKey) };
  }
  if (body.mail) {
    const { smtpUrl, ...rest } = body.mail;
    next.mail = { ...rest, smtpUrl: applySecret(settings.mail.smtpUrl, smtpUrl) };
  }
  if (body.twilio) {
    const { authToken, ...rest } = body.twilio;
    next.twilio = { ...rest, authToken: applySecret(settings.twilio.authToken, authToken) };
  }
  for (const name of ['elevenlabs', 'gemini'] as const) {
    const sent = body[name];
    if (sent) {
      const { apiKey, ...rest } = sent;
      next[name] = { ...rest, apiKey: applySecret(settings[name].apiKey, apiKey) };
    }
  }
  if (body.transcription) {
    const { apiKey, ...rest } = body.transcription;
    next.transcription = { ...rest, apiKey: applySecret(settings.transcription.apiKey, apiKey) };
  }
  if (body.stripe) {
    const { secretKey, webhookSecret, ...rest } = body.stripe;
    next.stripe = { ...rest, secretKey: applySecret(settings.stripe.secretKey, secretKey), webhookSecret: applySecret(settings.stripe.webhookSecret, webhookSecret) };
  }
  return next;
}

/**
 * The configuration API as the server keeps it: GET answers `config`, PUT saves the sections sent
 * (secrets kept, removed or replaced) and marks them saved here, POST …/test answers `test`.
 * Every body sent is kept in `saves` and `tests`.
 */
export function configurationApi(initial: Configuration = makeConfiguration(), test: (body: ConnectionTestIn) => ConnectionTest = (b) => ({ integration: b.integration, ok: true, message: 'It answered', latencyMs: 120 })) {
  const state = { config: initial, saves: [] as SavedSettings[], tests: [] as ConnectionTestIn[] };
  const handlers = [
    mockApi.get('/admin/configuration', () => ok(state.config)),
    mockApi.put('/admin/configuration', async ({ request }) => {
      const body = await request.json();
      state.saves.push(body);
      const sections = Object.keys(body);
      state.config = {
        ...state.config,
        revision: state.config.revision + 1,
        updatedAt: new Date().toISOString(),
        updatedBy: 'ada@example.com',
        saved: [...new Set([...state.config.saved, ...sections])],
        settings: applySection(state.config.settings, body),
      };
      return ok(state.config);
    }),
    mockApi.post('/admin/configuration/test', async ({ request }) => {
      const body = await request.json();
      state.tests.push(body);
      return ok(test(body));
    }),
  ];
  return { state, handlers };
}
