/**
 * Azure Speech's text-to-speech over REST, for prompts that answer with a voice: the text as SSML
 * in the prompt's pt-BR neural voice, back as Ogg/Opus (what WhatsApp plays as a voice note).
 * `AZURE_TTS_URL` names the endpoint, `{region}` filled with the prompt's region.
 */

/** The SSML of `text` in `voice` (`pt-BR-FranciscaNeural` …), the text escaped. */
export function ssmlOf(voice: string, text: string): string {
  const escaped = text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<speak version="1.0" xml:lang="pt-BR"><voice xml:lang="pt-BR" name="${voice}">${escaped}</voice></speak>`;
}

export interface SpeechRequest {
  urlTemplate: string;
  key: string;
  region: string;
  voice: string;
  text: string;
  timeoutMs: number;
}

/** The spoken text as Ogg/Opus bytes; throws when the service refuses or does not answer in time. */
export async function synthesizeSpeech(req: SpeechRequest): Promise<Buffer> {
  const url = req.urlTemplate.replace('{region}', encodeURIComponent(req.region));
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'Ocp-Apim-Subscription-Key': req.key,
      'Content-Type': 'application/ssml+xml',
      'X-Microsoft-OutputFormat': 'ogg-24khz-16bit-mono-opus',
      'User-Agent': 'balcao',
    },
    body: ssmlOf(req.voice, req.text),
    signal: AbortSignal.timeout(req.timeoutMs),
  });
  if (!res.ok) throw new Error(`text-to-speech answered ${res.status}`);
  const data = Buffer.from(await res.arrayBuffer());
  if (data.length === 0) throw new Error('text-to-speech answered no audio');
  return data;
}
