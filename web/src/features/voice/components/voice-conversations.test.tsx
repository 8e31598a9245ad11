import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAgent } from '@/testing/mocks/agents';
import { mockApi, mswPath, ok, paged } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { FakeMediaRecorder, FakeRecognition, installMediaFakes, makeVoiceMessages, makeVoiceTurn, media, mockVoiceMessage, OpenVoiceSse, playback, synthesis, turnEvents, vadLevel } from '@/testing/mocks/voice';
import { plainUser, renderApp } from '@/testing/test-utils';

const SCREEN = '/dashboard/conversations/voice';
const frontDesk = makeAgent({ id: 'a1', name: 'Front desk', voice_enabled: true, language: 'en' });

/** My agents as GET /agents lists them. */
const withAgents = (...agents: ReturnType<typeof makeAgent>[]) => server.use(mockApi.get('/agents', () => paged(agents, { limit: 100 })));

const talkButton = () => screen.getByTestId('talk-button');
/** Long enough a recording to be a question (the screen drops shorter ones). */
const pause = (ms = 350) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** Click to start, talk a little, click to stop and send. */
async function recordOnce(user: ReturnType<typeof renderApp>['user'], say?: () => void) {
  await user.click(await screen.findByRole('button', { name: 'Start talking' }));
  await waitFor(() => expect(talkButton()).toHaveAttribute('data-state', 'recording'));
  say?.();
  await pause();
  await user.click(screen.getByRole('button', { name: 'Stop talking and send' }));
}

