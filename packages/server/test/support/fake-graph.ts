import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

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
}

export interface FakeMedia {
  data: Buffer;
  mimeType: string;
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
export async function startFakeGraph() {
  const requests: GraphRequest[] = [];
  /** Messages accepted (answered with a wamid), in order. */
  const sent: { phoneNumberId: string; body: any; wamid: string }[] = [];
  const media = new Map<string, FakeMedia>();
  const uploads = new Map<string, FakeMedia & { name: string }>();
  const refusedPhones = new Set<string>();
  const goneMedia = new Set<string>();
  let throttleNext = 0;
  let failNext: { count: number; status: number; code: number; message: string } | undefined;
  const waiters = new Set<() => void>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void handle(req, Buffer.concat(chunks))
        .then(({ status, json, bytes, type }) => {
          res.statusCode = status;
          if (bytes) {
            res.setHeader('content-type', type ?? 'application/octet-stream');
            res.end(bytes);
          } else {
            res.setHeader('content-type', 'application/json');
            res.end(JSON.stringify(json));
          }
        })
        .catch((err: unknown) => {
          res.statusCode = 500;
          res.end(JSON.stringify(graphError(1, String(err))));
        })
        .finally(() => waiters.forEach((w) => w()));
    });
  });

  type Answer = { status: number; json?: unknown; bytes?: Buffer; type?: string };

  async function handle(req: http.IncomingMessage, raw: Buffer): Promise<Answer> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v\d+(\.\d+)?(?=\/)/, '');
    const record: GraphRequest = { method: req.method ?? 'GET', path, query: url.searchParams, headers: req.headers };
    const ctype = String(req.headers['content-type'] ?? '');
    if (ctype.startsWith('application/json') && raw.length) record.body = JSON.parse(raw.toString('utf8'));
    if (ctype.startsWith('multipart/form-data')) record.form = await parseForm(raw, ctype);
    requests.push(record);

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
      const wamid = `wamid.${randomBytes(18).toString('base64url')}`;
      sent.push({ phoneNumberId: id, body, wamid });
      return {
        status: 200,
        json: {
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: wamid }],
        },
      };
    }
    return { status: 404, json: graphError(100, `Unsupported ${req.method} ${path}`) };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;

  const fake = {
    url: `http://127.0.0.1:${port}`,
    requests,
    sent,
    uploads,
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
    until<T>(check: () => T | undefined | false, ms = 10_000): Promise<T> {
      return new Promise((resolve, reject) => {
        const done = (value: T) => {
          clearTimeout(timer);
          waiters.delete(poll);
          resolve(value);
        };
        const poll = () => {
          const value = check();
          if (value) done(value);
        };
        const timer = setTimeout(() => {
          waiters.delete(poll);
          reject(new Error('fake graph: timed out waiting'));
        }, ms);
        waiters.add(poll);
        poll();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

export type FakeGraph = Awaited<ReturnType<typeof startFakeGraph>>;

/** Multipart body → fields and the file, with the platform's own parser. */
async function parseForm(raw: Buffer, contentType: string): Promise<NonNullable<GraphRequest['form']>> {
  const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
  const fields: Record<string, string> = {};
  let file: { name: string; type: string; data: Buffer } | undefined;
  for (const [key, value] of form) {
    if (typeof value === 'string') fields[key] = value;
    else file = { name: value.name, type: value.type, data: Buffer.from(await value.arrayBuffer()) };
  }
  return { fields, file };
}
