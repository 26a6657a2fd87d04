import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waiters } from './waiters.js';

/**
 * A Typebot viewer (a real HTTP server on 127.0.0.1) speaking the chat API's two calls as
 * docs.typebot.io documents them: `POST /api/v1/typebots/{publicId}/startChat` and
 * `POST /api/v1/sessions/{sessionId}/continueChat`, with `message` as a string or as
 * `{type: 'text', text}` (both documented), text bubbles as `richText` (Slate nodes, the default)
 * or `markdown` (`textBubbleContentFormat`). It runs one scripted bot:
 *
 * 1. opening bubbles: "Olá! Eu sou o **Bot** da *Loja*." (bold, italic), "Veja [as ofertas](…)"
 *    (a link), an image served by the fake itself, "Com quem deseja falar?", then a choice input
 *    (Vendas, Suporte);
 * 2. a choice (the item's text, any case) → "Você escolheu {item}. Qual é o seu nome?" and a text
 *    input; anything else → Typebot's retry message and the same choice again;
 * 3. a name → "Obrigado, {name}!" and no input: the session ends (continueChat on it is 404, as
 *    Typebot answers for an unknown or finished session).
 *
 * It records every request and can be told to fail the next ones.
 */

export const TYPEBOT_PUBLIC_ID = 'atendimento-loja';
export const OFFERS_URL = 'https://loja.example/ofertas';
export const TYPEBOT_RETRY_MESSAGE = 'Invalid message. Please, try again.';
/** A 1×1 PNG, the bot's image bubble. */
export const TYPEBOT_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface TypebotRequest {
  method: string;
  path: string;
  body?: any;
  /** The customer's text the request carried (either documented form), if any. */
  text?: string;
  status: number;
  at: number;
}

type Step = 'choice' | 'name';
interface Session {
  id: string;
  publicId: string;
  step: Step;
  format: 'richText' | 'markdown';
}

/** A text bubble in both of Typebot's formats. */
interface Text {
  richText: unknown[];
  markdown: string;
}

const plain = (text: string): Text => ({ richText: [{ type: 'p', children: [{ text }] }], markdown: text });

const GREETING: Text = {
  richText: [
    {
      type: 'p',
      children: [
        { text: 'Olá! Eu sou o ' },
        { text: 'Bot', bold: true },
        { text: ' da ' },
        { text: 'Loja', italic: true },
        { text: '.' },
      ],
    },
  ],
  markdown: 'Olá! Eu sou o **Bot** da _Loja_.',
};
const OFFERS: Text = {
  richText: [
    { type: 'p', children: [{ text: 'Veja ' }, { type: 'a', url: OFFERS_URL, children: [{ text: 'as ofertas' }] }] },
  ],
  markdown: `Veja [as ofertas](${OFFERS_URL})`,
};
const CHOICES = ['Vendas', 'Suporte'];

export interface FakeTypebotOptions {
  /** Public ids the fake knows (others answer 404 on startChat). */
  publicIds?: string[];
  latencyMs?: number;
  /**
   * The image bubble streams this many bytes instead (the PNG's first bytes, then zeros), chunked,
   * without content-length: a hostile image. `imageBytesSent()` tells how many left before the
   * client hung up.
   */
  imageBytes?: number;
}

