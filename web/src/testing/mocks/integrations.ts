import type { Masked } from '@/components/ui/secret-value';
import type { Integration, IntegrationInput, IntegrationName, Integrations, IntegrationTest } from '@/features/integrations/api/integrations';
import { fail, mockApi, ok } from '@/testing/mocks/http';

type FieldOut = Integration['fields'][number];
const secret = (name: string, required = true): FieldOut => ({ name, secret: true, required });
const plain = (name: string, required = false): FieldOut => ({ name, secret: false, required });

/** Each service as the server describes it (crates/domain/src/integration.rs): its title, its fields in order, its public endpoint. */
const SERVICES: Record<IntegrationName, { title: string; fields: FieldOut[]; defaultBaseUrl: string }> = {
  openai: { title: 'OpenAI', fields: [secret('apiKey'), plain('model'), plain('baseUrl')], defaultBaseUrl: 'https://api.openai.com/v1' },
  gemini: { title: 'Gemini', fields: [secret('apiKey'), plain('model'), plain('baseUrl')], defaultBaseUrl: 'https://generativelanguage.googleapis.com/v1beta' },
  elevenlabs: { title: 'ElevenLabs', fields: [secret('apiKey'), plain('baseUrl')], defaultBaseUrl: 'https://api.elevenlabs.io' },
  twilio: { title: 'Twilio', fields: [plain('accountSid', true), secret('authToken'), plain('phoneNumber'), plain('baseUrl')], defaultBaseUrl: 'https://api.twilio.com' },
  slack: { title: 'Slack', fields: [secret('botToken'), secret('signingSecret'), plain('baseUrl')], defaultBaseUrl: 'https://slack.com/api' },
  telegram: { title: 'Telegram', fields: [secret('botToken'), plain('baseUrl')], defaultBaseUrl: 'https://api.telegram.org' },
  discord: {
    title: 'Discord',
    fields: [plain('applicationId', true), plain('publicKey', true), secret('botToken'), plain('baseUrl')],
    defaultBaseUrl: 'https://discord.com/api/v10',
  },
  whatsapp: {
    title: 'WhatsApp',
    fields: [plain('phoneNumberId', true), secret('accessToken'), secret('appSecret'), secret('verifyToken', false), plain('baseUrl')],
    defaultBaseUrl: 'https://graph.facebook.com/v21.0',
  },
};
export const INTEGRATION_ORDER = Object.keys(SERVICES) as IntegrationName[];

const unset = (): Masked => ({ set: false, hint: null });

/** A service not connected (nothing saved), the server having no connection of its own. */
export function makeIntegration(name: IntegrationName, over: Partial<Integration> = {}): Integration {
  const { title, fields, defaultBaseUrl } = SERVICES[name];
  const secrets = Object.fromEntries(fields.filter((f) => f.secret).map((f) => [f.name, unset()]));
  return { name, title, connected: false, values: {}, secrets, fields, defaultBaseUrl, serverConnected: false, updatedAt: null, updatedBy: null, ...over };
}

/** OpenAI connected by Bob (key …abcd, model gpt-4o-mini), the others not. */
export function connectedOpenAi(over: Partial<Integration> = {}): Integration {
  return makeIntegration('openai', {
    connected: true,
    values: { model: 'gpt-4o-mini' },
    secrets: { apiKey: { set: true, hint: '…abcd' } },
    updatedAt: '2026-03-01T09:00:00Z',
    updatedBy: 'bob@example.com',
    ...over,
  });
}

/** GET /settings/integrations: my own (every service, in the server's order), which I may change, no teams. */
export function makeIntegrations(over: Partial<Integrations> = {}, services: Partial<Record<IntegrationName, Integration>> = {}): Integrations {
  return {
    scope: 'user',
    teamId: null,
    canEdit: true,
    integrations: INTEGRATION_ORDER.map((name) => services[name] ?? makeIntegration(name)),
    teams: [],
    ...over,
  };
}

/** A secret after a save: kept (left out, null), removed ("") or replaced (its last four characters shown). */
function applySecret(current: Masked | undefined, sent: string | null | undefined): Masked {
  if (sent === undefined || sent === null) return current ?? unset();
  return sent === '' ? unset() : { set: true, hint: `…${sent.slice(-4)}` };
}

type Body = IntegrationInput;
const sentOf = (body: Body, field: string): string | null | undefined => (body as Record<string, string | null | undefined>)[field];

