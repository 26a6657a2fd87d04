import { requestJson } from '../../channels/cloud/graph-http.js';
import type { IntegrationRow } from './integration-turn-read.js';

/**
 * Typebot's chat API (docs.typebot.io, "Start chat" / "Continue chat") over kept-alive HTTP:
 * `POST {urlN8N}/api/v1/typebots/{typebotSlug}/startChat`, then
 * `POST {urlN8N}/api/v1/sessions/{sessionId}/continueChat` with `message: {type: 'text', text}`
 * (the documented form; the older bare string is the same to Typebot). Text bubbles are asked
 * for as `richText`. A 5xx, 429 or no answer is tried again twice (0.3 s, then 1 s later);
 * a 404 is Typebot's "session not found" (expired or finished on its side).
 */

const TIMEOUT_MS = 8_000;
const PAUSES_MS = [300, 1_000];

/** Typebot does not know the session (404). */
export class TypebotSessionGone extends Error {}

/** Typebot did not answer usably (after the tries). */
export class TypebotFailed extends Error {}

type Typebot = Pick<IntegrationRow, 'urlN8N' | 'typebotSlug'>;

const base = (t: Typebot) => t.urlN8N.trim().replace(/\/+$/, '');

export function startChat(typebot: Typebot): Promise<unknown> {
  const url = `${base(typebot)}/api/v1/typebots/${encodeURIComponent(typebot.typebotSlug.trim())}/startChat`;
  return call(url, { textBubbleContentFormat: 'richText' });
}

export function continueChat(typebot: Typebot, sessionId: string, text: string): Promise<unknown> {
  const url = `${base(typebot)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`;
  return call(url, { message: { type: 'text', text }, textBubbleContentFormat: 'richText' });
}

async function call(url: string, body: unknown): Promise<unknown> {
  const json = JSON.stringify(body);
  let last = '';
  for (let attempt = 0; attempt <= PAUSES_MS.length; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, PAUSES_MS[attempt - 1]));
    try {
      const answer = await requestJson(
        url,
        'POST',
        { 'content-type': 'application/json', accept: 'application/json' },
        json,
        TIMEOUT_MS,
      );
      if (answer.ok) return await answer.json();
      if (answer.status === 404) throw new TypebotSessionGone(`Typebot answered 404 at ${url}`);
      last = `Typebot answered ${answer.status}`;
      if (answer.status < 500 && answer.status !== 429) break;
    } catch (err) {
      if (err instanceof TypebotSessionGone) throw err;
      last = err instanceof Error ? err.message : String(err);
    }
  }
  throw new TypebotFailed(last);
}
