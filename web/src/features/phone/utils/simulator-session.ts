import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { canRecognize, startRecognition, type LiveRecognition } from '@/lib/recognition';
import { claimPlayback, playBlob, speak, stopSpeaking } from '@/lib/speech';
import type { Call } from '@/features/phone/api/calls';
import { phoneKeys } from '@/features/phone/api/phone';
import { hangUpSimulatedCall, sendSimulatorSpeech, startSimulatedCall, type CallStep, type SimulatorTurn } from '@/features/phone/api/simulator';

// A simulated call in the browser, outside React: the simulator's screen reads its snapshot
// (useSyncExternalStore) and calls its actions. Each answer of the server is played as Twilio
// would play its TwiML: `say` with the browser's voice in the step's language, `play` fetched
// from this server (a public path) and played, `pause` waited, `listen` heard with the browser's
// speech recognition where it has one, or typed, with silence sent as nothing said once the
// step's timeout passes; `hangup` ends the call.
//
// Barge-in: the prompts before a `listen` sit inside Twilio's `<Gather>`, so the caller may talk
// over them. Typing (or sending) while the agent speaks stops the voice at once and skips the
// rest of the prompts to the listening.

export type SimulatorPhase = 'idle' | 'starting' | 'speaking' | 'listening' | 'sending' | 'ending' | 'ended';

export type SimulatorLine =
  /** What the agent said in one answer; `audio` when some of it was played as recorded speech. */
  | { id: number; who: 'agent'; text: string; audio: boolean }
  /** What the caller said; `''` is silence. */
  | { id: number; who: 'caller'; text: string }
  | { id: number; who: 'system'; event: 'ended' };

export type SimulatorProblem = { code: string; message: string; agentId?: string };

export type SimulatorSnapshot = {
  phase: SimulatorPhase;
  call: Call | null;
  lines: SimulatorLine[];
  /** The TwiML of the last answer. */
  twiml: string | null;
  /** While listening: the seconds of silence before it counts as nothing said. */
  listenSeconds: number | null;
  /** What the caller is saying: typed, or heard so far by the browser. */
  draft: string;
  /** The browser's recognition is listening. */
  hearing: boolean;
  /** Whether the browser's recognition should listen at each `listen` (where it has one). */
  microphone: boolean;
  problem: SimulatorProblem | null;
  /** When the call started (the browser's clock), for its running time. */
  startedAt: number | null;
};

export type SimulatorOptions = {
  queryClient: QueryClient;
};

/** The agent a call is made with: its language speaks the steps that name none. */
export type SimulatorAgent = { id: string; language?: string | null };

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

const problemOf = (e: unknown, agentId?: string): SimulatorProblem =>
  e instanceof ApiError ? { code: e.code ?? 'error', message: e.message, agentId } : { code: 'error', message: e instanceof Error ? e.message : String(e), agentId };

export class SimulatorSession {
  private snapshot: SimulatorSnapshot = {
    phase: 'idle',
    call: null,
    lines: [],
    twiml: null,
    listenSeconds: null,
    draft: '',
    hearing: false,
    microphone: canRecognize(),
    problem: null,
    startedAt: null,
  };
  private listeners = new Set<() => void>();
  private queryClient: QueryClient;
  private agent: SimulatorAgent | null = null;
  /** Bumped by every answer played, a hang-up and leaving: an older one stops where it is. */
  private run = 0;
  private lineSeq = 0;
  /** The playback under way (a sentence, a sound, a pause). */
  private playing: AbortController | null = null;
  /** The caller spoke over this answer's prompts: the rest are skipped to the listening. */
  private bargedIn = false;
  /** What the caller sent while the agent still spoke: sent as soon as the call listens. */
  private pendingReply: string | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | undefined;
  private recognition: LiveRecognition | null = null;
  /** Bumped whenever listening stops, so a late result of an older recognition is ignored. */
  private hearingSeq = 0;
  private listenLanguage: string | undefined;

  constructor({ queryClient }: SimulatorOptions) {
    this.queryClient = queryClient;
  }

  // --- the store -------------------------------------------------------------------------------

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = () => this.snapshot;

