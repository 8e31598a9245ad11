import { describe, expect, it } from 'vitest';
import { createVad, rms } from '@/features/voice/utils/vad';

/** Feeds levels one frame every 50 ms from `from`; answers the changes with their times. */
function feed(vad: ReturnType<typeof createVad>, levels: number[], from = 0) {
  return levels.flatMap((level, i) => {
    const change = vad.push(level, from + i * 50);
    return change ? [[change, from + i * 50] as const] : [];
  });
}

describe('voice activity detection', () => {
  it('measures a frame by its root mean square', () => {
    expect(rms(new Float32Array([0.5, -0.5, 0.5, -0.5]))).toBeCloseTo(0.5);
    expect(rms(new Float32Array([]))).toBe(0);
  });

  it('starts once speech lasts the attack, and stops after 800 ms of silence', () => {
    const vad = createVad();
    const quiet = Array(10).fill(0.002);
    const speech = Array(20).fill(0.2);
    const silence = Array(20).fill(0.002);
    expect(feed(vad, [...quiet, ...speech, ...silence])).toEqual([
      ['start', 600],
      ['stop', 1500 + 800],
    ]);
  });

  it('does not start on a click, nor stop in the pauses between words', () => {
    const vad = createVad();
    // A 50 ms click is shorter than the attack.
    expect(feed(vad, [0.002, 0.3, 0.002, 0.002])).toEqual([]);
    // Words with 400 ms pauses: one utterance.
    const words = [...Array(6).fill(0.2), ...Array(8).fill(0.002), ...Array(6).fill(0.2), ...Array(20).fill(0.002)];
    expect(feed(vad, words, 1000).map(([c]) => c)).toEqual(['start', 'stop']);
  });

  it('follows the room: a steady hum is not speech', () => {
    const vad = createVad();
    expect(feed(vad, Array(40).fill(0.01))).toEqual([]);
    expect(vad.threshold()).toBeGreaterThanOrEqual(0.015);
  });
});
