import type { QueryClient } from '@tanstack/react-query';
import type { components } from '@/lib/api-types';
import { conversationKeys } from '@/lib/conversations';
import { startRecognition, type LiveRecognition } from '@/lib/recognition';
import { noteSpeechFallback, stopSpeaking } from '@/lib/speech';
import { storeTurn, voiceKeys, type VoiceMessage } from '@/lib/voice';
import { streamVoiceTurn, VOICE_ERRORS, type VoiceEvent, type VoiceForm } from '@/features/voice/api/voice-turn';
import { closeMicrophone, micProblem, openMicrophone, startRecording, type ActiveRecording, type MicProblem, type Recording } from '@/features/voice/utils/microphone';
import { createPlaybackQueue, type PlaybackQueue } from '@/features/voice/utils/playback-queue';
import { createVad, rms } from '@/features/voice/utils/vad';

// A voice conversation in the browser, outside React: the microphone, the recorder and the live
// transcript, hands-free listening, each turn sent and streamed back, and the answer's sentences
// played in order. The screen reads its snapshot (useSyncExternalStore) and calls its actions.
//
// Barge-in: starting to talk (the button or the voice detector) while an answer plays stops the
// playback and the browser's speech at once, and mutes the rest of every turn sent before.

/** Shorter recordings are a slip of the finger, not a question. */
export const MIN_RECORDING_MS = 300;
/** The server takes at most five minutes; recording stops itself a little before. */
export const MAX_RECORDING_MS = 5 * 60 * 1000 - 1000;
/** How often the hands-free detector reads the microphone's level. */
const VAD_INTERVAL_MS = 50;

export type TalkState = 'idle' | 'starting' | 'recording';
export type Problem = MicProblem | 'tooShort';

/** The turn being sent and answered, until it ends (then it is in the conversation's messages) or fails. */
export type LiveTurn = {
  id: number;
  status: 'sending' | 'answering' | 'failed';
  /** The browser's transcript while the server listens, then what the server heard. */
  heard: string;
  transcribedBy?: components['schemas']['TranscribedBy'];
  userMessageId?: string;
  messageId?: string;
  answer: string;
  error?: string;
};

export type VoiceSnapshot = {
  talk: TalkState;
  /** The browser's live transcript while recording. */
  liveText: string;
  recordingSince: number | null;
  problem: Problem | null;
  turn: LiveTurn | null;
  speaking: boolean;
  handsFree: boolean;
  /** Hands-free is opening the microphone. */
  listening: boolean;
};

export type VoiceSessionOptions = {
  agentId: string;
  /** The agent's language: the browser's voice speaks in it. */
  agentLanguage?: string;
  conversationId: string | null;
  queryClient: QueryClient;
  /** The page's language (its ISO 639-1 code is the transcription's hint). */
  language: () => string;
  onConversation?: (id: string | null) => void;
};

/** ISO 639-1 of a language tag (`pt-BR` → `pt`). */
export const isoLanguage = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] || 'en';

type AudioContextConstructor = typeof AudioContext;
function audioContextConstructor(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  const ctor: unknown = window.AudioContext ?? Reflect.get(window, 'webkitAudioContext');
  // Safari's prefixed constructor has the same shape.
  return typeof ctor === 'function' ? (ctor as AudioContextConstructor) : null;
}

export class VoiceSession {
  private snapshot: VoiceSnapshot = { talk: 'idle', liveText: '', recordingSince: null, problem: null, turn: null, speaking: false, handsFree: false, listening: false };
  private listeners = new Set<() => void>();
  private options: VoiceSessionOptions;
  private conversation: string | null;
  private stream: MediaStream | null = null;
  private recording: ActiveRecording | null = null;
  private recognition: LiveRecognition | null = null;
  private stopWanted = false;
  private maxTimer: ReturnType<typeof setTimeout> | undefined;
  private turnSeq = 0;
  /** Turns numbered below this are muted: their remaining sentences are not played. */
  private mutedBelow = 0;
  private inflight = new Set<AbortController>();
  private queue: PlaybackQueue;
  private vad: { context: AudioContext | null; timer: ReturnType<typeof setInterval> | undefined } | null = null;
  /** Bumped by every hands-free change, so an older opening of the microphone knows it is stale. */
  private handsFreeEpoch = 0;
  /** Bumped when the screen leaves, so a microphone opened meanwhile is closed again. */
  private generation = 0;