  private set(patch: Partial<SimulatorSnapshot>) {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const l of this.listeners) l();
  }

  private pushLine(line: Omit<Extract<SimulatorLine, { who: 'caller' }>, 'id'> | Omit<Extract<SimulatorLine, { who: 'agent' }>, 'id'> | Omit<Extract<SimulatorLine, { who: 'system' }>, 'id'>): number {
    const id = ++this.lineSeq;
    this.set({ lines: [...this.snapshot.lines, { ...line, id } as SimulatorLine] });
    return id;
  }

  private updateAgentLine(id: number, fn: (line: Extract<SimulatorLine, { who: 'agent' }>) => Extract<SimulatorLine, { who: 'agent' }>) {
    this.set({ lines: this.snapshot.lines.map((l) => (l.id === id && l.who === 'agent' ? fn(l) : l)) });
  }

  private refreshHistory() {
    void this.queryClient.invalidateQueries({ queryKey: phoneKeys.histories() });
  }

  // --- the call --------------------------------------------------------------------------------

  /** Rings the agent: it answers with its greeting, then listens. */
  start = async (agent: SimulatorAgent, variables: Record<string, string> = {}) => {
    if (this.snapshot.phase !== 'idle' && this.snapshot.phase !== 'ended') return;
    this.agent = agent;
    const run = ++this.run;
    this.bargedIn = false;
    this.pendingReply = null;
    this.set({ phase: 'starting', call: null, lines: [], twiml: null, draft: '', listenSeconds: null, problem: null, startedAt: null });
    let turn: SimulatorTurn;
    try {
      turn = await startSimulatedCall(agent.id, variables);
    } catch (e) {
      if (run === this.run) this.set({ phase: 'idle', problem: problemOf(e, agent.id) });
      return;
    }
    if (run !== this.run) return;
    this.set({ startedAt: Date.now() });
    this.refreshHistory();
    await this.play(turn, run);
  };

  /** The caller typed (or the browser heard) `text`: talking over the agent stops it. */
  setDraft = (text: string) => {
    this.set({ draft: text });
    const { phase } = this.snapshot;
    if (text.trim()) {
      if (phase === 'speaking') this.bargeIn();
      if (phase === 'listening' || phase === 'speaking') {
        this.clearSilence();
        // Typing wins over the microphone.
        this.stopHearing();
      }
    } else if (phase === 'listening' && this.silenceTimer === undefined && !this.recognition) {
      this.armSilence();
    }
  };

  /** Sends what the caller typed; while the agent still speaks, it stops and the text goes as soon as the call listens. */
  reply = () => {
    const text = this.snapshot.draft.trim();
    if (!text) return;
    const { phase } = this.snapshot;
    if (phase === 'listening') {
      void this.send(text);
    } else if (phase === 'speaking') {
      this.pendingReply = text;
      this.set({ draft: '' });
      this.bargeIn();
    }
  };

  /** Ends the call as a caller hanging up. */
  hangUp = async () => {
    const call = this.snapshot.call;
    const { phase } = this.snapshot;
    if (!call || phase === 'ended' || phase === 'ending') return;
    ++this.run;
    this.silence();
    this.set({ phase: 'ending', draft: '', listenSeconds: null });
    try {
      this.set({ call: await hangUpSimulatedCall(call.id) });
    } catch (e) {
      // Already over (it said goodbye meanwhile): nothing to say.
      if (!(e instanceof ApiError && e.code === 'call_ended')) this.set({ problem: problemOf(e) });
    }
    this.finish();
  };

  /** Back to the start, for another call. */
  reset = () => {
    if (this.snapshot.phase !== 'ended' && this.snapshot.phase !== 'idle') return;
    this.set({ phase: 'idle', call: null, lines: [], twiml: null, draft: '', listenSeconds: null, problem: null, startedAt: null });
  };

  /** The microphone switch: the browser's recognition listens at each `listen` (or stops now). */
  setMicrophone = (on: boolean) => {
    this.set({ microphone: on });
    if (!on) this.stopHearing();
    else if (this.snapshot.phase === 'listening' && !this.snapshot.draft.trim()) this.startHearing();
  };

  /** Leaving the screen: everything stops, and a call still going is hung up. */
  dispose = () => {
    ++this.run;
    this.silence();
    const { call, phase } = this.snapshot;
    if (call && phase !== 'ended' && phase !== 'idle' && phase !== 'ending') {
      void hangUpSimulatedCall(call.id)
        .catch(() => {})
        .finally(() => this.refreshHistory());
    }
    this.set({ phase: call ? 'ended' : 'idle', listenSeconds: null });
  };

  // --- playing the steps -----------------------------------------------------------------------

  private async play(turn: SimulatorTurn, run: number) {
    this.set({ call: turn.call, twiml: turn.twiml, problem: null });
    this.bargedIn = false;
    let agentLine: number | null = null;
    for (const step of turn.steps) {
      if (run !== this.run) return;
      if (step.kind === 'listen') return this.listen(step);
      if (step.kind === 'hangup') return this.finish();
      // The caller spoke over the prompts: Twilio's gather stops them.
      if (this.bargedIn) continue;
      agentLine = this.agentSays(agentLine, step);
      this.set({ phase: 'speaking' });
      const controller = new AbortController();
      this.playing = controller;
      const signal = controller.signal;
      if (step.kind === 'say') await speak(step.text, { provider: false, lang: step.language ?? this.agent?.language ?? undefined, signal });
      else if (step.kind === 'play') await this.playUrl(step.url, controller);
      else await wait(step.seconds * 1000, signal);
      if (this.playing === controller) this.playing = null;
    }
    // TwiML that ends without listening or hanging up: Twilio hangs up.
    if (run === this.run) await this.hangUp();
  }

  /** Adds the step's words to the agent's line of this answer (made on its first step). */
  private agentSays(line: number | null, step: Exclude<CallStep, { kind: 'listen' | 'hangup' }>): number {
    if (step.kind === 'pause') return line ?? this.pushLine({ who: 'agent', text: '', audio: false });
    // Said or played, a step carries its words (a played one: what the agent's voice speaks).
    if (line === null) return this.pushLine({ who: 'agent', text: step.text, audio: step.kind === 'play' });
    this.updateAgentLine(line, (l) => ({
      ...l,
      text: [l.text, step.text].filter(Boolean).join(' '),
      audio: l.audio || step.kind === 'play',
    }));
    return line;
  }

  /** Fetches the audio (a public path of this server) and plays it; one that cannot be played is skipped. */
  private async playUrl(url: string, controller: AbortController) {
    const release = claimPlayback(() => controller.abort());
    try {
      const response = await fetch(url, { signal: controller.signal });
      if (!response.ok) return;
      await playBlob(await response.blob(), controller.signal);
    } catch {
      // Skipped, as Twilio skips audio it cannot fetch.
    } finally {
      release();
    }
  }

  private listen(step: Extract<CallStep, { kind: 'listen' }>) {
    this.listenLanguage = step.language ?? this.agent?.language ?? undefined;
    this.set({ phase: 'listening', listenSeconds: step.timeoutSeconds });
    const pending = this.pendingReply;
    this.pendingReply = null;
    if (pending) return void this.send(pending);
    // Typing already: the caller is talking.
    if (this.snapshot.draft.trim()) return;
    this.armSilence();
    if (this.snapshot.microphone) this.startHearing();
  }

  private async send(text: string) {
    const call = this.snapshot.call;
    if (!call) return;
    this.silence();
    const run = this.run;
    this.pushLine({ who: 'caller', text });
    this.set({ phase: 'sending', draft: '', listenSeconds: null, problem: null });
    let turn: SimulatorTurn;
    try {
      turn = await sendSimulatorSpeech(call.id, text);
    } catch (e) {
      if (run !== this.run) return;
      if (e instanceof ApiError && e.code === 'call_ended') return this.finish();
      // The call goes on: the caller may say it again.
      this.set({ phase: 'listening', listenSeconds: null, problem: problemOf(e) });
      return;
    }
    if (run !== this.run) return;
    // The history shows the turns as they are answered.
    this.refreshHistory();
    await this.play(turn, run);
  }

  private finish() {
    this.silence();
    if (this.snapshot.phase === 'ended') return;
    this.pushLine({ who: 'system', event: 'ended' });
    this.set({ phase: 'ended', listenSeconds: null, draft: '' });
    this.refreshHistory();
  }

  // --- silence, the microphone and barge-in ----------------------------------------------------

  /** Silence for the step's seconds is sent as nothing said. */
  private armSilence() {
    this.clearSilence();
    const seconds = this.snapshot.listenSeconds;
    if (seconds === null) return;
    this.silenceTimer = setTimeout(() => {
      this.silenceTimer = undefined;
      if (this.snapshot.phase === 'listening' && !this.snapshot.draft.trim()) void this.send('');
    }, seconds * 1000);
  }

  private clearSilence() {
    clearTimeout(this.silenceTimer);
    this.silenceTimer = undefined;
  }

  private startHearing() {
    if (this.recognition || !canRecognize()) return;
    const token = ++this.hearingSeq;
    const recognition = startRecognition(
      this.listenLanguage ?? 'en',
      (text) => {
        if (token !== this.hearingSeq) return;
        // The caller started talking: no longer silent.
        this.clearSilence();
        this.set({ draft: text });
      },
      {
        single: true,
        onEnd: (finalText) => {
          if (token !== this.hearingSeq) return;
          this.recognition = null;
          this.set({ hearing: false });
          if (this.snapshot.phase !== 'listening') return;
          if (finalText) void this.send(finalText);
          // Nothing heard (or the browser gave up): silence still counts, typing still works.
          else if (!this.snapshot.draft.trim() && this.silenceTimer === undefined) this.armSilence();
        },
      },
    );
    if (!recognition) return;
    this.recognition = recognition;
    this.set({ hearing: true });
  }

  private stopHearing() {
    ++this.hearingSeq;
    this.recognition?.abort();
    this.recognition = null;
    if (this.snapshot.hearing) this.set({ hearing: false });
  }

  /** Stops the agent's voice at once and skips the rest of its prompts. */
  private bargeIn() {
    this.bargedIn = true;
    this.playing?.abort();
    this.playing = null;
    stopSpeaking();
  }

  /** Everything quiet: the voice, the microphone, the silence timer. */
  private silence() {
    this.bargeIn();
    this.pendingReply = null;
    this.stopHearing();
    this.clearSilence();
  }
}
