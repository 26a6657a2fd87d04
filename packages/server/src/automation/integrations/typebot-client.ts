import { outboundClient, OutboundRefused } from '../../platform/outbound/client.js';
import type { OutboundAllowance } from '../../platform/outbound/policy.js';
import type { IntegrationRow } from './integration-turn-read.js';

/**
 * Typebot's chat API (docs.typebot.io, "Start chat" / "Continue chat") over kept-alive HTTP:
 * `POST {urlN8N}/api/v1/typebots/{typebotSlug}/startChat`, then
 * `POST {urlN8N}/api/v1/sessions/{sessionId}/continueChat` with `message: {type: 'text', text}`
 * (the documented form; the older bare string is the same to Typebot). Text bubbles are asked
 * for as `richText`. A 5xx, 429 or no answer is tried again twice (0.3 s, then 1 s later);
 * a 404 is Typebot's "session not found" (expired or finished on its side). The URL is the
 * tenant's: every call goes through the outbound policy (an internal address is not tried again).
 */

const TIMEOUT_MS = 8_000;
const PAUSES_MS = [300, 1_000];
/** A chat answer larger than this is not a Typebot's: refused rather than held in memory. */
const MAX_ANSWER_BYTES = 1024 * 1024;

/** Typebot does not know the session (404). */
export class TypebotSessionGone extends Error {}

/** Typebot did not answer usably (after the tries). */
export class TypebotFailed extends Error {}

type Typebot = Pick<IntegrationRow, 'urlN8N' | 'typebotSlug'>;

const base = (t: Typebot) => t.urlN8N.trim().replace(/\/+$/, '');

export function startChat(allowance: OutboundAllowance, typebot: Typebot): Promise<unknown> {
  const url = `${base(typebot)}/api/v1/typebots/${encodeURIComponent(typebot.typebotSlug.trim())}/startChat`;
  return call(allowance, url, { textBubbleContentFormat: 'richText' });
}

export function continueChat(
  allowance: OutboundAllowance,
  typebot: Typebot,
  sessionId: string,
  text: string,
): Promise<unknown> {
  const url = `${base(typebot)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`;
  return call(allowance, url, { message: { type: 'text', text }, textBubbleContentFormat: 'richText' });
}

async function call(allowance: OutboundAllowance, url: string, body: unknown): Promise<unknown> {
  const json = JSON.stringify(body);
  let last = '';
  for (let attempt = 0; attempt <= PAUSES_MS.length; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, PAUSES_MS[attempt - 1]));
    try {
      const answer = await outboundClient(allowance).request(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: json,
        timeoutMs: TIMEOUT_MS,
        maxBytes: MAX_ANSWER_BYTES,
      });
      if (answer.ok) {
        const parsed = answer.json();
        if (parsed === undefined) throw new TypebotFailed('Typebot answered without JSON');
        return parsed;
      }
      if (answer.status === 404) throw new TypebotSessionGone(`Typebot answered 404 at ${url}`);
      last = `Typebot answered ${answer.status}`;
      if (answer.status < 500 && answer.status !== 429) break;
    } catch (err) {
      if (err instanceof TypebotSessionGone) throw err;
      last = err instanceof Error ? err.message : String(err);
      if (err instanceof OutboundRefused) break;
    }
  }
  throw new TypebotFailed(last);
}
