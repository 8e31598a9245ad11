import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { speak, stopSpeaking } from '@/lib/speech';
import { useToasts } from '@/lib/toast';
import { fail, mockApi, mswPath } from '@/testing/mocks/http';
import { server } from '@/testing/mocks/server';
import { installMediaFakes, playback, synthesis } from '@/testing/mocks/voice';

/** POST /elevenlabs/text-to-speech answering MP3 bytes (msw's own: the typed mocks answer JSON), keeping each body. */
function speechAnswers() {
  const bodies: unknown[] = [];
  server.use(
    http.post(mswPath('/elevenlabs/text-to-speech'), async ({ request }) => {
      bodies.push(await request.json());
      return new HttpResponse(new Uint8Array([0xff, 0xfb, 0x90, 0x00]), { headers: { 'Content-Type': 'audio/mpeg' } });
    }),
  );
  return bodies;
}

/** POST /elevenlabs/text-to-speech refused; counts the calls. */
function speechRefused(status: number, code: string, message: string) {
  const calls = { count: 0 };
  server.use(
    mockApi.post('/elevenlabs/text-to-speech', () => {
      calls.count += 1;
      return fail(status, code, message);
    }),
  );
  return calls;
}

describe('speech', () => {
  let uninstall: () => void;
  beforeEach(() => {
    uninstall = installMediaFakes();
  });
  afterEach(() => uninstall());

  it('speaks with the browser while the voice provider is off, asking the server nothing', async () => {
    const bodies = speechAnswers();
    await expect(speak('Hello there', { provider: false, voiceId: 'bella', lang: 'en' })).resolves.toBe('browser');
    expect(synthesis.spoken).toEqual(['Hello there']);
    expect(bodies).toEqual([]);
  });

  it("plays ElevenLabs' audio while the provider is on, sending only what the call gives (the server fills in the defaults)", async () => {
    const bodies = speechAnswers();
    await expect(speak('Hello there', { provider: true, voiceId: 'bella', agentId: 'a1' })).resolves.toBe('elevenlabs');
    expect(playback.played).toHaveLength(1);
    expect(synthesis.spoken).toEqual([]);
    // modelId eleven_multilingual_v2, stability 0.5, similarity boost 0.75, style 0.2 and speaker boost are the server's when left out.
    expect(bodies).toEqual([{ text: 'Hello there', voiceId: 'bella', agentId: 'a1' }]);

    await speak('Again', { provider: true, settings: { stability: 0.9, style: null } });
    expect(bodies[1]).toEqual({ text: 'Again', stability: 0.9 });
  });

  it.each([
    [429, 'QUOTA_EXCEEDED', 'The ElevenLabs quota for this period is used up.'],
    [502, 'INVALID_API_KEY', 'ElevenLabs refused the API key.'],
    [429, 'INSUFFICIENT_CREDITS', 'The ElevenLabs account has run out of credits.'],
    [403, 'feature_disabled', 'An administrator turned the voice provider off.'],
    [409, 'speech_not_configured', 'No ElevenLabs account is connected.'],
    [502, 'SPEECH_UNAVAILABLE', 'ElevenLabs could not be reached.'],
    [500, 'internal_error', 'ElevenLabs could not speak this time.'],
  ])('falls back to the browser on %i %s, says so once a session, and never retries', async (status, code, said) => {
    const calls = speechRefused(status, code, 'refused');
    const toasts = renderHook(() => useToasts());
    await expect(speak('First sentence', { provider: true })).resolves.toBe('browser');
    expect(synthesis.spoken).toEqual(['First sentence']);
    expect(calls.count).toBe(1);
    await waitFor(() => expect(toasts.result.current).toHaveLength(1));
    expect(toasts.result.current[0]).toMatchObject({ status: 'info', title: "Your browser's voice is speaking", description: said });

    // The next failure speaks too, quietly: no second notice this session.
    await expect(speak('Second sentence', { provider: true })).resolves.toBe('browser');
    expect(synthesis.spoken).toEqual(['First sentence', 'Second sentence']);
    expect(calls.count).toBe(2);
    expect(toasts.result.current).toHaveLength(1);
  });

  it('stops what speaks when something else starts, and everything at once on barge-in', async () => {
    synthesis.autoEnd = false;
    const first = speak('One', { provider: false });
    const second = speak('Two', { provider: false });
    // The first was stopped (cancelled) when the second took the voice.
    await expect(first).resolves.toBe('browser');
    expect(synthesis.cancelled).toBeGreaterThan(0);
    stopSpeaking();
    await expect(second).resolves.toBe('browser');
    expect(synthesis.spoken).toEqual(['One', 'Two']);
  });
});
