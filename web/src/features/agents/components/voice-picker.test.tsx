import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogueHandlers, makeAgent } from '@/testing/mocks/agents';
import { mockApi, mswPath, ok } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { mockStatus } from '@/testing/mocks/system';
import { installMediaFakes, makeSpeechVoice, makeVoices, playback, synthesis } from '@/testing/mocks/voice';
import { plainUser, renderApp } from '@/testing/test-utils';

const CLONE_ID = 'Abcdefghij0123456789';

/** The edit form of a support agent (suggested voice: Bella), the voices list as given. */
function editForm(voices = makeVoices()) {
  server.use(
    // Before the catalogue's handlers: the first that matches answers.
    mockApi.get('/elevenlabs/voices', () => ok(voices)),
    ...catalogueHandlers,
    mockApi.get('/agents/{id}', () => ok(makeAgent({ id: 'a1', name: 'Helpdesk', type: 'customer_support', voice_model_id: CLONE_ID })), { id: 'a1' }),
  );
  return renderApp('/dashboard/agents/a1/edit', { user: plainUser });
}

describe('the voice picker', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installMediaFakes();
  });
  afterEach(() => uninstall());

  it('lists the catalogue, then the account’s own voices, marking those the account lacks, and keeps the suggestion', async () => {
    editForm(
      makeVoices({
        enabled: true,
        source: 'own',
        voices: [
          makeSpeechVoice({ id: 'EXAVITQu4vr4xnSDxMaL', name: 'bella', useCase: 'support', description: 'Soft and warm.', available: false }),
          makeSpeechVoice(),
          makeSpeechVoice({ id: CLONE_ID, name: 'My clone', source: 'account', category: null, gender: 'male', accent: 'irish', ageRange: null, useCase: 'narration', description: 'Cloned from me.' }),
        ],
      }),
    );
    expect(await screen.findByText('Catalogue voices')).toBeInTheDocument();
    expect(screen.getByText('Your ElevenLabs voices')).toBeInTheDocument();
    const options = screen.getAllByTestId('voice-option');
    expect(options.map((o) => within(o).getByRole('radio').getAttribute('value'))).toEqual(['bella', 'rachel', CLONE_ID]);
    // The account's own voice is the agent's, chosen by its id.
    expect(within(options[2]).getByRole('radio')).toBeChecked();
    expect(options[2]).toHaveTextContent('My clone');
    expect(options[2]).toHaveTextContent('Cloned from me.');
    expect(options[2]).toHaveTextContent('male · irish · narration');
    expect(within(options[0]).getByText('Not available')).toBeInTheDocument();
    expect(within(options[1]).queryByText('Not available')).not.toBeInTheDocument();
    expect(within(options[0]).getByText('Suggested')).toBeInTheDocument();
    expect(screen.getByText('Suggested voice for this agent: Bella')).toBeInTheDocument();
  });

  it('marks nothing unavailable while no account answered (the browser speaks)', async () => {
    editForm(makeVoices({ voices: [makeSpeechVoice({ available: false })] }));
    expect(await screen.findByRole('radio', { name: /Rachel/ })).toBeInTheDocument();
    expect(screen.queryByText('Not available')).not.toBeInTheDocument();
    expect(screen.getByText("Previews use your browser's voice while the voice provider is off.")).toBeInTheDocument();
  });

  it('previews a voice with the browser’s voice while the provider is off', async () => {
    const { user } = editForm();
    await user.click(await screen.findByRole('button', { name: 'Preview Bella' }));
    await waitFor(() => expect(synthesis.spoken).toEqual(["Hello, I'm Bella. This is how I will sound when I answer."]));
  });

  it('previews a voice with ElevenLabs, through the agent’s account, while the provider is on', async () => {
    mockStatus({ features: { voiceProvider: true } });
    const bodies: unknown[] = [];
    server.use(
      http.post(mswPath('/elevenlabs/text-to-speech'), async ({ request }) => {
        bodies.push(await request.json());
        return new HttpResponse(new Uint8Array([0xff, 0xfb, 0x90]), { headers: { 'Content-Type': 'audio/mpeg' } });
      }),
    );
    const { user } = editForm(makeVoices({ enabled: true, source: 'own' }));
    expect(await screen.findByText('Previews are spoken by ElevenLabs.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Preview Daniel' })).toBeInTheDocument());
    playback.autoEnd = false;
    await user.click(screen.getByRole('button', { name: 'Preview Daniel' }));
    await waitFor(() => expect(playback.played).toHaveLength(1));
    expect(bodies).toEqual([{ text: "Hello, I'm Daniel. This is how I will sound when I answer.", voiceId: 'daniel', agentId: 'a1' }]);
    expect(synthesis.spoken).toEqual([]);
    // Pressed again, it stops.
    await user.click(screen.getByRole('button', { name: 'Stop the preview' }));
    expect(playback.paused).toBe(1);
  });
});
