import { http, HttpResponse } from 'msw';
import type { components } from '@/lib/api-types';
import type { VoiceMessage, VoiceTurn } from '@/lib/voice';
import type { VoiceEventData, VoiceEventType } from '@/features/voice/api/voice-turn';
import { makeMessage } from '@/testing/mocks/conversations';
import { mswPath, sseEvent, type ErrorBody } from '@/testing/mocks/http';

// Voice: the voices to choose from (GET /elevenlabs/voices), a voice turn's events and its
// answer, and the browser APIs jsdom lacks (the microphone, the recorder, Web Audio, speech
// synthesis and recognition, audio playback), as fakes the tests drive.

type S = components['schemas'];

export function makeSpeechVoice(over: Partial<S['SpeechVoiceOut']> = {}): S['SpeechVoiceOut'] {
  return {
    id: '21m00Tcm4TlvDq8ikWAM',
    name: 'rachel',
    gender: 'female',
    accent: 'american',
    ageRange: 'young',
    useCase: 'general',
    description: 'Calm and clear, for narration and general use.',
    characteristics: 'calm',
    category: 'clear',
    language: 'en',
    available: true,
    source: 'catalogue',
    settings: { stability: 0.8, similarityBoost: 0.9, style: 0.1, speakerBoost: false },
    ...over,
  };
}

/** The voices list: the catalogue (four voices) and, when given, the account's own. */
export function makeVoices(over: Partial<S['VoicesOut']> = {}): S['VoicesOut'] {
  return {
    defaultVoice: 'rachel',
    enabled: false,
    source: null,
    error: null,
    voices: [
      makeSpeechVoice({ id: 'EXAVITQu4vr4xnSDxMaL', name: 'bella', useCase: 'support', description: 'Soft and warm.' }),
      makeSpeechVoice({ id: 'onwK4e9ZLuTAKqWW03F9', name: 'daniel', gender: 'male', accent: 'british', useCase: 'business', description: 'Deep and authoritative.' }),
      makeSpeechVoice({ id: 'LcfcDJNUP1GQjkzn1xUU', name: 'emily', useCase: 'education', description: 'Bright and friendly.' }),
      makeSpeechVoice(),
    ],
    ...over,
  };
}

/** A finished turn: the question, the answer with its text, timings, and no kept answer audio. */
export function makeVoiceTurn(over: Partial<VoiceTurn> = {}): VoiceTurn {
  const conversationId = over.conversationId ?? 'vc1';
  return {
    conversationId,
    userMessage: makeMessage({ id: 'vu1', conversationId, role: 'user', content: 'What are your opening hours?' }),
    transcript: 'What are your opening hours?',
    transcribedBy: 'server',
    userAudio: { url: '/api/voice/messages/vu1/audio', contentType: 'audio/webm', sizeBytes: 1200 },
    answer: makeMessage({ id: 'va1', conversationId, role: 'assistant', content: 'We open at nine. We close at five.', provider: 'openai', model: 'gpt-4o-mini' }),
    answerAudio: null,
    audioId: null,
    voiceId: null,
    speechError: null,
    timings: { uploadMs: 12, transcriptionMs: 340, firstTokenMs: 910, firstAudioMs: null, totalMs: 2100 },
    ...over,
  };
}

/** A conversation's messages as GET /voice/conversations/{id}/messages gives them. */
export function makeVoiceMessages(turn: VoiceTurn = makeVoiceTurn()): VoiceMessage[] {
  return [
    { message: turn.userMessage, audio: turn.userAudio ?? null },
    { message: turn.answer, audio: turn.answerAudio ?? null, timings: turn.timings, transcribedBy: turn.transcribedBy, voiceId: turn.voiceId ?? null, speechError: turn.speechError?.code ?? null },
  ];
}

/** One event of a voice turn, its data the shape for its name. */
export type VoiceSseEvent = { [K in VoiceEventType]: [K, VoiceEventData[K]] }[VoiceEventType];

