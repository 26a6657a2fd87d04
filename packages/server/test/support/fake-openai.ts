import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseForm } from './fake-graph.js';
import { waiters } from './waiters.js';

/**
 * A real HTTP server on 127.0.0.1 speaking the subset of an OpenAI-compatible API that the AI
 * prompts use (`OPENAI_BASE_URL`): `POST /chat/completions` and `POST /audio/transcriptions`
 * (multipart). It records every call, answers what the test scripts (in order, or by a function),
 * and can be told to fail the next calls (429 with `Retry-After`, 500, 401, or no answer at all),
 * to accept only some keys, and to take a while to answer (the model's own time, measured per call).
 * It also answers Azure Speech's text-to-speech (`AZURE_TTS_URL`) with a few Ogg bytes.
 */

export interface ChatMessage {
  role: string;
  content: string;
}

/** One `POST /chat/completions`, as it arrived. */
export interface ChatCall {
  authorization: string;
  model: string;
  max_tokens: number;
  temperature: number;
  messages: ChatMessage[];
  /** The whole JSON body. */
  body: any;
  /** When it arrived and when its answer left (ms since the epoch); `answeredAt` unset: no answer. */
  at: number;
  answeredAt?: number;
  status?: number;
}

/** One `POST /audio/transcriptions`, as it arrived. */
export interface TranscriptionCall {
  authorization: string;
  model: string;
  fields: Record<string, string>;
  file?: { name: string; type: string; data: Buffer };
  at: number;
  answeredAt?: number;
  status?: number;
}

/** One Azure Speech text-to-speech request (`POST /{region}/cognitiveservices/v1` here). */
export interface SpeechCall {
  region: string;
  key: string;
  outputFormat: string;
  ssml: string;
  at: number;
}

/** How the next calls fail: an HTTP status (`retryAfter` seconds sent with a 429), or no answer. */
export type FakeFailure = { status: 401 | 429 | 500 | 502 | 503; retryAfter?: number } | { status: 'timeout' };

export interface FakeOpenAiOptions {
  /** How long a completion takes (the model's time), unless `delay()` changes it. */
  delayMs?: number;
}

type Answerer = (call: ChatCall) => string;

const errorBody = (status: number, message: string) => ({
  error: {
    message,
    type: status === 429 ? 'rate_limit_exceeded' : status === 401 ? 'invalid_request_error' : 'server_error',
    param: null,
    code: status === 401 ? 'invalid_api_key' : status === 429 ? 'rate_limit_exceeded' : null,
  },
});