export async function startFakeTypebot(opts: FakeTypebotOptions = {}) {
  const publicIds = new Set(opts.publicIds ?? [TYPEBOT_PUBLIC_ID]);
  const requests: TypebotRequest[] = [];
  const sessions = new Map<string, Session>();
  let failing = 0;
  let failStatus = 500;
  let url = '';
  let imageBytesSent = 0;
  const waiting = waiters('fake typebot');

  /** Writes `total` bytes as fast as the client reads them, until it hangs up. */
  function streamImage(res: http.ServerResponse, total: number) {
    res.writeHead(200, { 'content-type': 'image/png' });
    const zeros = Buffer.alloc(64 * 1024);
    const more = () => {
      while (imageBytesSent < total && !res.destroyed) {
        const chunk =
          imageBytesSent === 0 ? TYPEBOT_IMAGE : zeros.subarray(0, Math.min(zeros.length, total - imageBytesSent));
        imageBytesSent += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      if (!res.destroyed) res.end();
    };
    res.on('close', () => waiting.changed());
    more();
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (opts.imageBytes && path === '/media/logo.png') return streamImage(res, opts.imageBytes);
      let body: any;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      } catch {
        body = undefined;
      }
      const answer = route(req.method ?? 'GET', path, body);
      requests.push({
        method: req.method ?? 'GET',
        path,
        body,
        text: textOf(body?.message),
        status: answer.status,
        at: Date.now(),
      });
      const send = () => {
        res.statusCode = answer.status;
        if (answer.bytes) {
          res.setHeader('content-type', 'image/png');
          res.end(answer.bytes);
        } else {
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(answer.json));
        }
        waiting.changed();
      };
      if (opts.latencyMs) setTimeout(send, opts.latencyMs);
      else send();
    });
  });

  type Answer = { status: number; json?: unknown; bytes?: Buffer };

  function route(method: string, path: string, body: any): Answer {
    if (method === 'GET' && path === '/media/logo.png') return { status: 200, bytes: TYPEBOT_IMAGE };
    if (method !== 'POST') return notFound('Not found');
    if (failing > 0) {
      failing--;
      return { status: failStatus, json: { message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' } };
    }
    const start = /^\/api\/v1\/typebots\/([^/]+)\/startChat$/.exec(path);
    if (start) return startChat(decodeURIComponent(start[1]!), body);
    const next = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(path);
    if (next) return continueChat(decodeURIComponent(next[1]!), body);
    return notFound('Not found');
  }

  function startChat(publicId: string, body: any): Answer {
    if (!publicIds.has(publicId)) return notFound('Typebot not found');
    const session: Session = {
      id: `${randomBytes(12).toString('hex')}`,
      publicId,
      step: 'choice',
      format: body?.textBubbleContentFormat === 'markdown' ? 'markdown' : 'richText',
    };
    sessions.set(session.id, session);
    const messages = [
      bubble(session, GREETING),
      bubble(session, OFFERS),
      { id: bubbleId(), type: 'image', content: { url: `${url}/media/logo.png` } },
      bubble(session, plain('Com quem deseja falar?')),
    ];
    return {
      status: 200,
      json: {
        sessionId: session.id,
        resultId: `r${randomBytes(6).toString('hex')}`,
        typebot: { id: `tb_${publicId}`, version: '6', theme: {}, settings: {} },
        messages,
        input: choiceInput(),
      },
    };
  }

  function continueChat(sessionId: string, body: any): Answer {
    const session = sessions.get(sessionId);
    if (!session) return notFound('Session not found.');
    const text = textOf(body?.message)?.trim() ?? '';
    if (session.step === 'choice') {
      const item = CHOICES.find((c) => c.toLowerCase() === text.toLowerCase());
      if (!item)
        return {
          status: 200,
          json: { messages: [bubble(session, plain(TYPEBOT_RETRY_MESSAGE))], input: choiceInput() },
        };
      session.step = 'name';
      return {
        status: 200,
        json: {
          messages: [bubble(session, plain(`Você escolheu ${item}. Qual é o seu nome?`))],
          input: { id: 'name-input', type: 'text input', options: { labels: { placeholder: 'Seu nome' } } },
          lastMessageNewFormat: item === text ? undefined : item,
        },
      };
    }
    sessions.delete(session.id);
    return { status: 200, json: { messages: [bubble(session, plain(`Obrigado, ${text}!`))] } };
  }

  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    sessions,
    imageBytesSent: () => imageBytesSent,
    /** startChat requests (optionally of one public id). */
    starts(publicId = TYPEBOT_PUBLIC_ID) {
      return requests.filter((r) => r.path === `/api/v1/typebots/${publicId}/startChat`);
    },
    /** continueChat requests (optionally of one session). */
    continues(sessionId?: string) {
      return requests.filter((r) => /\/continueChat$/.test(r.path) && (!sessionId || r.path.includes(sessionId)));
    },
    /** The next `count` chat calls answer `status` (500 by default). */
    failNext(count: number, status = 500) {
      failing = count;
      failStatus = status;
    },
    /** Forgets a session, as Typebot does when it expires on its side. */
    dropSession(sessionId: string) {
      sessions.delete(sessionId);
    },
    until: waiting.until,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeTypebot = Awaited<ReturnType<typeof startFakeTypebot>>;

const bubbleId = () => randomBytes(8).toString('hex');

function bubble(session: Session, text: Text) {
  const content =
    session.format === 'markdown'
      ? { type: 'markdown', markdown: text.markdown }
      : { type: 'richText', richText: text.richText };
  return { id: bubbleId(), type: 'text', content };
}

function choiceInput() {
  return {
    id: 'choice-input',
    type: 'choice input',
    items: CHOICES.map((content, i) => ({ id: `item${i + 1}`, content })),
    options: { isMultipleChoice: false },
  };
}

/** The customer's text in either documented form: `"text"` or `{type: 'text', text: "text"}`. */
function textOf(message: unknown): string | undefined {
  if (typeof message === 'string') return message;
  if (message && typeof message === 'object' && (message as { type?: unknown }).type === 'text') {
    const text = (message as { text?: unknown }).text;
    return typeof text === 'string' ? text : undefined;
  }
  return undefined;
}

const notFound = (message: string) => ({ status: 404, json: { message, code: 'NOT_FOUND' } });
