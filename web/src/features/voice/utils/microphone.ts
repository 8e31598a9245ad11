// The microphone and the recorder: getUserMedia's failures told apart so the screen can say what
// is wrong in words, and MediaRecorder in WebM/Opus where the browser has it (what the server
// expects from browsers; Ogg otherwise).

export type MicProblem = 'denied' | 'noDevice' | 'busy' | 'insecure' | 'unsupported' | 'other';

export class MicError extends Error {
  readonly problem: MicProblem;
  constructor(problem: MicProblem, cause?: unknown) {
    super(cause instanceof Error ? cause.message : problem);
    this.name = 'MicError';
    this.problem = problem;
  }
}

/** What getUserMedia's failure means for the person. */
export function micProblem(error: unknown): MicProblem {
  if (error instanceof MicError) return error.problem;
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'noDevice';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'other';
  }
}

/** Opens the microphone (echo cancelled, so the agent's voice is not heard back as speech). */
export async function openMicrophone(): Promise<MediaStream> {
  if (typeof window !== 'undefined' && window.isSecureContext === false) throw new MicError('insecure');
  if (!navigator.mediaDevices?.getUserMedia) throw new MicError('unsupported');
  if (typeof MediaRecorder === 'undefined') throw new MicError('unsupported');
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
  } catch (e) {
    throw new MicError(micProblem(e), e);
  }
}

export function closeMicrophone(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

const TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/ogg'];

/** The recording format: WebM/Opus when supported, else the first the browser takes, else its own default. */
export function recordingType(): string | undefined {
  if (typeof MediaRecorder === 'undefined' || typeof MediaRecorder.isTypeSupported !== 'function') return undefined;
  return TYPES.find((t) => MediaRecorder.isTypeSupported(t));
}

/** A recording, as the file the server is sent. */
export type Recording = { file: File; durationMs: number };

export type ActiveRecording = {
  /** Stops and answers the recording. */
  stop(): Promise<Recording>;
  /** Stops and throws the recording away. */
  cancel(): void;
};

/** Starts recording the stream. */
export function startRecording(stream: MediaStream): ActiveRecording {
  const mimeType = recordingType();
  const recorder = mimeType ? new MediaRecorder(stream, { mimeType }) : new MediaRecorder(stream);
  const chunks: Blob[] = [];
  const started = performance.now();
  recorder.ondataavailable = (e) => {
    if (e.data && e.data.size > 0) chunks.push(e.data);
  };
  recorder.start();
  return {
    stop: () =>
      new Promise<Recording>((resolve) => {
        const durationMs = Math.round(performance.now() - started);
        const type = recorder.mimeType || mimeType || 'audio/webm';
        const done = () => resolve({ file: new File(chunks, recordingName(type), { type }), durationMs });
        if (recorder.state === 'inactive') return done();
        recorder.onstop = done;
        recorder.stop();
      }),
    cancel: () => {
      recorder.ondataavailable = null;
      if (recorder.state !== 'inactive') recorder.stop();
    },
  };
}

/** The file name the server is sent, by the recording's type (the server tells the format by its bytes anyway). */
export function recordingName(type: string): string {
  return type.includes('ogg') ? 'speech.ogg' : type.includes('wav') ? 'speech.wav' : type.includes('mpeg') ? 'speech.mp3' : 'speech.webm';
}
