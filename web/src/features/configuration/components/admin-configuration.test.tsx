import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configurationApi, makeConfiguration, makeSettings } from '@/testing/mocks/configuration';
import { fail, mockApi, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { adminUser, renderApp } from '@/testing/test-utils';

const MB = 1024 * 1024;

/** A section's card, by its title. */
const card = (title: string) => screen.getByRole('region', { name: title });

async function open(path = '/admin/configuration') {
  const rendered = renderApp(path, { user: adminUser });
  await screen.findByRole('region', { name: 'General' });
  return rendered;
}

describe('/admin/configuration', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows every section, where its values come from, and secrets only as set or not', async () => {
    server.use(...configurationApi(makeConfiguration({ updatedAt: new Date(Date.now() - 5 * 60_000).toISOString() })).handlers);
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Configuration' })).toBeInTheDocument();
    expect(screen.getByTestId('config-last-saved')).toHaveTextContent('Last saved by ada@example.com 5 minutes ago');

    for (const title of ['General', 'Language model', 'Mail', 'Twilio', 'ElevenLabs', 'Speech to text', 'Gemini', 'Stripe', 'Limits', 'Feature flags']) {
      expect(card(title)).toBeInTheDocument();
    }
    // Anchors other screens link to.
    expect(document.getElementById('features')).toContainElement(card('Feature flags'));
    expect(document.getElementById('model')).toContainElement(card('Language model'));

    expect(within(card('Language model')).getByText('Saved here')).toBeInTheDocument();
    expect(within(card('Feature flags')).getByText('Saved here')).toBeInTheDocument();
    expect(within(card('Mail')).getByText('From the environment')).toBeInTheDocument();
    expect(within(card('Limits')).getByText('From the environment')).toBeInTheDocument();

    const model = within(card('Language model'));
    const apiKey = model.getByLabelText('API key');
    expect(apiKey).toHaveValue('');
    expect(apiKey).toHaveAttribute('type', 'password');
    expect(apiKey).toHaveAttribute('placeholder', 'Type a new value to replace it');
    expect(apiKey).toHaveAccessibleDescription(expect.stringContaining('Set (…abcd)'));
    expect(model.getByRole('button', { name: 'Remove API key' })).toBeInTheDocument();
    expect(model.getByLabelText('API address')).toHaveValue('https://llm.example.com/v1');
    expect(within(card('Mail')).getByLabelText('SMTP server')).toHaveAccessibleDescription(expect.stringContaining('Set (smtp://…@mail.example.com:587)'));
    const twilio = within(card('Twilio'));
    expect(twilio.getByText('Not set')).toBeInTheDocument();
    expect(twilio.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();

    // Nothing changed yet: nothing to save.
    for (const save of screen.getAllByRole('button', { name: 'Save' })) expect(save).toBeDisabled();
  });

  it('saves one section alone, keeping a secret not typed, and shows it saved and applied', async () => {
    const api = configurationApi();
    server.use(...api.handlers);
    const { user } = await open();
    const model = within(card('Language model'));
    const save = model.getByRole('button', { name: 'Save' });
    await user.clear(model.getByLabelText('Default model'));
    await user.type(model.getByLabelText('Default model'), 'gpt-4.1');
    expect(save).toBeEnabled();
    expect(model.getByText('Unsaved changes')).toBeInTheDocument();
    await user.click(save);

    expect(await model.findByText('Saved and applied')).toBeInTheDocument();
    expect(api.state.saves).toEqual([{ model: { provider: 'openai', baseUrl: 'https://llm.example.com/v1', model: 'gpt-4.1' } }]);
    expect(screen.getByText('Language model: saved and applied')).toBeInTheDocument();
    expect(model.getByLabelText('Default model')).toHaveValue('gpt-4.1');
    expect(model.getByRole('button', { name: 'Save' })).toBeDisabled();

    // Editing again takes the saved state away.
    await user.type(model.getByLabelText('Default model'), '-mini');
    expect(model.queryByText('Saved and applied')).not.toBeInTheDocument();
    await user.click(model.getByRole('button', { name: 'Discard' }));
    expect(model.getByLabelText('Default model')).toHaveValue('gpt-4.1');
  });

  it('sends a secret only when typed, and "" when removed', async () => {
    const api = configurationApi();
    server.use(...api.handlers);
    const { user } = await open();

    const model = within(card('Language model'));
    await user.type(model.getByLabelText('API key'), 'sk-new-key-9876');
    await user.click(model.getByRole('button', { name: 'Save' }));
    await model.findByText('Saved and applied');
    expect(api.state.saves[0]).toEqual({ model: { provider: 'openai', baseUrl: 'https://llm.example.com/v1', model: 'gpt-4o-mini', apiKey: 'sk-new-key-9876' } });
    // The typed value is gone; the secret shows by its new hint.
    expect(model.getByLabelText('API key')).toHaveValue('');
    expect(model.getByLabelText('API key')).toHaveAccessibleDescription(expect.stringContaining('Set (…9876)'));

    const mail = within(card('Mail'));
    await user.click(mail.getByRole('button', { name: 'Remove SMTP server' }));
    expect(mail.getByText('It will be removed when you save.')).toBeInTheDocument();
    // Undo, then remove for good.
    await user.click(mail.getByRole('button', { name: 'Undo' }));
    expect(mail.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.click(mail.getByRole('button', { name: 'Remove SMTP server' }));
    await user.click(mail.getByRole('button', { name: 'Save' }));
    await mail.findByText('Saved and applied');
    expect(api.state.saves[1]).toEqual({ mail: { from: 'AgentForge <no-reply@example.com>', smtpUrl: '' } });
    expect(mail.getByText('Not set')).toBeInTheDocument();
    expect(within(card('Mail')).getByText('Saved here')).toBeInTheDocument();
  });

  it("puts the server's refusal under the field it names", async () => {
    server.use(
      mockApi.put('/admin/configuration', () =>
        fail(422, 'validation_failed', 'Validation failed', [{ field: 'model.baseUrl', message: 'Cannot reach a private address' }]),
      ),
    );
    const { user } = await open();
    const model = within(card('Language model'));
    const baseUrl = model.getByLabelText('API address');
    await user.clear(baseUrl);
    await user.type(baseUrl, 'http://10.0.0.1/v1');
    await user.click(model.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(baseUrl).toHaveAccessibleDescription(expect.stringContaining('Cannot reach a private address')));
    expect(baseUrl).toHaveAttribute('aria-invalid', 'true');
    expect(model.queryByText('Saved and applied')).not.toBeInTheDocument();

    // A test refused the same way points at its field too, and runs nothing.
    server.use(mockApi.post('/admin/configuration/test', () => fail(422, 'validation_failed', 'Validation failed', [{ field: 'model.apiKey', message: 'Gemini needs an API key' }])));
    await user.selectOptions(model.getByLabelText('Provider'), 'Google Gemini');
    await user.click(model.getByRole('button', { name: 'Remove API key' }));
    await user.click(model.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => expect(model.getByLabelText('API key')).toHaveAccessibleDescription(expect.stringContaining('Gemini needs an API key')));
    expect(model.queryByTestId('connection-result')).not.toBeInTheDocument();
  });

  it('says in the card why a save failed when no field is named', async () => {
    server.use(mockApi.put('/admin/configuration', () => fail(409, 'conflict', 'The configuration changed meanwhile')));
    const { user } = await open();
    const general = within(card('General'));
    await user.click(general.getByRole('switch', { name: 'Open sign-up' }));
    await user.click(general.getByRole('button', { name: 'Save' }));
    expect(await general.findByRole('alert')).toHaveTextContent('The configuration changed meanwhile');
    expect(general.queryByText('Saved and applied')).not.toBeInTheDocument();
    expect(general.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('checks values before sending them', async () => {
    const api = configurationApi();
    server.use(...api.handlers);
    const { user } = await open();
    const stripe = within(card('Stripe'));
    await user.type(stripe.getByLabelText('Secret key'), 'pk_live_wrong');
    await user.click(stripe.getByRole('button', { name: 'Save' }));
    expect(await stripe.findByText('A Stripe secret key starts with sk_ (or rk_ for a restricted key)')).toBeInTheDocument();
    const general = within(card('General'));
    await user.clear(general.getByLabelText('Public URL'));
    await user.type(general.getByLabelText('Public URL'), 'ftp://example.com');
    await user.click(general.getByRole('button', { name: 'Save' }));
    expect(await general.findByText('Must be an http:// or https:// URL')).toBeInTheDocument();
    expect(api.state.saves).toEqual([]);
  });

  it('saves the speech-to-text service, checking its address first, and tests it', async () => {
    const api = configurationApi();
    server.use(...api.handlers);
    const { user } = await open();
    const stt = within(card('Speech to text'));
    expect(stt.getByText('From the environment')).toBeInTheDocument();
    expect(stt.getByLabelText('API key')).toHaveAccessibleDescription(expect.stringContaining('Not set'));
    const baseUrl = stt.getByLabelText('API address');
    expect(baseUrl).toHaveValue('');
    expect(baseUrl).toHaveAttribute('placeholder', 'https://api.openai.com/v1');
    expect(baseUrl).toHaveAccessibleDescription(expect.stringContaining("the browser's own speech recognition"));
    const model = stt.getByLabelText('Model');
    expect(model).toHaveAttribute('placeholder', 'whisper-1');
    expect(model).toHaveAccessibleDescription('Leave empty for whisper-1.');

    await user.type(baseUrl, 'ftp://whisper.example.com');
    await user.click(stt.getByRole('button', { name: 'Save' }));
    expect(await stt.findByText('Must be an http:// or https:// URL')).toBeInTheDocument();
    expect(api.state.saves).toEqual([]);

    await user.clear(baseUrl);
    await user.type(baseUrl, 'http://whisper.example.com:8000/v1');
    await user.type(stt.getByLabelText('API key'), 'sk-stt-key-4321');
    await user.type(model, 'Systran/faster-whisper-small');
    await user.click(stt.getByRole('button', { name: 'Test connection' }));
    expect(await stt.findByTestId('connection-result')).toHaveAttribute('data-state', 'ok');
    const sent = { baseUrl: 'http://whisper.example.com:8000/v1', model: 'Systran/faster-whisper-small', apiKey: 'sk-stt-key-4321' };
    expect(api.state.tests).toEqual([{ integration: 'transcription', settings: { transcription: sent } }]);

    await user.click(stt.getByRole('button', { name: 'Save' }));
    await stt.findByText('Saved and applied');
    expect(api.state.saves).toEqual([{ transcription: sent }]);
    expect(stt.getByText('Saved here')).toBeInTheDocument();
    expect(stt.getByLabelText('API key')).toHaveValue('');
    expect(stt.getByLabelText('API key')).toHaveAccessibleDescription(expect.stringContaining('Set (…4321)'));
  });

  it('tests a connection with the unsaved values and says what it found', async () => {
    let answer = { ok: true, message: 'gpt-4.1 answered', latencyMs: 120 };
    const api = configurationApi(makeConfiguration(), (b) => ({ integration: b.integration, ...answer }));
    server.use(...api.handlers);
    const { user } = await open();
    const model = within(card('Language model'));
    await user.clear(model.getByLabelText('Default model'));
    await user.type(model.getByLabelText('Default model'), 'gpt-4.1');
    await user.click(model.getByRole('button', { name: 'Test connection' }));

    const result = await model.findByTestId('connection-result');
    expect(result).toHaveAttribute('data-state', 'ok');
    expect(result).toHaveTextContent('The connection works');
    expect(result).toHaveTextContent('gpt-4.1 answered');
    expect(result).toHaveTextContent('in 120 ms');
    expect(api.state.tests).toEqual([{ integration: 'model', settings: { model: { provider: 'openai', baseUrl: 'https://llm.example.com/v1', model: 'gpt-4.1' } } }]);
    // Nothing was saved.
    expect(api.state.saves).toEqual([]);
    expect(model.getByRole('button', { name: 'Save' })).toBeEnabled();

    // A refusal is an answer, told in words in the card.
    answer = { ok: false, message: 'The SMTP server refused the login: 535 Authentication failed', latencyMs: 300 };
    const mail = within(card('Mail'));
    await user.type(mail.getByLabelText('SMTP server'), 'smtp://me:wrong@mail.example.com:587');
    await user.click(mail.getByRole('button', { name: 'Test connection' }));
    const failed = await mail.findByTestId('connection-result');
    expect(failed).toHaveAttribute('data-state', 'failed');
    expect(failed).toHaveTextContent('The connection failed');
    expect(failed).toHaveTextContent('535 Authentication failed');
    expect(api.state.tests[1]).toEqual({ integration: 'mail', settings: { mail: { from: 'AgentForge <no-reply@example.com>', smtpUrl: 'smtp://me:wrong@mail.example.com:587' } } });
    expect(api.state.saves).toEqual([]);

    // Changing the values makes the result stale: it goes.
    await user.type(mail.getByLabelText('Sender'), 'x');
    expect(mail.queryByTestId('connection-result')).not.toBeInTheDocument();
  });

  it('shows sizes in megabytes and saves them in bytes, within their bounds', async () => {
    const api = configurationApi(makeConfiguration({ settings: makeSettings({ limits: { ...makeSettings().limits, knowledgeQuotaBytes: 1_500_000 } }) }));
    server.use(...api.handlers);
    const { user } = await open();
    const limits = within(card('Limits'));
    const upload = limits.getByLabelText('Largest document (MB)');
    expect(upload).toHaveValue('10');
    expect(limits.getByLabelText('Knowledge storage per account (MB)')).toHaveValue('1.430511');
    expect(limits.getByLabelText('Longest message (characters)')).toHaveValue('4000');

    await user.clear(upload);
    await user.type(upload, '2048');
    await user.click(limits.getByRole('button', { name: 'Save' }));
    expect(await limits.findByText('Must be from 1 kB to 1 GB')).toBeInTheDocument();
    expect(api.state.saves).toEqual([]);

    await user.clear(upload);
    await user.type(upload, '25');
    await user.click(limits.getByRole('button', { name: 'Save' }));
    await limits.findByText('Saved and applied');
    expect(api.state.saves).toEqual([
      {
        limits: {
          uploadMaxBytes: 25 * MB,
          // Untouched, it keeps its exact bytes.
          knowledgeQuotaBytes: 1_500_000,
          rateLimitAuthPerIp: 10,
          rateLimitAuthPerEmail: 5,
          rateLimitApiKeyPerMinute: 60,
          messageMaxChars: 4000,
        },
      },
    ]);
    expect(limits.getByLabelText('Largest document (MB)')).toHaveValue('25');
  });

  it('switches a feature flag for everyone, and has the system status read again', async () => {
    const api = configurationApi();
    server.use(...api.handlers);
    const invalidated = vi.spyOn(QueryClient.prototype, 'invalidateQueries');
    const { user } = await open();
    const flags = within(card('Feature flags'));
    const uploads = flags.getByRole('switch', { name: 'File uploads' });
    expect(uploads).toHaveAttribute('aria-checked', 'false');
    expect(uploads).toHaveAccessibleDescription(expect.stringContaining('Knowledge documents and images'));
    await user.click(uploads);
    expect(uploads).toHaveAttribute('aria-checked', 'true');
    await user.click(flags.getByRole('button', { name: 'Save' }));
    await flags.findByText('Saved and applied');
    expect(api.state.saves).toEqual([{ features: { fileUpload: true, collaboration: false, voiceProvider: false } }]);
    expect(invalidated).toHaveBeenCalledWith({ queryKey: ['system'] });
    expect(uploads).toHaveAttribute('aria-checked', 'true');
  });

  it('lands on the section a link names', async () => {
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      await open('/admin/configuration#features');
      await waitFor(() => expect(scrolled).toContain(document.getElementById('features')));
    } finally {
      Element.prototype.scrollIntoView = original;
    }
  });

  it('says when the configuration cannot be read, and tries again', async () => {
    let calls = 0;
    server.use(
      mockApi.get('/admin/configuration', () => {
        calls += 1;
        return calls === 1 ? fail(403, 'admin_required', 'Administrators only') : ok(makeConfiguration());
      }),
    );
    const { user } = renderApp('/admin/configuration', { user: adminUser });
    expect(await screen.findByText('The configuration could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Administrators only')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'General' })).toBeInTheDocument();
  });
});
