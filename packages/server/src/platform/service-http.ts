import http from 'node:http';
import https from 'node:https';

/**
 * JSON calls to the deployment's own services (the Graph API, an OpenAI-compatible endpoint) over
 * node's own http(s) with kept-alive connections; addresses a tenant typed go through
 * outbound/client.ts instead. Global fetch (undici with web streams and an AbortSignal per call)
 * cost about 1.3 ms of CPU a send, a third of what a campaign's send costs the process at
 * hundreds a second; this costs a tenth of that.
 * Media uploads and downloads (multipart, large bodies) still go through fetch.
 */
const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};
/** A JSON answer larger than this is not the service's: refused rather than held in memory. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface JsonAnswer {
  status: number;
  ok: boolean;
  json(): Promise<unknown>;
}

/** A JSON answer with its headers (`retry-after` …). */
export type JsonAnswerWithHeaders = JsonAnswer & { headers: http.IncomingHttpHeaders };

export function requestJson(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: string | Buffer | undefined,
  timeoutMs: number,
): Promise<JsonAnswerWithHeaders> {
  const target = new URL(url);
  const agent = target.protocol === 'https:' ? agents['https:'] : agents['http:'];
  const send = target.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new Error('answer too large'));
          else chunks.push(c);
        });
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          resolve({
            status,
            ok: status >= 200 && status < 300,
            headers: res.headers,
            json: async () => JSON.parse(text) as unknown,
          });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}