/** The events of a whole turn: what was heard, the start, the text, its sentences, the end. */
export function turnEvents(opts: { turn?: VoiceTurn; sentences?: Array<{ text: string; audio?: string | null }>; speechError?: S['SpeechProblemOut'] } = {}): VoiceSseEvent[] {
  const turn = opts.turn ?? makeVoiceTurn();
  const sentences = opts.sentences ?? [{ text: 'We open at nine.' }, { text: ' We close at five.' }];
  const events: VoiceSseEvent[] = [
    ['transcript', { text: turn.transcript, transcribedBy: turn.transcribedBy }],
    ['start', { conversationId: turn.conversationId, userMessageId: turn.userMessage.id, messageId: turn.answer.id }],
  ];
  if (opts.speechError) events.push(['speech_error', opts.speechError]);
  sentences.forEach((s, index) => {
    events.push(['delta', { text: s.text }]);
    events.push(['sentence', { index, text: s.text.trim(), audio: s.audio ?? null, contentType: s.audio ? 'audio/mpeg' : null }]);
  });
  events.push(['end', turn]);
  return events;
}

const encoder = new TextEncoder();

/**
 * POST /voice/conversations/message answering Server-Sent Events. The document describes the
 * operation's events in words only (its JSON answer is typed), so this handler is msw's own,
 * its events typed by the voice feature's `VoiceEventData`. `reply` sees the form and the call's
 * number; it answers events (all at once), an open stream the test writes to, or a failure.
 */
export type VoiceReply = VoiceSseEvent[] | OpenVoiceSse | { status: number; body: ErrorBody };
export function mockVoiceMessage(reply: (form: FormData, call: number) => VoiceReply | Promise<VoiceReply>) {
  const forms: FormData[] = [];
  const handler = http.post(mswPath('/voice/conversations/message'), async ({ request }) => {
    const form = await request.formData();
    forms.push(form);
    const answer = await reply(form, forms.length);
    if (answer instanceof OpenVoiceSse) return answer.response();
    if (!Array.isArray(answer)) return HttpResponse.json(answer.body, { status: answer.status });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const [event, data] of answer) controller.enqueue(encoder.encode(sseEvent(event, data)));
        controller.close();
      },
    });
    return new HttpResponse(body, { headers: { 'Content-Type': 'text/event-stream' } });
  });
  return { handler, forms };
}

