import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeAgent } from '@/testing/mocks/agents';
import { makeConversation } from '@/testing/mocks/conversations';
import { mockApi, mswPath, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { installMediaFakes, makeVoiceMessages, makeVoiceTurn, playback } from '@/testing/mocks/voice';
import { plainUser, renderApp } from '@/testing/test-utils';

/** A conversation of the given channel, its messages those of one voice turn (the answer's audio kept). */
function voiceConversation(channel: 'voice' | 'web') {
  const turn = makeVoiceTurn({ conversationId: 'c1', answerAudio: { url: '/api/voice/messages/va1/audio', contentType: 'audio/mpeg', sizeBytes: 2048 } });
  const voiceReads = { count: 0 };
  server.use(
    mockApi.get('/conversations/{id}', () => ok(makeConversation({ id: 'c1', channel, title: 'Opening hours' })), { id: 'c1' }),
    mockApi.get('/agents/{id}', () => ok(makeAgent({ access: 'view' })), { id: 'a1' }),
    mockApi.get('/conversations/{id}/messages', () => ok([turn.userMessage, turn.answer]), { id: 'c1' }),
    mockApi.get(
      '/voice/conversations/{id}/messages',
      () => {
        voiceReads.count += 1;
        return ok(makeVoiceMessages(turn));
      },
      { id: 'c1' },
    ),
    http.get(mswPath('/voice/messages/:id/audio'), () => new HttpResponse(new Uint8Array([0xff, 0xfb]), { headers: { 'Content-Type': 'audio/mpeg' } })),
  );
  return voiceReads;
}

describe('a voice conversation’s transcript', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installMediaFakes();
  });
  afterEach(() => uninstall());

  it('plays the recording and the spoken answer of each message that kept its audio', async () => {
    voiceConversation('voice');
    const { user } = renderApp('/dashboard/conversations/c1', { user: plainUser });
    const [question, answer] = await screen.findAllByTestId('transcript-message');
    expect(await within(question).findByRole('button', { name: 'Play the recording' })).toBeInTheDocument();
    await user.click(within(answer).getByRole('button', { name: 'Play the spoken answer' }));
    await waitFor(() => expect(playback.played).toHaveLength(1));
  });

  it('asks for no audio on conversations of other channels', async () => {
    const reads = voiceConversation('web');
    renderApp('/dashboard/conversations/c1', { user: plainUser });
    expect(await screen.findAllByTestId('transcript-message')).toHaveLength(2);
    expect(screen.queryByTestId('message-audio')).not.toBeInTheDocument();
    expect(reads.count).toBe(0);
  });
});
