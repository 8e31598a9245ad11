// Voice activity detection by energy (hands-free mode): the microphone's level (the RMS of a
// frame of samples, from a Web Audio AnalyserNode) against a threshold that follows the room's
// noise. Speech starts once the level stays above it for `attackMs`; it ends after `hangoverMs`
// below it, so the pauses between words do not cut a sentence.

export type VadOptions = {
  /** The lowest threshold (RMS, 0–1): quieter rooms do not make the detector more sensitive than this. */
  minThreshold: number;
  /** How far above the room's noise speech must be. */
  noiseRatio: number;
  attackMs: number;
  hangoverMs: number;
};

export const VAD_DEFAULTS: VadOptions = { minThreshold: 0.015, noiseRatio: 3, attackMs: 100, hangoverMs: 800 };

export type VadChange = 'start' | 'stop' | null;

/** The root mean square of a frame of samples (−1…1). */
export function rms(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / samples.length);
}

/** A detector fed one level at a time, with its time in milliseconds; answers what changed. */
export function createVad(options: Partial<VadOptions> = {}) {
  const o = { ...VAD_DEFAULTS, ...options };
  let speaking = false;
  let loudSince: number | null = null;
  let quietSince: number | null = null;
  // The room's noise, followed slowly while nobody speaks.
  let noise = 0;

  const threshold = () => Math.max(o.minThreshold, noise * o.noiseRatio);

  return {
    get speaking() {
      return speaking;
    },
    threshold,
    push(level: number, now: number): VadChange {
      const loud = level >= threshold();
      if (!speaking) {
        if (!loud) {
          noise = noise === 0 ? level : noise * 0.95 + level * 0.05;
          loudSince = null;
          return null;
        }
        loudSince ??= now;
        if (now - loudSince < o.attackMs) return null;
        speaking = true;
        quietSince = null;
        return 'start';
      }
      if (loud) {
        quietSince = null;
        return null;
      }
      quietSince ??= now;
      if (now - quietSince < o.hangoverMs) return null;
      speaking = false;
      loudSince = null;
      return 'stop';
    },
    reset() {
      speaking = false;
      loudSince = null;
      quietSince = null;
    },
  };
}
