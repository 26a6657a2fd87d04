/**
 * Voice notes as mp3 at 128 kbit/s (operations §9). The encoder (LAME in JavaScript) is loaded
 * only when a recording is made, so it never weighs on the page's first load. A recording
 * under 10,000 bytes is discarded (a tap, not a message).
 */
export const MP3_KBPS = 128;
export const MIN_AUDIO_BYTES = 10_000;
const FRAME = 1152;

function toInt16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = s < 0 ? s * 0x8000 : s * 0x7fff;
  }
  return out;
}

/** Mono PCM samples (-1…1) → mp3 bytes. */
export async function encodeMp3(samples: Float32Array, sampleRate: number): Promise<Uint8Array> {
  const { Mp3Encoder } = await import('@breezystack/lamejs');
  const encoder = new Mp3Encoder(1, sampleRate, MP3_KBPS);
  const pcm = toInt16(samples);
  const parts: Uint8Array[] = [];
  for (let i = 0; i < pcm.length; i += FRAME) {
    const chunk = encoder.encodeBuffer(pcm.subarray(i, i + FRAME));
    if (chunk.length > 0) parts.push(chunk);
  }
  const tail = encoder.flush();
  if (tail.length > 0) parts.push(tail);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Whether a recording is long enough to send. */
export const keepRecording = (bytes: number) => bytes >= MIN_AUDIO_BYTES;

/** A recorded blob (webm/ogg from MediaRecorder) decoded and re-encoded as an mp3 file. */
export async function recordingToMp3(recorded: Blob): Promise<File> {
  const context = new AudioContext();
  try {
    const audio = await context.decodeAudioData(await recorded.arrayBuffer());
    const bytes = await encodeMp3(audio.getChannelData(0), audio.sampleRate);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    return new File([bytes.slice().buffer], `audio-${stamp}.mp3`, { type: 'audio/mpeg' });
  } finally {
    void context.close();
  }
}
