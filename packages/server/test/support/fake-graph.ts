import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signBody } from '../../src/channels/cloud/signature.js';
import { requestJson } from '../../src/platform/service-http.js';
import { waiters } from './waiters.js';

/** One request the fake received, as it arrived. */
export interface GraphRequest {
  method: string;
  /** Path without the version prefix (`/v21.0`) and without the query. */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  /** Parsed JSON body, when the request carried JSON. */
  body?: any;
  /** Multipart fields (text) and the uploaded file, for media uploads. */
  form?: { fields: Record<string, string>; file?: { name: string; type: string; data: Buffer } };
  /** When it arrived (ms since the epoch) and the HTTP status it was answered with. */
  at: number;
  answered?: number;
}

/** Where Meta reports a phone number's statuses: the connection's webhook, signed with its app secret. */
export interface FakeWebhook {
  url: string;
  appSecret: string;
  /** Before the first attempt (Meta's statuses come a moment after the send's answer). */
  delayMs?: number;
}

export interface FakeGraphOptions {
  /** How long each answer takes (the bench: ~20 ms, like Meta's). */
  latencyMs?: number;
}

export interface FakeMedia {
  data: Buffer;
  mimeType: string;
}

/** A message template as Meta lists it under a WABA. */
export interface FakeTemplate {
  name: string;
  language: string;
  status: string;
  category?: string;
  components: { type: string; format?: string; text?: string; buttons?: unknown[]; example?: unknown }[];
}

const graphError = (code: number, message: string, type = 'OAuthException') => ({
  error: {
    message,
    type,
    code,
    error_data: { messaging_product: 'whatsapp', details: message },
    fbtrace_id: randomBytes(8).toString('hex'),
  },
});

/**
 * A real HTTP server on 127.0.0.1 speaking the subset of Meta's Graph API that the `cloud`
 * provider uses: phone number check, message send (and mark read), media upload, media URL and
 * media bytes. It records every request, and can be told to refuse a phone number (401), to
 * throttle the next sends (error 130429) or to fail them with another error.
 */
