import { requestJson, type JsonAnswerWithHeaders as JsonAnswer } from '../../platform/service-http.js';

/**
 * The two calls of an OpenAI-compatible endpoint that prompts make (`OPENAI_BASE_URL`): chat
 * completions and audio transcriptions, as JSON and multipart over node's http with kept-alive
 * connections (platform/service-http.ts, the Graph client's transport too). The key is the
 * caller's, per call: nothing is cached. Failures are `AiCallError`s sorted by what to do next (ai-retry.ts).
 */

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface CompletionRequest {
  model: string;
  max_tokens: number;
  temperature: number;
  messages: ChatTurn[];
}

/**
 * Why a call failed: `retry` (no answer in time, the network, 408/409/429, 5xx — worth trying
 * again, after `retryAfterMs` when the endpoint said), `auth` (401/403: the key is refused) or
 * `refused` (any other answer: a bad model name, a request it will never take).
 */
export class AiCallError extends Error {
  constructor(
    message: string,
    readonly kind: 'retry' | 'auth' | 'refused',
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'AiCallError';
  }
}

export interface AiEndpoint {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}

/** The model's answer to `request` (its first choice's text, trimmed). */
export async function chatCompletion(endpoint: AiEndpoint, request: CompletionRequest): Promise<string> {
  const body = JSON.stringify(request);
  const answer = await call(endpoint, '/chat/completions', { 'content-type': 'application/json' }, body);
  const json = (await answer.json().catch(() => undefined)) as
    { choices?: { message?: { content?: unknown } }[] } | undefined;
  const content = json?.choices?.[0]?.message?.content;
  if (typeof content !== 'string') throw new AiCallError('the completion carried no text', 'refused', answer.status);
  return content.trim();
}

export interface AudioFile {
  data: Buffer;
  name: string;
  mimetype: string;
}

/** The text of a voice note (Whisper, `whisper-1`). */
export async function transcribe(endpoint: AiEndpoint, file: AudioFile): Promise<string> {
  const form = new FormData();
  form.append('model', 'whisper-1');
  form.append('file', new Blob([new Uint8Array(file.data)], { type: file.mimetype }), file.name);
  // The platform's own multipart encoder writes the body and its boundary.
  const encoded = new Response(form);
  const body = Buffer.from(await encoded.arrayBuffer());
  const answer = await call(
    endpoint,
    '/audio/transcriptions',
    { 'content-type': encoded.headers.get('content-type')! },
    body,
  );
  const json = (await answer.json().catch(() => undefined)) as { text?: unknown } | undefined;
  if (typeof json?.text !== 'string')
    throw new AiCallError('the transcription carried no text', 'refused', answer.status);
  return json.text.trim();
}

async function call(
  endpoint: AiEndpoint,
  path: string,
  headers: Record<string, string>,
  body: string | Buffer,
): Promise<JsonAnswer> {
  const url = endpoint.baseUrl.replace(/\/+$/, '') + path;
  let answer: JsonAnswer;
  try {
    answer = await requestJson(
      url,
      'POST',
      { ...headers, accept: 'application/json', authorization: `Bearer ${endpoint.apiKey}` },
      body,
      endpoint.timeoutMs,
    );
  } catch (err) {
    throw new AiCallError(`no answer: ${err instanceof Error ? err.message : String(err)}`, 'retry');
  }
  if (answer.ok) return answer;
  const detail = await errorMessage(answer);
  const what = `${answer.status}${detail ? ` ${detail}` : ''}`;
  if (answer.status === 401 || answer.status === 403) throw new AiCallError(what, 'auth', answer.status);
  if (answer.status === 408 || answer.status === 409 || answer.status === 429 || answer.status >= 500) {
    throw new AiCallError(what, 'retry', answer.status, retryAfterMs(answer.headers['retry-after']));
  }
  throw new AiCallError(what, 'refused', answer.status);
}

/** OpenAI's `{error: {message}}`, shortened: it goes into a ticket note. */
async function errorMessage(answer: JsonAnswer): Promise<string> {
  const json = (await answer.json().catch(() => undefined)) as { error?: { message?: unknown } } | undefined;
  const message = json?.error?.message;
  return typeof message === 'string' ? message.slice(0, 200) : '';
}

/** `Retry-After` in seconds or as an HTTP date, in ms from now (undefined when absent or unreadable). */
export function retryAfterMs(header: string | string[] | undefined, now = Date.now()): number | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Math.round(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