/** A voice turn's stream the test writes to as it goes. */
export class OpenVoiceSse {
  private controller!: ReadableStreamDefaultController<Uint8Array>;
  private body = new ReadableStream<Uint8Array>({ start: (c) => void (this.controller = c) });
  response() {
    return new HttpResponse(this.body, { headers: { 'Content-Type': 'text/event-stream' } });
  }
  send(...[event, data]: VoiceSseEvent) {
    this.controller.enqueue(encoder.encode(sseEvent(event, data)));
  }
  close() {
    this.controller.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The browser's media, faked.

/** The fake microphone's stream and what getUserMedia was asked; `fail` makes the next call throw that DOMException name. */
export const media = {
  requests: 0,
  fail: null as string | null,
  stopped: 0,
};

class FakeTrack {
  stop() {
    media.stopped += 1;
  }
}

class FakeStream {
  private tracks = [new FakeTrack()];
  getTracks() {
    return this.tracks;
  }
}

/** MediaRecorder: records a small WebM (its magic bytes) and says when it starts and stops. */
export class FakeMediaRecorder {
  static instances: FakeMediaRecorder[] = [];
  static isTypeSupported = (type: string) => type.startsWith('audio/webm');
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((e: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(
    public stream: unknown,
    options?: { mimeType?: string },
  ) {
    this.mimeType = options?.mimeType ?? 'audio/webm';
    FakeMediaRecorder.instances.push(this);
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    // Node's File (the tests' File, see setup-tests.ts), so the form sent carries these very bytes.
    this.ondataavailable?.({ data: new File([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 1, 2, 3, 4])], 'chunk', { type: this.mimeType }) });
    this.onstop?.();
  }
}

/** speechSynthesis: each utterance is kept; the test ends it (or it ends by itself with `autoEnd`). */
export const synthesis = {
  spoken: [] as string[],
  cancelled: 0,
  autoEnd: true,
  pending: [] as Array<{ text: string; onend: (() => void) | null }>,
};

class FakeUtterance {
  lang = '';
  voice: unknown = null;
  onend: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public text: string) {}
}

const fakeSynthesis = {
  speak(u: FakeUtterance) {
    synthesis.spoken.push(u.text);
    if (synthesis.autoEnd) setTimeout(() => u.onend?.(), 0);
    else synthesis.pending.push(u);
  },
  cancel() {
    synthesis.cancelled += 1;
    const pending = synthesis.pending;
    synthesis.pending = [];
    for (const u of pending) u.onend?.();
  },
  getVoices: () => [],
};

/** Audio playback: each played source is kept; the test ends it (or it ends by itself with `autoEnd`). */
export const playback = {
  played: [] as string[],
  paused: 0,
  autoEnd: true,
  playing: [] as FakeAudio[],
};

class FakeAudio {
  onended: (() => void) | null = null;
  onerror: (() => void) | null = null;
  paused = true;
  constructor(public src: string) {}
  play() {
    this.paused = false;
    playback.played.push(this.src);
    if (playback.autoEnd) setTimeout(() => this.end(), 0);
    else playback.playing.push(this);
    return Promise.resolve();
  }
  pause() {
    if (!this.paused) playback.paused += 1;
    this.paused = true;
    playback.playing = playback.playing.filter((a) => a !== this);
  }
  end() {
    this.paused = true;
    playback.playing = playback.playing.filter((a) => a !== this);
    this.onended?.();
  }
}

class FakeAudioContext {
  createAnalyser() {
    return { fftSize: 1024, getFloatTimeDomainData: (frame: Float32Array) => frame.fill(vadLevel.value) };
  }
  createMediaStreamSource() {
    return { connect() {} };
  }
  close() {
    return Promise.resolve();
  }
}

/** The level every sample of the fake microphone has (the hands-free detector reads it). */
export const vadLevel = { value: 0 };

let objectUrls = 0;

/** Installs the fakes on the page (call in `beforeEach`); answers a function that takes them away. */
export function installMediaFakes({ recognition = false }: { recognition?: boolean } = {}) {
  Object.assign(media, { requests: 0, fail: null, stopped: 0 });
  Object.assign(synthesis, { spoken: [], cancelled: 0, autoEnd: true, pending: [] });
  Object.assign(playback, { played: [], paused: 0, autoEnd: true, playing: [] });
  FakeMediaRecorder.instances = [];
  vadLevel.value = 0;
  const saved = {
    mediaDevices: Object.getOwnPropertyDescriptor(navigator, 'mediaDevices'),
    createObjectURL: URL.createObjectURL,
    revokeObjectURL: URL.revokeObjectURL,
  };
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async () => {
        media.requests += 1;
        if (media.fail) throw new DOMException('refused', media.fail);
        return new FakeStream();
      },
    },
  });
  URL.createObjectURL = () => `blob:fake/${++objectUrls}`;
  URL.revokeObjectURL = () => {};
  const globals: Record<string, unknown> = {
    MediaRecorder: FakeMediaRecorder,
    Audio: FakeAudio,
    AudioContext: FakeAudioContext,
    SpeechSynthesisUtterance: FakeUtterance,
    speechSynthesis: fakeSynthesis,
  };
  if (recognition) globals.webkitSpeechRecognition = FakeRecognition;
  for (const [k, v] of Object.entries(globals)) Object.defineProperty(window, k, { configurable: true, writable: true, value: v });
  return () => {
    if (saved.mediaDevices) Object.defineProperty(navigator, 'mediaDevices', saved.mediaDevices);
    else Reflect.deleteProperty(navigator, 'mediaDevices');
    URL.createObjectURL = saved.createObjectURL;
    URL.revokeObjectURL = saved.revokeObjectURL;
    for (const k of [...Object.keys(globals), 'webkitSpeechRecognition']) Reflect.deleteProperty(window, k);
  };
}

/** The browser's speech recognition: `say` hands it text, final or not. */
export class FakeRecognition {
  static current: FakeRecognition | null = null;
  lang = '';
  continuous = false;
  interimResults = false;
  onresult: ((e: unknown) => void) | null = null;
  onerror: (() => void) | null = null;
  onend: (() => void) | null = null;
  private results: Array<{ isFinal: boolean; 0: { transcript: string }; length: number }> = [];
  start() {
    FakeRecognition.current = this;
  }
  stop() {
    setTimeout(() => this.onend?.(), 0);
  }
  abort() {
    this.onend?.();
  }
  say(text: string, isFinal: boolean) {
    const last = this.results.at(-1);
    const result = { isFinal, 0: { transcript: text }, length: 1 };
    if (last && !last.isFinal) this.results[this.results.length - 1] = result;
    else this.results.push(result);
    this.onresult?.({ resultIndex: 0, results: this.results });
  }
}