export async function startFakeGraph(opts: FakeGraphOptions = {}) {
  const requests: GraphRequest[] = [];
  const webhooks = new Map<string, FakeWebhook>();
  /** Message sends being answered right now, and the most at once. */
  const load = { inFlight: 0, maxInFlight: 0 };
  /** Status deliveries posted and answered 2xx, and those still being tried. */
  const statuses = { delivered: 0, pending: 0 };
  let closed = false;
  /** Messages accepted (answered with a wamid), in order. */
  const sent: { phoneNumberId: string; body: any; wamid: string }[] = [];
  const media = new Map<string, FakeMedia>();
  const uploads = new Map<string, FakeMedia & { name: string }>();
  const refusedPhones = new Set<string>();
  const goneMedia = new Set<string>();
  /** Templates per WABA id; listed `templatePageSize` a page, like Meta's cursor paging. */
  const templates = new Map<string, FakeTemplate[]>();
  let templatePageSize = 2;
  let throttleNext = 0;
  let failNext: { count: number; status: number; code: number; message: string } | undefined;
  const waiting = waiters('fake graph');

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, Buffer.concat(chunks))
        .then(async (answer) => {
          if (opts.latencyMs) await new Promise((r) => setTimeout(r, opts.latencyMs));
          return answer;
        })
        .then(({ status, json, bytes, type, after }) => {
          res.statusCode = status;
          if (bytes) {
            res.setHeader('content-type', type ?? 'application/octet-stream');
            res.end(bytes);
          } else {
            res.setHeader('content-type', 'application/json');
            res.end(JSON.stringify(json));
          }
          after?.();
        })
        .catch((err: unknown) => {
          res.statusCode = 500;
          res.end(JSON.stringify(graphError(1, String(err))));
        })
        .finally(() => waiting.changed());
    });
  });

  /** `after`: what happens once the answer is on its way (a send's status webhook). */
  type Answer = { status: number; json?: unknown; bytes?: Buffer; type?: string; after?: () => void };

  async function handle(req: http.IncomingMessage, raw: Buffer): Promise<Answer> {
    const isSend = req.method === 'POST' && /\/messages$/.test(req.url ?? '');
    if (isSend) load.maxInFlight = Math.max(load.maxInFlight, ++load.inFlight);
    try {
      return await answerOf(req, raw);
    } finally {
      if (isSend) setTimeout(() => load.inFlight--, opts.latencyMs ?? 0);
    }
  }

  async function answerOf(req: http.IncomingMessage, raw: Buffer): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v\d+(\.\d+)?(?=\/)/, '');
    const record: GraphRequest = {
      method: req.method ?? 'GET',
      path,
      query: url.searchParams,
      headers: req.headers,
      at: Date.now(),
    };
    const ctype = String(req.headers['content-type'] ?? '');
    if (ctype.startsWith('application/json') && raw.length) record.body = JSON.parse(raw.toString('utf8'));
    if (ctype.startsWith('multipart/form-data')) record.form = await parseForm(raw, ctype);
    requests.push(record);
    const answer = await route(req, path, record);
    record.answered = answer.status;
    return answer;
  }

  async function route(req: http.IncomingMessage, path: string, record: GraphRequest): Promise<Answer> {
    const bytesMatch = /^\/media-bytes\/([^/]+)$/.exec(path);
    if (!/^Bearer \S+/.test(String(req.headers.authorization ?? ''))) {
      return { status: 401, json: graphError(190, 'Invalid OAuth access token') };
    }
    if (bytesMatch && req.method === 'GET') {
      const m = media.get(decodeURIComponent(bytesMatch[1]!));
      return m
        ? { status: 200, bytes: m.data, type: m.mimeType }
        : { status: 404, json: graphError(100, 'Unknown media') };
    }
    const [, id, edge] = path.split('/');
    if (!id) return { status: 404, json: graphError(100, 'Unknown path') };

    if (req.method === 'GET' && !edge) {
      if (goneMedia.has(id))
        return { status: 400, json: graphError(100, 'Unsupported get request. Object does not exist') };
      const m = media.get(id);
      if (m) {
        return {
          status: 200,
          json: {
            messaging_product: 'whatsapp',
            url: `${fake.url}/media-bytes/${encodeURIComponent(id)}`,
            mime_type: m.mimeType,
            sha256: createHash('sha256').update(m.data).digest('hex'),
            file_size: m.data.length,
            id,
          },
        };
      }
      if (refusedPhones.has(id)) return { status: 401, json: graphError(190, 'Error validating access token') };
      return {
        status: 200,
        json: { id, display_phone_number: '+55 11 4000-0000', verified_name: 'Balcão Test', quality_rating: 'GREEN' },
      };
    }

    if (req.method === 'GET' && edge === 'message_templates') {
      const all = templates.get(id) ?? [];
      const after = Number(record.query.get('after') ?? 0);
      const size = Math.min(templatePageSize, Number(record.query.get('limit') ?? 25));
      const data = all.slice(after, after + size).map((t) => ({ ...t, id: `${t.name}-${t.language}` }));
      const more = after + size < all.length;
      const next = new URL(`${fake.url}/v21.0/${id}/message_templates`);
      for (const [k, v] of record.query) next.searchParams.set(k, v);
      next.searchParams.set('after', String(after + size));
      return {
        status: 200,
        json: {
          data,
          paging: {
            cursors: { before: String(after), after: String(after + size) },
            ...(more ? { next: next.href } : {}),
          },
        },
      };
    }

    if (req.method === 'POST' && edge === 'media') {
      const file = record.form?.file;
      if (!file || record.form?.fields.messaging_product !== 'whatsapp') {
        return { status: 400, json: graphError(100, 'file and messaging_product are required') };
      }
      const mediaId = String(Date.now()) + randomBytes(3).readUIntBE(0, 3);
      uploads.set(mediaId, { data: file.data, mimeType: file.type, name: file.name });
      return { status: 200, json: { id: mediaId } };
    }

    if (req.method === 'POST' && edge === 'messages') {
      const body = record.body;
      if (body?.status === 'read') return { status: 200, json: { success: true } };
      if (throttleNext > 0) {
        throttleNext--;
        return { status: 400, json: graphError(130429, '(#130429) Rate limit hit') };
      }
      if (failNext && failNext.count > 0) {
        failNext.count--;
        return { status: failNext.status, json: graphError(failNext.code, failNext.message) };
      }
      if (body?.messaging_product !== 'whatsapp' || !body?.to || !body?.type) {
        return { status: 400, json: graphError(100, 'Invalid parameter') };
      }
      if (body.type === 'template') {
        const refusal = checkTemplate(body.template);
        if (refusal) return { status: 400, json: refusal };
      }
      const wamid = `wamid.${randomBytes(18).toString('base64url')}`;
      sent.push({ phoneNumberId: id, body, wamid });
      const hook = webhooks.get(id);
      return {
        status: 200,
        json: {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: wamid }],
        },
        after: hook ? () => reportSent(hook, id, body, wamid) : undefined,
      };
    }
    return { status: 404, json: graphError(100, `Unsupported ${req.method} ${path}`) };
  }

  /**
   * A template send checked as Meta does: the name and language must exist (132001) and the body
   * parameters must match the BODY's `{{n}}` (132000).
   */
  function checkTemplate(t: any) {
    const known = [...templates.values()]
      .flat()
      .find((x) => x.name === t?.name && x.language === t?.language?.code && x.status === 'APPROVED');
    if (!known) return graphError(132001, 'Template name does not exist in the translation', 'OAuthException');
    const bodyText = known.components.find((c) => c.type === 'BODY')?.text ?? '';
    const expected = new Set([...bodyText.matchAll(/\{\{\s*(\d+)\s*\}\}/g)].map((m) => m[1])).size;
    const given = (t.components ?? []).find((c: any) => c.type === 'body')?.parameters?.length ?? 0;
    if (given !== expected)
      return graphError(132000, 'Number of parameters does not match the expected number of params');
    return undefined;
  }

  /**
   * Meta's "sent" status of an accepted send, posted signed to the connection's webhook with the
   * send's `biz_opaque_callback_data`; a delivery that is not answered 2xx is posted again every
   * 500 ms (Meta retries), until the fake closes.
   */
  function reportSent(hook: FakeWebhook, phoneNumberId: string, body: any, wamid: string) {
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
                statuses: [
                  {
                    id: wamid,
                    status: 'sent',
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    recipient_id: body.to,
                    ...(typeof body.biz_opaque_callback_data === 'string'
                      ? { biz_opaque_callback_data: body.biz_opaque_callback_data }
                      : {}),
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    statuses.pending++;
    const attempt = () => {
      if (closed) return void statuses.pending--;
      // Over node's http with kept-alive connections, as the server's Graph client: the fake's
      // own cost per status stays small beside the server's in the benches.
      const headers = { 'content-type': 'application/json', 'x-hub-signature-256': signBody(raw, hook.appSecret) };
      requestJson(hook.url, 'POST', headers, raw, 30_000)
        .then((res) => {
          if (!res.ok) throw new Error(`webhook answered ${res.status}`);
          statuses.pending--;
          statuses.delivered++;
          waiting.changed();
        })
        .catch(() => setTimeout(attempt, 500));
    };
    setTimeout(attempt, hook.delayMs ?? 0);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const fake = {
    url: `http://127.0.0.1:${port}`,
    requests,
    sent,
    uploads,
    load,
    statuses,
    /** Reports this phone number's accepted sends to a webhook, as Meta does (null: no longer). */
    webhook(phoneNumberId: string, hook: FakeWebhook | null) {
      if (hook) webhooks.set(phoneNumberId, hook);
      else webhooks.delete(phoneNumberId);
    },
    /** A media file a customer sent: `GET /{id}` gives its URL, the URL gives these bytes. */
    addMedia(id: string, data: Buffer, mimeType: string) {
      media.set(id, { data, mimeType });
    },
    /** A media id Meta no longer has (expired): `GET /{id}` answers error 100. */
    expireMedia(id: string) {
      goneMedia.add(id);
    },
    /** `GET /{phoneNumberId}` answers 401 (a bad token) for this number. */
    refusePhone(phoneNumberId: string) {
      refusedPhones.add(phoneNumberId);
    },
    /** The templates of a WABA (`GET /{wabaId}/message_templates`), and how many a page lists. */
    setTemplates(wabaId: string, list: FakeTemplate[], pageSize = 2) {
      templates.set(wabaId, list);
      templatePageSize = pageSize;
    },
    /** The next `count` sends answer Meta's throughput error 130429. */
    throttle(count: number) {
      throttleNext = count;
    },
    /** The next `count` sends fail with this HTTP status and Graph error code. */
    fail(count: number, status: number, code: number, message = 'Failure') {
      failNext = { count, status, code, message };
    },
    /** Requests to a path (method optional). */
    to(path: string, method?: string) {
      return requests.filter((r) => r.path === path && (!method || r.method === method));
    },
    /** Resolves when `check()` holds, re-checked after each request (bounded by `ms`). */
    until: waiting.until,
    close: () =>
      new Promise<void>((resolve) => {
        closed = true;
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;

/** Multipart body → fields and the file, with the platform's own parser. */
export async function parseForm(raw: Buffer, contentType: string): Promise<NonNullable<GraphRequest['form']>> {
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  let file: { name: string; type: string; data: Buffer } | undefined;
  for (const [key, value] of form) {
    if (typeof value === 'string') fields[key] = value;
    else file = { name: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) };
  }
  return { fields, file };
}
