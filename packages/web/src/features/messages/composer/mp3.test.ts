import { describe, expect, it } from 'vitest';
import { encodeMp3, keepRecording, MIN_AUDIO_BYTES } from './mp3';

const tone = (seconds: number, rate = 44_100) => {
  const samples = new Float32Array(Math.round(seconds * rate));
  for (let i = 0; i < samples.length; i++) samples[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate);
  return samples;
};

/** An MPEG audio frame starts with 11 set bits. */
const isMp3Frame = (b: Uint8Array) => b[0] === 0xff && (b[1]! & 0xe0) === 0xe0;

describe('voice notes as mp3', () => {
  it('a 2 s recording becomes an mp3 of about 128 kbit/s, kept', async () => {
    const mp3 = await encodeMp3(tone(2), 44_100);
    expect(isMp3Frame(mp3)).toBe(true);
    // 128 kbit/s × 2 s ≈ 32,000 bytes.
    expect(mp3.length).toBeGreaterThan(28_000);
    expect(mp3.length).toBeLessThan(36_000);
    expect(keepRecording(mp3.length)).toBe(true);
  });

  it('a tap of a quarter second is under 10,000 bytes and discarded', async () => {
    const mp3 = await encodeMp3(tone(0.25, 48_000), 48_000);
    expect(mp3.length).toBeLessThan(MIN_AUDIO_BYTES);
    expect(keepRecording(mp3.length)).toBe(false);
  });
});
