import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test as base, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { signIn, wearLook } from './helpers';

// A voice conversation end to end, on the main server (whose agents answer with the built-in
// responder, the voice provider off): Chromium's fake microphone plays a one-second 440 Hz tone
// (a WAV written here), the screen records it with MediaRecorder and sends it, the server has it
// transcribed by a stand-in of an OpenAI-compatible /audio/transcriptions endpoint started here
// (the server is pointed at it by playwright.config.ts), answers, and the browser speaks the
// answer with speechSynthesis (a spy records what it was asked to say: headless audio cannot be
// heard). With SCREENSHOTS=1 the screen and the agent's voice settings are also shot in light,
// dark and Arabic to test-results/screens/.

const HEARD = 'What are your opening hours?';
const DESCRIPTION = 'We are open from nine to five, Monday to Friday.';

/** A mono 16-bit PCM WAV of a sine tone. */
function toneWav(seconds: number, hz: number, rate = 48_000): Buffer {
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'ascii');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVE', 8, 'ascii');
  wav.write('fmt ', 12, 'ascii');
  wav.writeUInt32LE(16, 16); // the format chunk's size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28); // bytes a second
  wav.writeUInt16LE(2, 32); // bytes a frame
  wav.writeUInt16LE(16, 34); // bits a sample
  wav.write('data', 36, 'ascii');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 0.5 * 32767), 44 + i * 2);
  return wav;
}

type Transcriptions = { requests: Array<{ contentType: string; body: string }> };

