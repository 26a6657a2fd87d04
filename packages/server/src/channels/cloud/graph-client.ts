import { requestJson, type JsonAnswer } from '../../platform/service-http.js';

/**
 * The subset of Meta's Graph API a Cloud API connection uses, with the connection's access token:
 * JSON calls over node's http (platform/service-http.ts), media uploads and downloads over fetch.
 * Throttling (130429 and the other rate-limit codes) and 5xx answers are retried here with
 * exponential backoff, a few times; what remains is thrown as a GraphError that says whether
 * trying again later can help. The token never appears in errors or logs.
 */

/** Graph error codes that mean "not now" (throughput, rate limits, temporary outages). */
const TRANSIENT_CODES = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056, 133004]);
/** Codes that ask the sender to slow down (throughput, pair rate, app and account rate limits). */
const THROTTLE_CODES = new Set([4, 80007, 130429, 131056]);
/** Codes of an access token that is expired, revoked or lacks permission. */
const AUTH_CODES = new Set([0, 10, 190]);
/** Meta's largest media file (100 MB). */
export const MAX_MEDIA_BYTES = 100 * 1024 * 1024;

export class GraphError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 when the request never got an answer. */
    readonly status: number,
    readonly code: number | undefined,
    /** Trying again later may succeed (throttled, 5xx, network). */
    readonly retryable: boolean,
  ) {
    super(message);
  }

  /** Meta asks us to slow down. */
  get throttled(): boolean {
    return this.status === 429 || (this.code !== undefined && THROTTLE_CODES.has(this.code));
  }

  /** The request may have been taken: no answer, or a server error. */
  get unsure(): boolean {
    return this.status === 0 || this.status >= 500;
  }

  /** The access token is not accepted (expired, revoked, no permission). */
  get unauthorized(): boolean {
    return (
      this.status === 401 ||
      (this.code !== undefined && (AUTH_CODES.has(this.code) || (this.code >= 200 && this.code < 300)))
    );
  }
}

export interface GraphClientOptions {
  baseUrl: string;
  accessToken: string;
  /** Attempts per call for throttled / 5xx answers (default 4). */
  maxAttempts?: number;
  /** First backoff delay; doubles each attempt, with jitter (default 250 ms, capped at 5 s). */
  baseDelayMs?: number;
  timeoutMs?: number;
}

export interface SendResult {
  messaging_product?: string;
  contacts?: { input?: string; wa_id?: string }[];
  messages: { id: string; message_status?: string }[];
}

/** One page of `GET /{wabaId}/message_templates` (Meta's fields; `paging.next` names the next page). */
export interface TemplatePage {
  data: {
    name: string;
    language: string;
    status: string;
    category?: string;
    components?: unknown[];
  }[];
  paging?: { next?: string; cursors?: { after?: string } };
}

/** Templates asked per page (Meta's largest is far above; the pages stay small in memory). */
const TEMPLATES_PER_PAGE = 100;

type Body = { json: unknown } | { form: FormData } | undefined;

export class GraphClient {
  private readonly base: string;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly timeoutMs: number;

  constructor(private readonly opts: GraphClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.maxAttempts = Math.max(1, opts.maxAttempts ?? 4);
    this.baseDelayMs = opts.baseDelayMs ?? 250;
    this.timeoutMs = opts.timeoutMs ?? 20_000;
  }

  /** The phone number's record: answers when the id and the token are good. */
  phoneNumber(phoneNumberId: string) {
    return this.call<{ id: string; display_phone_number?: string; verified_name?: string }>(
      'GET',
      `/${seg(phoneNumberId)}`,
    );
  }

  /**
   * A message send. Throttling is not retried here: the outbox slows the whole connection down
   * instead of each of its sends in flight retrying on its own.
   */
  sendMessage(phoneNumberId: string, body: Record<string, unknown>): Promise<SendResult> {
    return this.call<SendResult>('POST', `/${seg(phoneNumberId)}/messages`, { json: body }, false, false);
  }

  /**
   * Every message template of a WhatsApp Business Account, page after page: `paging.next` is
   * followed to the last page (only on the Graph API's own host: the address comes from an answer).
   */
  async *messageTemplates(wabaId: string): AsyncGenerator<TemplatePage['data']> {
    const query = `fields=name,language,status,category,components&limit=${TEMPLATES_PER_PAGE}`;
    let next: string | undefined = `${this.base}/${seg(wabaId)}/message_templates?${query}`;
    while (next) {
      const page: TemplatePage = await this.call<TemplatePage>('GET', next);
      yield Array.isArray(page.data) ? page.data : [];
      next = page.paging?.next;
      if (next && new URL(next).origin !== new URL(this.base).origin)
        throw new GraphError('paging.next leaves the Graph API', 502, undefined, false);
    }
  }

  /** Uploads a file to Meta's media store; answers the media id to send it by. */
  async uploadMedia(phoneNumberId: string, data: Buffer, mimetype: string, fileName: string): Promise<string> {
    const form = new FormData();
    form.set('messaging_product', 'whatsapp');
    form.set('type', mimetype);
    form.set('file', new Blob([new Uint8Array(data)], { type: mimetype }), fileName);
    const res = await this.call<{ id: string }>('POST', `/${seg(phoneNumberId)}/media`, { form });
    return res.id;
  }