  constructor(options: VoiceSessionOptions) {
    this.options = options;
    this.conversation = options.conversationId;
    this.queue = createPlaybackQueue({ lang: () => this.options.agentLanguage, onActiveChange: (speaking) => this.set({ speaking }) });
  }

  // --- the store -------------------------------------------------------------------------------

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private set(patch: Partial<VoiceSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of this.listeners) l();
  }

  private updateTurn(id: number, fn: (turn: LiveTurn) => LiveTurn) {
    const turn = this.snapshot.turn;
    if (turn && turn.id === id) this.set({ turn: fn(turn) });
  }

  /** The screen's conversation changed (the address, "new conversation"). */
  setConversation(id: string | null) {
    this.conversation = id;
  }

  setOnConversation(fn: (id: string | null) => void) {
    this.options = { ...this.options, onConversation: fn };
  }

  // --- talking ---------------------------------------------------------------------------------

  /** Starts recording (barge-in first: whatever plays stops at once). */
  startTalking = async () => {
    if (this.snapshot.talk !== 'idle') return;
    this.bargeIn();
    this.stopWanted = false;
    this.set({ talk: 'starting', problem: null, liveText: '' });
    const generation = this.generation;
    try {
      this.stream ??= await openMicrophone();
    } catch (e) {
      if (generation === this.generation) this.set({ talk: 'idle', problem: micProblem(e) });
      return;
    }
    // The screen went away while the browser asked for the microphone.
    if (generation !== this.generation) return this.releaseMicrophone();
    try {
      this.recording = startRecording(this.stream);
    } catch {
      if (!this.snapshot.handsFree) this.releaseMicrophone();
      this.set({ talk: 'idle', problem: 'unsupported' });
      return;
    }
    this.recognition = startRecognition(this.options.language(), (liveText) => this.set({ liveText }));
    this.set({ talk: 'recording', recordingSince: Date.now() });
    this.maxTimer = setTimeout(() => void this.stopTalking(), MAX_RECORDING_MS);
    if (this.stopWanted) await this.stopTalking();
  };

  /** Stops recording and sends what was said. */
  stopTalking = async () => {
    if (this.snapshot.talk === 'starting') {
      this.stopWanted = true;
      return;
    }
    const recording = this.recording;
    if (this.snapshot.talk !== 'recording' || !recording) return;
    const recognition = this.recognition;
    const liveText = this.snapshot.liveText;
    this.recording = null;
    this.recognition = null;
    clearTimeout(this.maxTimer);
    this.set({ talk: 'idle', recordingSince: null });
    const [audio, heard] = await Promise.all([recording.stop(), recognition ? recognition.stop() : Promise.resolve('')]);
    if (!this.snapshot.handsFree) this.releaseMicrophone();
    if (audio.file.size === 0 || audio.durationMs < MIN_RECORDING_MS) {
      this.set({ problem: 'tooShort', liveText: '' });
      return;
    }
    await this.send(audio, heard || liveText);
  };

  /** The big button: start, or stop and send. */
  toggleTalking = () => (this.snapshot.talk === 'idle' ? this.startTalking() : this.stopTalking());

  /** Stops the answer being spoken, and mutes what is still to come of the turns sent so far. */
  bargeIn() {
    this.mutedBelow = this.turnSeq + 1;
    this.queue.stop();
    stopSpeaking();
  }

  /** Forgets the conversation: the next turn starts a new one. */
  newConversation = () => {
    this.bargeIn();
    for (const c of this.inflight) c.abort();
    this.inflight.clear();
    this.conversation = null;
    this.set({ turn: null, problem: null, liveText: '' });
    this.options.onConversation?.(null);
  };

  // --- a turn ----------------------------------------------------------------------------------

  private async send(audio: Recording, heard: string) {
    const id = ++this.turnSeq;
    const controller = new AbortController();
    this.inflight.add(controller);
    this.set({ turn: { id, status: 'sending', heard, answer: '' }, liveText: '' });
    const form: VoiceForm = {
      agentId: this.options.agentId,
      audio: audio.file,
      durationMs: audio.durationMs,
      language: isoLanguage(this.options.language()),
      ...(this.conversation ? { conversationId: this.conversation } : {}),
      ...(heard ? { transcript: heard } : {}),
    };
    try {
      await streamVoiceTurn(form, { signal: controller.signal, onEvent: (event) => this.onEvent(id, event) });
    } catch (e) {
      if (controller.signal.aborted) return;
      this.updateTurn(id, (t) => ({ ...t, status: 'failed', error: e instanceof Error && e.message ? e.message : VOICE_ERRORS.send }));
    } finally {
      this.inflight.delete(controller);
    }
  }

  private onEvent(id: number, event: VoiceEvent) {
    const qc = this.options.queryClient;
    switch (event.type) {
      case 'transcript':
        this.updateTurn(id, (t) => ({ ...t, heard: event.data.text, transcribedBy: event.data.transcribedBy, status: 'answering' }));
        break;
      case 'start': {
        const { conversationId, userMessageId, messageId } = event.data;
        if (this.conversation !== conversationId && id === this.turnSeq) {
          // A new conversation: nothing of it to read yet, its turns are written in as they end.
          qc.setQueryData<VoiceMessage[]>(voiceKeys.messages(conversationId), (old) => old ?? []);
          this.conversation = conversationId;
          this.options.onConversation?.(conversationId);
        }
        this.updateTurn(id, (t) => ({ ...t, userMessageId, messageId, status: 'answering' }));
        break;
      }
      case 'delta':
        this.updateTurn(id, (t) => ({ ...t, answer: t.answer + event.data.text }));
        break;
      case 'sentence':
        if (id >= this.mutedBelow) this.queue.push(event.data);
        break;
      case 'speech_error':
        noteSpeechFallback(event.data.code);
        break;
      case 'end':
        storeTurn(qc, event.data);
        void qc.invalidateQueries({ queryKey: conversationKeys.lists() });
        if (this.snapshot.turn?.id === id) this.set({ turn: null });
        break;
      case 'error':
        this.updateTurn(id, (t) => ({ ...t, status: 'failed', error: event.data.message || VOICE_ERRORS.send }));
        // What the server kept of it (the question) is read again.
        if (this.conversation) void qc.invalidateQueries({ queryKey: voiceKeys.messages(this.conversation) });
        break;
    }
  }

  // --- hands-free ------------------------------------------------------------------------------

  /** Hands-free: the microphone stays open, and speech starts and ends a recording by itself. */
  setHandsFree = async (on: boolean) => {
    const epoch = ++this.handsFreeEpoch;
    this.stopDetector();
    if (!on) {
      this.set({ handsFree: false, listening: false });
      if (this.snapshot.talk === 'idle') this.releaseMicrophone();
      return;
    }
    const Context = audioContextConstructor();
    this.set({ handsFree: true, listening: true, problem: Context ? null : 'unsupported' });
    if (!Context) return this.set({ handsFree: false, listening: false });
    try {
      this.stream ??= await openMicrophone();
    } catch (e) {
      if (epoch === this.handsFreeEpoch) this.set({ handsFree: false, listening: false, problem: micProblem(e) });
      return;
    }
    if (epoch !== this.handsFreeEpoch) return;
    const context = new Context();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(this.stream).connect(analyser);
    const frame = new Float32Array(analyser.fftSize);
    const vad = createVad();
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(frame);
      const change = vad.push(rms(frame), performance.now());
      if (change === 'start') void this.startTalking();
      else if (change === 'stop') void this.stopTalking();
    }, VAD_INTERVAL_MS);
    this.vad = { context, timer };
    this.set({ listening: false });
  };

  private stopDetector() {
    if (!this.vad) return;
    clearInterval(this.vad.timer);
    void this.vad.context?.close().catch(() => {});
    this.vad = null;
  }

  private releaseMicrophone() {
    closeMicrophone(this.stream);
    this.stream = null;
  }

  // --- the screen leaves -----------------------------------------------------------------------

  /** Stops everything (the screen unmounts); the session may be used again afterwards. */
  stopAll() {
    this.generation++;
    this.handsFreeEpoch++;
    this.stopDetector();
    this.bargeIn();
    for (const c of this.inflight) c.abort();
    this.inflight.clear();
    clearTimeout(this.maxTimer);
    this.recording?.cancel();
    this.recording = null;
    this.recognition?.abort();
    this.recognition = null;
    this.releaseMicrophone();
    this.set({ talk: 'idle', handsFree: false, listening: false, recordingSince: null, speaking: false });
  }
}