const test = base.extend<{ mic: Page }, { micBrowser: Browser; stt: Transcriptions }>({
  // Chromium with a fake microphone playing the tone, its permission granted without asking.
  micBrowser: [
    // (`provide` is Playwright's `use`, named so that the React hooks lint does not take it for React's.)
    async ({ playwright, browserName, launchOptions }, provide) => {
      const dir = mkdtempSync(join(tmpdir(), 'agentforge-voice-'));
      const wav = join(dir, 'tone.wav');
      writeFileSync(wav, toneWav(1, 440));
      const args = ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-audio-capture=${wav}`];
      const browser = await playwright[browserName].launch({ ...launchOptions, args: [...(launchOptions.args ?? []), ...args] });
      await provide(browser);
      await browser.close();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  // The transcription service: whatever it is sent, it heard the question.
  stt: [
    // (It asks for nothing; Playwright wants its first argument destructured.)
    async ({ playwright: _playwright }, provide) => {
      const seen: Transcriptions = { requests: [] };
      const server: Server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          if (req.method !== 'POST' || !req.url?.endsWith('/audio/transcriptions')) {
            res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
            return;
          }
          seen.requests.push({ contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks).toString('latin1') });
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: HEARD }));
        });
      });
      await new Promise<void>((resolve) => server.listen(Number(process.env.AGENTFORGE_E2E_STT_PORT), '127.0.0.1', resolve));
      await provide(seen);
      await new Promise((resolve) => server.close(resolve));
    },
    { scope: 'worker', auto: true },
  ],
  mic: async ({ micBrowser, baseURL }, provide) => {
    const context = await micBrowser.newContext({ baseURL, permissions: ['microphone'] });
    const page = await context.newPage();
    // What the browser is asked to say, kept for the test (and still said).
    await page.addInitScript(() => {
      const said: string[] = [];
      Object.assign(window, { __said: said });
      const synth = window.speechSynthesis;
      if (!synth) return;
      const speak = synth.speak.bind(synth);
      synth.speak = (utterance: SpeechSynthesisUtterance) => {
        said.push(utterance.text);
        speak(utterance);
      };
    });
    await provide(page);
    await context.close();
  },
});

const said = (page: Page) => page.evaluate(() => (window as unknown as { __said: string[] }).__said.join(' '));

/** An agent with voice on, made through the API. */
async function voiceAgent(request: APIRequestContext, token: string, name: string): Promise<string> {
  const created = await request.post('/api/agents', {
    headers: { Authorization: `Bearer ${token}` },
    data: { name, description: DESCRIPTION, greeting: 'Hello! Ask me about our opening hours.', voice_enabled: true },
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  return ((await created.json()) as { data: { id: string } }).data.id;
}

/** Click to start, talk for 1.5 s (the tone), click to stop and send. */
async function talk(page: Page, start: string | RegExp, stop: string | RegExp) {
  await page.getByRole('button', { name: start }).click();
  await expect(page.getByTestId('talk-button')).toHaveAttribute('data-state', 'recording');
  await page.waitForTimeout(1500);
  await page.getByRole('button', { name: stop }).click();
}

test('talk to an agent: the recording is transcribed, answered, spoken and timed', async ({ mic: page, request, stt }) => {
  test.setTimeout(90_000);
  await signIn(page, request, 'voice');

  // An agent with voice turned on in its settings.
  await page.goto('/dashboard/agents/create');
  await page.getByLabel('Name', { exact: true }).fill('Front desk');
  await page.getByLabel('Description', { exact: true }).fill(DESCRIPTION);
  await page.getByRole('switch', { name: 'Voice conversations' }).click();
  await expect(page.getByRole('radio', { name: /Rachel/ })).toBeAttached();
  await page.getByRole('button', { name: 'Create agent' }).click();
  await expect(page.getByText('Agent created successfully')).toBeVisible();

  await page.goto('/dashboard/conversations/voice');
  await expect(page.getByLabel('Agent')).toHaveValue(/[0-9a-f-]{36}/);
  await expect(page.getByLabel('Agent').locator('option:checked')).toHaveText('Front desk');
  await talk(page, 'Start talking', 'Stop talking and send');

  // What the server heard, the answer, the answer said aloud by the browser, and the timings.
  const question = page.locator('[data-testid="voice-message"][data-role="user"]');
  await expect(question).toContainText(HEARD, { timeout: 30_000 });
  const answer = page.locator('[data-testid="voice-message"][data-role="assistant"]');
  await expect(answer).toContainText(DESCRIPTION);
  await expect.poll(() => said(page), { timeout: 15_000 }).toContain('Monday to Friday');
  const timings = answer.getByTestId('turn-timings');
  await expect(timings).toContainText('Upload');
  await expect(timings).toContainText('Transcription');
  await expect(timings).toContainText('First token');
  await expect(timings).toContainText('Total');
  await expect(timings).toContainText('Transcribed byserver');
  // The recording reached the transcription service as WebM from MediaRecorder.
  expect(stt.requests).toHaveLength(1);
  expect(stt.requests[0].contentType).toContain('multipart/form-data');
  expect(stt.requests[0].body).toContain('filename="speech.webm"');
  // The recording was kept, and plays back.
  await expect(question.getByRole('button', { name: 'Play the recording' })).toBeVisible();

  // The conversation is in the history, on the voice channel, with the recording's play button.
  await expect(page).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
  const conversationId = new URL(page.url()).searchParams.get('c');
  await page.goto(`/dashboard/conversations/${conversationId}`);
  await expect(page.getByTestId('transcript-message')).toHaveCount(2);
  await expect(page.getByTestId('transcript-message').first().getByRole('button', { name: 'Play the recording' })).toBeVisible();
});

test.describe('screens', () => {
  test.skip(!process.env.SCREENSHOTS, 'set SCREENSHOTS=1 to take screenshots');

  for (const v of [
    { name: 'light', theme: 'light', lang: 'en' },
    { name: 'dark', theme: 'dark', lang: 'en' },
    { name: 'ar', theme: 'light', lang: 'ar' },
  ] as const) {
    test(`the voice screen and the agent's voice settings in ${v.name}`, async ({ mic: page, request }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 1280, height: 900 });
      await wearLook(page, v);
      const token = await signIn(page, request, `shots-voice-${v.name}`);
      const agentId = await voiceAgent(request, token, 'Front desk');

      // Found by their place, not their words, which are the variant's language.
      await page.goto('/dashboard/conversations/voice');
      await expect(page.getByTestId('talk-button')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/voice-empty-${v.name}.png`, fullPage: true });
      await page.getByTestId('talk-button').click();
      await expect(page.getByTestId('talk-button')).toHaveAttribute('data-state', 'recording');
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `test-results/screens/voice-recording-${v.name}.png`, fullPage: true });
      await page.getByTestId('talk-button').click();
      await expect(page.getByTestId('turn-timings')).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `test-results/screens/voice-${v.name}.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: `test-results/screens/voice-mobile-${v.name}.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });

      await page.goto(`/dashboard/agents/${agentId}/edit`);
      const section = page.locator('#voice');
      await expect(section.getByTestId('voice-option').first()).toBeVisible();
      await section.screenshot({ path: `test-results/screens/agent-voice-${v.name}.png` });
    });
  }
});