  markRead(phoneNumberId: string, messageId: string): Promise<unknown> {
    return this.call('POST', `/${seg(phoneNumberId)}/messages`, {
      json: { messaging_product: 'whatsapp', status: 'read', message_id: messageId },
    });
  }

  /** A received media file: its id gives a short-lived URL, fetched with the same token. */
  async downloadMedia(mediaId: string): Promise<{ data: Buffer; mimetype?: string }> {
    const info = await this.call<{ url: string; mime_type?: string; file_size?: number }>('GET', `/${seg(mediaId)}`);
    if (typeof info.url !== 'string' || !/^https?:\/\//.test(info.url))
      throw new GraphError('media has no URL', 502, undefined, true);
    if (info.file_size !== undefined && info.file_size > MAX_MEDIA_BYTES)
      throw new GraphError('media too large', 413, undefined, false);
    const data = await this.attempts(async () => {
      const res = await this.fetch(info.url, { method: 'GET', headers: this.auth() }, 120_000);
      if (!res.ok) throw await errorOf(res);
      if (Number(res.headers.get('content-length') ?? 0) > MAX_MEDIA_BYTES)
        throw new GraphError('media too large', 413, undefined, false);
      const buf = Buffer.from(await res.arrayBuffer());
      if (buf.length > MAX_MEDIA_BYTES) throw new GraphError('media too large', 413, undefined, false);
      return buf;
    }, true);
    return { data, mimetype: info.mime_type };
  }

  private auth(): Record<string, string> {
    return { authorization: `Bearer ${this.opts.accessToken}` };
  }

  /**
   * One Graph call (`path` under the base, or a whole address the API answered). `retryNetwork`: whether a request that got no answer may be repeated (GETs and
   * idempotent posts). A message send is not repeated then — Meta may have taken it; the outbox
   * decides. Throttled (unless `retryThrottled` is false) and 5xx answers are repeated.
   */
  private call<T>(
    method: string,
    path: string,
    body?: Body,
    retryNetwork = method === 'GET',
    retryThrottled = true,
  ): Promise<T> {
    return this.attempts(
      async () => {
        const headers = this.auth();
        const url = /^https?:\/\//.test(path) ? path : this.base + path;
        let res: JsonAnswer;
        if (body && 'form' in body) {
          res = await this.fetch(url, { method, headers, body: body.form }, this.timeoutMs);
        } else {
          if (body) headers['content-type'] = 'application/json';
          res = await this.request(method, url, headers, body && JSON.stringify(body.json));
        }
        if (!res.ok) throw await errorOf(res);
        return (await res.json()) as T;
      },
      retryNetwork,
      retryThrottled,
    );
  }

  private async request(method: string, url: string, headers: Record<string, string>, body?: string) {
    try {
      return await requestJson(url, method, headers, body, this.timeoutMs);
    } catch (err) {
      throw new GraphError(
        `Graph API unreachable: ${err instanceof Error ? err.message : String(err)}`,
        0,
        undefined,
        true,
      );
    }
  }

  private async fetch(url: string, init: RequestInit, timeoutMs: number): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (err) {
      const why = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
      throw new GraphError(`Graph API unreachable: ${why}`, 0, undefined, true);
    }
  }

  private async attempts<T>(fn: () => Promise<T>, retryNetwork: boolean, retryThrottled = true): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await fn();
      } catch (err) {
        const again =
          err instanceof GraphError &&
          err.retryable &&
          (err.status !== 0 || retryNetwork) &&
          (retryThrottled || !err.throttled) &&
          attempt < this.maxAttempts;
        if (!again) throw err;
        const delay = Math.min(5_000, this.baseDelayMs * 2 ** (attempt - 1));
        await new Promise((r) => setTimeout(r, delay / 2 + Math.random() * (delay / 2)));
      }
    }
  }
}

/** A path segment from an id we were given (digits for Meta; encoded, never a path). */
const seg = (id: string) => encodeURIComponent(id);

/** Meta's error body `{error: {message, code, error_subcode, error_data, fbtrace_id}}` → GraphError. */
async function errorOf(res: JsonAnswer): Promise<GraphError> {
  let code: number | undefined;
  let message = `HTTP ${res.status}`;
  try {
    const body = (await res.json()) as {
      error?: { message?: string; code?: number | string; error_data?: { details?: string } };
    };
    if (body?.error) {
      code = body.error.code === undefined ? undefined : Number(body.error.code);
      message = [body.error.message, body.error.error_data?.details].filter(Boolean).join(': ') || message;
    }
  } catch {
    /* not JSON */
  }
  const retryable = res.status >= 500 || res.status === 429 || (code !== undefined && TRANSIENT_CODES.has(code));
  return new GraphError(code !== undefined ? `(#${code}) ${message}` : message, res.status, code, retryable);
}