export async function startFakeOpenAi(opts: FakeOpenAiOptions = {}) {
  const chats: ChatCall[] = [];
  const transcriptions: TranscriptionCall[] = [];
  const speeches: SpeechCall[] = [];
  const scripted: string[] = [];
  let answerer: Answerer = (call) => `Resposta ${chats.indexOf(call) + 1}`;
  let transcriber: (call: TranscriptionCall) => string = () => 'Transcrição do áudio';
  const failures: FakeFailure[] = [];
  let keys: Set<string> | undefined;
  let delayMs = opts.delayMs ?? 0;
  const waiting = waiters('fake openai');
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, res, Buffer.concat(chunks))
        .catch((err: unknown) => reply(res, 500, errorBody(500, String(err))))
        .finally(notify);
    });
  });
  server.keepAliveTimeout = 60_000;

  /** Re-checks the tests' `until` conditions: when a call arrives and when it is answered. */
  function notify() {
    waiting.changed();
  }

  function reply(res: http.ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}) {
    if (res.writableEnded || res.destroyed) return;
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(json));
  }

  /** The failure (or the key refusal) this call meets, if any: answered, and true. */
  function failed(res: http.ServerResponse, authorization: string, record: { status?: number; answeredAt?: number }) {
    const key = /^Bearer (.+)$/.exec(authorization)?.[1];
    if (!key || (keys && !keys.has(key))) {
      record.status = 401;
      record.answeredAt = Date.now();
      reply(res, 401, errorBody(401, 'Incorrect API key provided.'));
      return true;
    }
    const failure = failures.shift();
    if (!failure) return false;
    if (failure.status === 'timeout') {
      // Never answered: the client's timeout ends it (or the fake's close).
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return true;
    }
    record.status = failure.status;
    record.answeredAt = Date.now();
    const headers: Record<string, string> =
      failure.retryAfter !== undefined ? { 'retry-after': String(failure.retryAfter) } : {};
    reply(res, failure.status, errorBody(failure.status, `Failure ${failure.status}`), headers);
    return true;
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, raw: Buffer) {
    const path = new URL(req.url ?? '/', 'http://fake').pathname.replace(/\/+$/, '');
    const authorization = String(req.headers.authorization ?? '');
    if (req.method === 'POST' && path.endsWith('/chat/completions')) {
      let body: any;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        return reply(res, 400, errorBody(400, 'We could not parse the JSON body of your request.'));
      }
      const call: ChatCall = {
        authorization,
        model: body?.model,
        max_tokens: body?.max_tokens,
        temperature: body?.temperature,
        messages: body?.messages,
        body,
        at: Date.now(),
      };
      chats.push(call);
      notify();
      if (!body?.model || !Array.isArray(body?.messages)) {
        call.status = 400;
        return reply(res, 400, errorBody(400, 'model and messages are required'));
      }
      if (failed(res, authorization, call)) return;
      const content = scripted.length > 0 ? scripted.shift()! : answerer(call);
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      call.status = 200;
      call.answeredAt = Date.now();
      return reply(res, 200, {
        id: `chatcmpl-${randomBytes(12).toString('hex')}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: call.model,
        choices: [{ index: 0, message: { role: 'assistant', content }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      });
    }
    if (req.method === 'POST' && path.endsWith('/audio/transcriptions')) {
      const ctype = String(req.headers['content-type'] ?? '');
      const form = ctype.startsWith('multipart/form-data') ? await parseForm(raw, ctype) : { fields: {} };
      const call: TranscriptionCall = {
        authorization,
        model: form.fields.model ?? '',
        fields: form.fields,
        file: form.file,
        at: Date.now(),
      };
      transcriptions.push(call);
      notify();
      if (!form.file || !call.model) {
        call.status = 400;
        return reply(res, 400, errorBody(400, 'file and model are required'));
      }
      if (failed(res, authorization, call)) return;
      call.status = 200;
      call.answeredAt = Date.now();
      return reply(res, 200, { text: transcriber(call) });
    }
    const speech = /^\/([^/]+)\/cognitiveservices\/v1$/.exec(path);
    if (req.method === 'POST' && speech) {
      const key = String(req.headers['ocp-apim-subscription-key'] ?? '');
      const call: SpeechCall = {
        region: decodeURIComponent(speech[1]!),
        key,
        outputFormat: String(req.headers['x-microsoft-outputformat'] ?? ''),
        ssml: raw.toString('utf8'),
        at: Date.now(),
      };
      speeches.push(call);
      if (!key || (keys && !keys.has(key))) return reply(res, 401, errorBody(401, 'Access denied'));
      if (!call.ssml.includes('<speak')) return reply(res, 400, errorBody(400, 'SSML expected'));
      // An Ogg page header and some bytes: the app stores and sends what it gets.
      res.writeHead(200, { 'content-type': 'audio/ogg; codecs=opus' });
      return void res.end(Buffer.concat([Buffer.from('OggS'), randomBytes(60)]));
    }
    return reply(res, 404, errorBody(404, `Unknown path ${path}`));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    /** What `OPENAI_BASE_URL` is set to (the API's `/v1` root). */
    url: `http://127.0.0.1:${port}/v1`,
    chats,
    transcriptions,
    speeches,
    /** What `AZURE_TTS_URL` is set to: Azure Speech's text-to-speech, `{region}` filled by the app. */
    ttsUrl: `http://127.0.0.1:${port}/{region}/cognitiveservices/v1`,
    /** The next completions answer these texts, in order (then the answerer again). */
    answer(...texts: string[]) {
      scripted.push(...texts);
    },
    /** Completions not scripted answer what `fn` says (default `Resposta {n}`). */
    answerWith(fn: Answerer) {
      answerer = fn;
    },
    /** Transcriptions answer this text (or what `fn` says). */
    transcribe(text: string | ((call: TranscriptionCall) => string)) {
      transcriber = typeof text === 'string' ? () => text : text;
    },
    /** The next calls (completions and transcriptions alike) fail, one failure each, in order. */
    fail(...next: FakeFailure[]) {
      failures.push(...next);
    },
    /** Only these keys are accepted (others: 401); none given: any bearer. */
    acceptKeys(...accepted: string[]) {
      keys = accepted.length > 0 ? new Set(accepted) : undefined;
    },
    /** The model's time for each completion from now on. */
    delay(ms: number) {
      delayMs = ms;
    },
    /** Forgets the calls, the script and the failures. */
    reset() {
      chats.length = 0;
      transcriptions.length = 0;
      speeches.length = 0;
      scripted.length = 0;
      failures.length = 0;
    },
    /** Resolves when `check()` holds, re-checked as each call arrives and is answered (bounded by `ms`). */
    until: waiting.until,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeOpenAi = Awaited<ReturnType<typeof startFakeOpenAi>>;