describe('the voice screen', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installMediaFakes({ recognition: true });
  });
  afterEach(() => uninstall());

  it('says how to turn voice on when no agent takes it, with a link to each agent’s settings', async () => {
    withAgents(makeAgent({ id: 'a2', name: 'Billing bot', voice_enabled: false }));
    renderApp(SCREEN, { user: plainUser });
    expect(await screen.findByRole('heading', { name: 'No agent takes voice yet' })).toBeInTheDocument();
    expect(screen.getByText(/Turn on “Voice conversations” in the Voice section of an agent's settings/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Turn on voice for Billing bot' })).toHaveAttribute('href', '/dashboard/agents/a2/edit#voice');
    expect(screen.queryByTestId('talk-button')).not.toBeInTheDocument();
  });

  it('records, sends, shows the transcript and the answer growing, plays the sentences in order and shows the timings', async () => {
    withAgents(makeAgent({ id: 'a0', name: 'Quiet bot', voice_enabled: false }), frontDesk);
    const audio = btoa(String.fromCharCode(0xff, 0xfb, 0x90, 0x00));
    const sse = new OpenVoiceSse();
    const voice = mockVoiceMessage(() => sse);
    server.use(voice.handler);
    const { user, router } = renderApp(SCREEN, { user: plainUser });
    // Only the agents with voice on are offered.
    const picker = await screen.findByLabelText('Agent');
    expect(within(picker).getAllByRole('option').map((o) => o.textContent)).toEqual(['Front desk']);

    await recordOnce(user, () => {
      act(() => FakeRecognition.current?.say('What are your opening', false));
      expect(screen.getByTestId('voice-live-transcript')).toHaveTextContent('What are your opening');
    });
    await waitFor(() => expect(voice.forms).toHaveLength(1));
    const form = voice.forms[0];
    expect(form.get('agentId')).toBe('a1');
    expect(form.get('language')).toBe('en');
    expect(Number(form.get('durationMs'))).toBeGreaterThanOrEqual(300);
    expect(form.get('conversationId')).toBeNull();
    // The browser's words so far go along (the server's transcription is preferred when it has one).
    expect(form.get('transcript')).toBe('What are your opening');
    const file = form.get('audio');
    expect(file).toMatchObject({ name: 'speech.webm', type: 'audio/webm;codecs=opus' });
    // The recorder's bytes, as recorded (WebM's first four).
    expect([...new Uint8Array(await (file as File).arrayBuffer())].slice(0, 4)).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(FakeMediaRecorder.instances[0].mimeType).toBe('audio/webm;codecs=opus');
    // The microphone is let go once the recording is made (press-to-talk).
    expect(media.stopped).toBe(1);

    playback.autoEnd = false;
    act(() => sse.send('transcript', { text: 'What are your opening hours?', transcribedBy: 'server' }));
    expect(await screen.findByTestId('voice-heard')).toHaveTextContent('What are your opening hours?');
    act(() => sse.send('start', { conversationId: 'vc1', userMessageId: 'vu1', messageId: 'va1' }));
    act(() => sse.send('delta', { text: 'We open at nine.' }));
    expect(await screen.findByTestId('voice-answer')).toHaveTextContent('We open at nine.');
    act(() => sse.send('sentence', { index: 0, text: 'We open at nine.', audio, contentType: 'audio/mpeg' }));
    act(() => sse.send('delta', { text: ' We close at five.' }));
    act(() => sse.send('sentence', { index: 1, text: 'We close at five.', audio: null, contentType: null }));
    await waitFor(() => expect(screen.getByTestId('voice-answer')).toHaveTextContent('We open at nine. We close at five.'));
    // The first sentence plays; the second waits its turn.
    await waitFor(() => expect(playback.played).toHaveLength(1));
    expect(synthesis.spoken).toEqual([]);
    expect(screen.getByTestId('voice-status')).toHaveTextContent('Speaking… start talking to interrupt.');
    act(() => playback.playing[0].end());
    await waitFor(() => expect(synthesis.spoken).toEqual(['We close at five.']));

    act(() => sse.send('end', makeVoiceTurn()));
    act(() => sse.close());
    const timings = await screen.findByTestId('turn-timings');
    expect(timings).toHaveTextContent('Upload12 ms');
    expect(timings).toHaveTextContent('Transcription340 ms');
    expect(timings).toHaveTextContent('First token910 ms');
    expect(timings).toHaveTextContent('First audio—');
    expect(timings).toHaveTextContent('Total2.1 s');
    expect(timings).toHaveTextContent('Transcribed byserver');
    const rows = screen.getAllByTestId('voice-message');
    expect(rows.map((r) => r.dataset.role)).toEqual(['user', 'assistant']);
    expect(rows[0]).toHaveTextContent('What are your opening hours?');
    // The question's recording is playable.
    expect(within(rows[0]).getByRole('button', { name: 'Play the recording' })).toBeInTheDocument();
    // The conversation goes on from the address.
    await waitFor(() => expect(router.state.location.search).toContain('c=vc1'));

    // The next turn continues it.
    playback.autoEnd = true;
    const next = mockVoiceMessage(() => turnEvents({ turn: makeVoiceTurn({ userMessage: makeVoiceTurn().userMessage, answer: makeVoiceTurn().answer }) }));
    server.use(next.handler);
    await recordOnce(user);
    await waitFor(() => expect(next.forms).toHaveLength(1));
    expect(next.forms[0].get('conversationId')).toBe('vc1');
  });

  it('sends the browser’s own transcript when it heard one', async () => {
    withAgents(frontDesk);
    const voice = mockVoiceMessage(() => turnEvents());
    server.use(voice.handler);
    const { user } = renderApp(SCREEN, { user: plainUser });
    await recordOnce(user, () => act(() => FakeRecognition.current?.say('What are your opening hours?', true)));
    await waitFor(() => expect(voice.forms).toHaveLength(1));
    expect(voice.forms[0].get('transcript')).toBe('What are your opening hours?');
    expect(await screen.findByTestId('turn-timings')).toBeInTheDocument();
  });

  it('says once, quietly, that the browser speaks when the voice provider fails', async () => {
    withAgents(frontDesk);
    const voice = mockVoiceMessage(() => turnEvents({ speechError: { code: 'QUOTA_EXCEEDED', message: 'quota exceeded' } }));
    server.use(voice.handler);
    const { user } = renderApp(SCREEN, { user: plainUser });
    await recordOnce(user);
    expect(await screen.findByText("Your browser's voice is speaking")).toBeInTheDocument();
    expect(screen.getByText('The ElevenLabs quota for this period is used up.')).toBeInTheDocument();
    await waitFor(() => expect(synthesis.spoken).toEqual(['We open at nine.', 'We close at five.']));

    await recordOnce(user);
    await waitFor(() => expect(voice.forms).toHaveLength(2));
    await waitFor(() => expect(synthesis.spoken).toHaveLength(4));
    expect(screen.getAllByText("Your browser's voice is speaking")).toHaveLength(1);
  });

  it('stops the answer at once when the person starts talking (barge-in), and plays none of the rest', async () => {
    withAgents(frontDesk);
    const sse = new OpenVoiceSse();
    server.use(mockVoiceMessage(() => sse).handler);
    const { user } = renderApp(SCREEN, { user: plainUser });
    await recordOnce(user);
    synthesis.autoEnd = false;
    act(() => {
      sse.send('transcript', { text: 'Tell me everything', transcribedBy: 'server' });
      sse.send('start', { conversationId: 'vc1', userMessageId: 'vu1', messageId: 'va1' });
      sse.send('sentence', { index: 0, text: 'First sentence.', audio: null, contentType: null });
    });
    await waitFor(() => expect(synthesis.spoken).toEqual(['First sentence.']));

    await user.click(screen.getByRole('button', { name: 'Start talking' }));
    expect(synthesis.cancelled).toBeGreaterThan(0);
    await waitFor(() => expect(talkButton()).toHaveAttribute('data-state', 'recording'));
    // What the interrupted answer still says is not played.
    act(() => sse.send('sentence', { index: 1, text: 'Second sentence.', audio: null, contentType: null }));
    await pause(50);
    expect(synthesis.spoken).toEqual(['First sentence.']);
  });

  it('shows the server’s refusal and does not retry a 429', async () => {
    withAgents(frontDesk);
    const voice = mockVoiceMessage(() => ({ status: 429, body: { success: false, error: 'rate_limited', message: 'Too many voice messages: try again in a minute', errors: [] } }));
    server.use(voice.handler);
    const { user } = renderApp(SCREEN, { user: plainUser });
    await recordOnce(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many voice messages: try again in a minute');
    await pause(300);
    expect(voice.forms).toHaveLength(1);
  });

  it('shows the error event’s message, or the specification’s default', async () => {
    withAgents(frontDesk);
    const voice = mockVoiceMessage((_form, call) => [
      ['transcript', { text: 'Hello', transcribedBy: 'browser' }],
      ['error', { error: 'transcription_failed', message: call === 1 ? 'Failed to process voice message: the service is down' : '' }],
    ]);
    server.use(voice.handler);
    const { user } = renderApp(SCREEN, { user: plainUser });
    await recordOnce(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to process voice message: the service is down');
    await recordOnce(user);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Failed to process voice message$/));
  });

  it.each([
    ['NotAllowedError', "Microphone access was denied. Allow it in your browser's site settings, then try again."],
    ['NotFoundError', 'No microphone was found. Connect one, then try again.'],
    ['NotReadableError', 'The microphone is in use by another application.'],
  ])('says in words why the microphone did not open (%s)', async (name, said) => {
    withAgents(frontDesk);
    media.fail = name;
    const { user } = renderApp(SCREEN, { user: plainUser });
    await user.click(await screen.findByRole('button', { name: 'Start talking' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(said);
    expect(talkButton()).toHaveAttribute('data-state', 'idle');
  });

  it('records while the button is held and sends when it is let go', async () => {
    withAgents(frontDesk);
    const voice = mockVoiceMessage(() => turnEvents());
    server.use(voice.handler);
    const { user } = renderApp(SCREEN, { user: plainUser });
    const button = await screen.findByRole('button', { name: 'Start talking' });
    await user.pointer({ keys: '[MouseLeft>]', target: button });
    await waitFor(() => expect(talkButton()).toHaveAttribute('data-state', 'recording'));
    await pause(450);
    await user.pointer({ keys: '[/MouseLeft]', target: button });
    await waitFor(() => expect(voice.forms).toHaveLength(1));
    expect(talkButton()).toHaveAttribute('data-state', 'idle');
  });

  it('hands-free: starts recording on speech and sends after a silence', async () => {
    withAgents(frontDesk);
    const voice = mockVoiceMessage(() => turnEvents());
    server.use(voice.handler);
    const { user } = renderApp(SCREEN, { user: plainUser });
    await user.click(await screen.findByRole('switch', { name: 'Hands-free' }));
    await waitFor(() => expect(screen.getByTestId('voice-status')).toHaveTextContent('Hands-free is on: just start talking.'));
    vadLevel.value = 0.3;
    await waitFor(() => expect(talkButton()).toHaveAttribute('data-state', 'recording'));
    await pause(400);
    vadLevel.value = 0;
    await waitFor(() => expect(voice.forms).toHaveLength(1), { timeout: 3000 });
    // The microphone stays open for the next question.
    expect(media.stopped).toBe(0);
    await user.click(screen.getByRole('switch', { name: 'Hands-free' }));
    expect(media.stopped).toBe(1);
  });

  it('shows a conversation’s history with each message’s audio, fetched with the session’s token', async () => {
    withAgents(frontDesk);
    const turn = makeVoiceTurn({ answerAudio: { url: '/api/voice/messages/va1/audio', contentType: 'audio/mpeg', sizeBytes: 2048 } });
    const auth: Array<string | null> = [];
    server.use(
      mockApi.get('/voice/conversations/{id}/messages', () => ok(makeVoiceMessages(turn)), { id: 'vc1' }),
      http.get(mswPath('/voice/messages/:id/audio'), ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return new HttpResponse(new Uint8Array([0xff, 0xfb]), { headers: { 'Content-Type': 'audio/mpeg' } });
      }),
    );
    const { user, unmount } = renderApp(`${SCREEN}?agent=a1&c=vc1`, { user: plainUser });
    const rows = await screen.findAllByTestId('voice-message');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByTestId('turn-timings')).toBeInTheDocument();
    playback.autoEnd = false;
    await user.click(within(rows[1]).getByRole('button', { name: 'Play the spoken answer' }));
    await waitFor(() => expect(playback.played).toHaveLength(1));
    expect(auth).toEqual(['Bearer test-token']);
    expect(within(rows[1]).getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    // "New conversation" forgets it.
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(await screen.findByText('Talk to your agent')).toBeInTheDocument();
    expect(playback.paused).toBe(1);
    unmount();
  });
});