/** The service with `body` over it, or the server's field errors (a Slack bot token starts with xoxb-, a required field left empty…). */
function merge(current: Integration, body: Body): { out: Integration } | { errors: { field: string; message: string }[] } {
  const values = { ...current.values };
  const secrets = { ...current.secrets };
  const errors: { field: string; message: string }[] = [];
  for (const f of current.fields) {
    const sent = sentOf(body, f.name);
    if (f.secret) secrets[f.name] = applySecret(current.secrets[f.name], sent);
    else if (sent === '') delete values[f.name];
    else if (typeof sent === 'string') values[f.name] = sent;
    if (f.name === 'botToken' && current.name === 'slack' && sent && !sent.startsWith('xoxb-')) errors.push({ field: f.name, message: 'A Slack bot token starts with xoxb-' });
    const present = f.secret ? secrets[f.name]?.set : values[f.name] !== undefined;
    if (f.required && !present) errors.push({ field: f.name, message: 'Required' });
  }
  if (errors.length > 0) return { errors };
  return { out: { ...current, values, secrets, connected: true, updatedAt: new Date().toISOString(), updatedBy: 'bob@example.com' } };
}

const serviceNamed = (name: string) => INTEGRATION_ORDER.find((n) => n === name);
const scopeOf = (teamId?: string | null) => teamId ?? 'mine';

/**
 * Settings › Integrations as the server keeps them: `lists` by holder (`mine`, or a team's id; a
 * holder not there is not found), PUT saves (the server's checks answered as 422 field errors),
 * DELETE disconnects (404 when nothing is saved), POST …/test answers `test`. Every body sent is
 * kept in `saves`, `tests` and `deletes`.
 */
export function integrationsApi(
  lists: Record<string, Integrations> = { mine: makeIntegrations() },
  test: (name: IntegrationName, body: Body) => IntegrationTest = (name) => ({ name, ok: true, message: 'It answered', latencyMs: 120 }),
) {
  const state = {
    lists: { ...lists },
    saves: [] as { name: IntegrationName; body: Body }[],
    tests: [] as { name: IntegrationName; body: Body }[],
    deletes: [] as { name: IntegrationName; teamId: string | null }[],
  };
  const find = (teamId: string | null | undefined, name: IntegrationName) => state.lists[scopeOf(teamId)]?.integrations.find((i) => i.name === name);
  const replace = (teamId: string | null | undefined, next: Integration) => {
    const list = state.lists[scopeOf(teamId)];
    state.lists[scopeOf(teamId)] = { ...list, integrations: list.integrations.map((i) => (i.name === next.name ? next : i)) };
  };
  const handlers = [
    mockApi.get('/settings/integrations', ({ request }) => {
      const list = state.lists[scopeOf(new URL(request.url).searchParams.get('teamId'))];
      return list ? ok(list) : fail(404, 'team_not_found', 'Team not found');
    }),
    mockApi.put('/settings/integrations/{name}', async ({ request, params }) => {
      const body = await request.json();
      const name = serviceNamed(params.name);
      if (!name) return fail(404, 'not_found', 'No such integration');
      state.saves.push({ name, body });
      const current = find(body.teamId, name);
      if (!current) return fail(404, 'team_not_found', 'Team not found');
      const merged = merge(current, body);
      if ('errors' in merged) return fail(422, 'validation_failed', 'Validation failed', merged.errors);
      replace(body.teamId, merged.out);
      return ok(merged.out);
    }),
    mockApi.delete('/settings/integrations/{name}', ({ request, params }) => {
      const teamId = new URL(request.url).searchParams.get('teamId');
      const name = serviceNamed(params.name);
      if (!name) return fail(404, 'not_found', 'No such integration');
      state.deletes.push({ name, teamId });
      const current = find(teamId, name);
      if (!current?.updatedAt) return fail(404, 'integration_not_found', 'Integration not found');
      replace(teamId, makeIntegration(name, { serverConnected: current.serverConnected }));
      return ok({ deleted: true, id: `int-${name}` });
    }),
    mockApi.post('/settings/integrations/{name}/test', async ({ request, params }) => {
      const body = await request.json();
      const name = serviceNamed(params.name);
      if (!name) return fail(404, 'not_found', 'No such integration');
      state.tests.push({ name, body });
      return ok(test(name, body));
    }),
  ];
  return { state, handlers };
}
