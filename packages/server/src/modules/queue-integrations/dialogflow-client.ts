import { createHash, createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import type { DialogflowServiceAccount } from '@balcao/contracts';
import type { Config } from '../../config.js';
import { outboundClient, OutboundRefused } from '../../platform/outbound/client.js';
import type { OutboundAllowance } from '../../platform/outbound/policy.js';

/**
 * Dialogflow ES over REST: an OAuth token from the service account (JWT bearer grant, RFC 7523,
 * to the account's own `token_uri`), then `detectIntent` on `{DIALOGFLOW_API_URL}/v2/…`. No SDK:
 * two HTTP calls and one RS256 signature. The `token_uri` is the tenant's text: that call goes
 * through the outbound policy, and its answer is never quoted back (its status only).
 */

const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const JWT_LIFETIME_S = 3600;
/** A cached token is renewed this long before Google says it expires. */
const EARLY_RENEWAL_MS = 60_000;
const DEFAULT_TIMEOUT_MS = 10_000;
/** An answer larger than this is not Google's: refused rather than held in memory. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** Tokens kept at most (one per service account in use); the oldest goes first. */
const MAX_CACHED_TOKENS = 1000;

/** Why a call to Dialogflow (or its token endpoint) failed, in words an admin can act on. */
export class DialogflowError extends Error {
  constructor(
    message: string,
    /** The HTTP status that answered, when one did. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'DialogflowError';
  }
}

export interface DialogflowOptions {
  /** Per request (token and detectIntent each); default 10 s. */
  timeoutMs?: number;
}

/**
 * The agent's answer to one customer text: the fulfillment messages' texts in order (else the
 * `fulfillmentText`), possibly none. Throws `DialogflowError` when the token or the agent fails.
 * `sessionId` keeps the agent's context between calls (the runtime uses the ticket's id).
 */
export async function detectIntent(
  config: Pick<Config, 'DIALOGFLOW_API_URL' | 'OUTBOUND_ALLOWED_HOSTS'>,
  account: DialogflowServiceAccount,
  sessionId: string,
  text: string,
  languageCode: string,
  opts: DialogflowOptions = {},
): Promise<string[]> {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const url =
    `${config.DIALOGFLOW_API_URL.replace(/\/+$/, '')}/v2/projects/${encodeURIComponent(account.project_id)}` +
    `/agent/sessions/${encodeURIComponent(sessionId)}:detectIntent`;
  const body = JSON.stringify({ queryInput: { text: { text, languageCode } } });
  const call = async (token: string) =>
    post(url, { authorization: `Bearer ${token}`, 'content-type': 'application/json; charset=utf-8' }, body, timeoutMs);
  const token = () => accessToken(config.OUTBOUND_ALLOWED_HOSTS, account, timeoutMs);
  let answer = await call(await token());
  // A token revoked before its time: one more try with a fresh one.
  if (answer.status === 401) {
    forgetToken(account);
    answer = await call(await token());
  }
  if (!answer.ok)
    throw new DialogflowError(`Dialogflow answered ${answer.status}: ${googleError(answer.json)}`, answer.status);
  return repliesOf(answer.json);
}

/** Whether `pem` is a private key node can sign with (a service account's `private_key`). */
export function isPrivateKey(pem: string): boolean {
  try {
    return createPrivateKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

/** The texts of a detectIntent answer (`queryResult.fulfillmentMessages[].text.text[]`, else `fulfillmentText`). */
export function repliesOf(answer: unknown): string[] {
  const result = (answer as { queryResult?: Record<string, unknown> } | null)?.queryResult;
  if (!result) return [];
  const messages = Array.isArray(result.fulfillmentMessages) ? (result.fulfillmentMessages as unknown[]) : [];
  const texts = messages.flatMap((m) => {
    const lines = (m as { text?: { text?: unknown } } | null)?.text?.text;
    return Array.isArray(lines) ? lines.filter((l): l is string => typeof l === 'string' && l.trim() !== '') : [];
  });
  if (texts.length > 0) return texts;
  const single = result.fulfillmentText;
  return typeof single === 'string' && single.trim() !== '' ? [single] : [];
}

interface CachedToken {
  token: string;
  expiresAt: number;
}
/**
 * Tokens by service account: its email, its token endpoint and a hash of its private key, so a
 * key changed in the integration never reuses the old key's token. Concurrent callers share one
 * request (the promise is cached until it settles).
 */
const tokens = new Map<string, CachedToken | Promise<CachedToken>>();

const cacheKey = (a: DialogflowServiceAccount) =>
  `${a.client_email}\n${a.token_uri}\n${createHash('sha256').update(a.private_key).digest('hex')}`;

function forgetToken(account: DialogflowServiceAccount) {
  tokens.delete(cacheKey(account));
}

async function accessToken(
  allowance: OutboundAllowance,
  account: DialogflowServiceAccount,
  timeoutMs: number,
): Promise<string> {
  const key = cacheKey(account);
  const cached = tokens.get(key);
  if (cached && !(cached instanceof Promise) && cached.expiresAt - EARLY_RENEWAL_MS > Date.now()) return cached.token;
  if (cached instanceof Promise) return (await cached).token;
  const pending = fetchToken(allowance, account, timeoutMs);
  tokens.set(key, pending);
  try {
    const fresh = await pending;
    tokens.delete(key); // re-inserted last: the map's order is its age
    tokens.set(key, fresh);
    if (tokens.size > MAX_CACHED_TOKENS) tokens.delete(tokens.keys().next().value!);
    return fresh.token;
  } catch (err) {
    tokens.delete(key);
    throw err;
  }
}

async function fetchToken(
  allowance: OutboundAllowance,
  account: DialogflowServiceAccount,
  timeoutMs: number,
): Promise<CachedToken> {
  const form = new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    assertion: signedAssertion(account),
  });
  let answer;
  try {
    answer = await outboundClient(allowance).request(account.token_uri, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
      timeoutMs,
      maxBytes: MAX_ANSWER_BYTES,
    });
  } catch (err) {
    // Our words only: "was refused: internal address", "failed: unreachable", "failed: no answer in … ms".
    throw new DialogflowError(
      err instanceof OutboundRefused
        ? `The token endpoint was ${err.message}`
        : `The token endpoint failed: ${(err as Error).message}`,
    );
  }
  const body = answer.json() as { access_token?: unknown; expires_in?: unknown } | undefined;
  if (!answer.ok || typeof body?.access_token !== 'string' || body.access_token === '') {
    // Never its text: a token_uri aimed at an internal service would read that service back.
    throw new DialogflowError(`The token endpoint answered ${answer.status}`, answer.status);
  }
  const lifetimeS = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : JWT_LIFETIME_S;
  return { token: body.access_token, expiresAt: Date.now() + lifetimeS * 1000 };
}

/** The JWT the service account signs (RS256): it asks its `token_uri` for a token of `SCOPE`. */
function signedAssertion(account: DialogflowServiceAccount): string {
  let key: KeyObject;
  try {
    key = createPrivateKey(account.private_key);
  } catch {
    throw new DialogflowError('The service account private_key is not a valid private key');
  }
  const now = Math.floor(Date.now() / 1000);
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const header = { alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) };
  const claims = {
    iss: account.client_email,
    sub: account.client_email,
    scope: SCOPE,
    aud: account.token_uri,
    iat: now,
    exp: now + JWT_LIFETIME_S,
  };
  const unsigned = `${part(header)}.${part(claims)}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(key).toString('base64url');
  return `${unsigned}.${signature}`;
}

interface Answer {
  status: number;
  ok: boolean;
  /** The parsed JSON, or undefined when the answer was not JSON. */
  json: unknown;
}

async function post(url: string, headers: Record<string, string>, body: string, timeoutMs: number): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (err) {
    const why = (err as Error).name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'unreachable';
    throw new DialogflowError(`${new URL(url).origin} ${why}`);
  }
  const text = await boundedText(res);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, ok: res.ok, json };
}

async function boundedText(res: Response): Promise<string> {
  if (!res.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > MAX_ANSWER_BYTES) throw new DialogflowError('The answer is too large');
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof DialogflowError) throw err;
    throw new DialogflowError('The answer was cut short');
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Google's error text: OAuth's `error_description`/`error`, or the API's `error.message`. */
function googleError(json: unknown): string {
  const o = json as { error?: unknown; error_description?: unknown } | undefined;
  const text =
    (typeof o?.error_description === 'string' && o.error_description) ||
    (typeof o?.error === 'string' && o.error) ||
    (typeof (o?.error as { message?: unknown } | undefined)?.message === 'string' &&
      (o!.error as { message: string }).message) ||
    'no error message';
  return text.slice(0, 300);
}
