import type { Deps } from '../../platform/context.js';
import type { IntegrationSend } from '../../db/schema/index.js';
import type { IntegrationRow, IntegrationTurn } from './integration-turn-read.js';
import { continueChat, startChat, TypebotSessionGone } from './typebot-client.js';
import { choiceList, choiceOf, isKeyword, readTypebotAnswer } from './typebot-replies.js';
import { repliesWithMedia } from './typebot-media.js';
import { writeAnswer, type IntegrationAnswer } from './integration-answer.js';

/**
 * Typebot's turn on one customer message (or its opening, `messageId` undefined), decided from the
 * first transaction's read, the calls made with no transaction open, the answer written by
 * `writeAnswer`:
 *
 * - the finish keyword (whole message, case and accents ignored): the session ends and the ticket
 *   waits for attendants, nothing sent;
 * - the restart keyword: `typebotRestartMessage`, then a new session's opening;
 * - no session, or the customer silent for `typebotExpires` minutes (0 = never) by the session's
 *   own clock (`last_seen_at`, the customer's last message to it): a new session's opening;
 * - a session waiting on a choice: the item's number or text picks it (its text goes to
 *   continueChat); anything else gets `typebotUnknownMessage` (or the list again), Typebot not asked;
 * - otherwise continueChat with the text; Typebot's 404 (the session gone on its side) gets
 *   `typebotUnknownMessage` and the next message opens a new session (no unknown message set:
 *   it opens one now);
 * - the bot's flow over (no input): its last bubbles, then the ticket waits for attendants;
 * - Typebot not answering (after its tries): attendants, with a note.
 */
export async function typebotTurn(
  deps: Deps,
  turn: IntegrationTurn & { integration: IntegrationRow },
  job: { companyId: number; ticketId: number; messageId?: number },
  claim?: string,
): Promise<void> {
  const t = turn.integration;
  const basedOn = turn.session?.sessionId || null;
  const answer = (part: Partial<IntegrationAnswer> & Pick<IntegrationAnswer, 'sends' | 'session'>) =>
    writeAnswer(deps, {
      companyId: job.companyId,
      ticketId: job.ticketId,
      integrationId: t.id,
      messageId: job.messageId,
      claim,
      basedOn,
      delayMs: t.typebotDelayMessage,
      files: [],
      ...part,
    });
  const text = (turn.message?.body ?? '').trim();
  const byMessage = job.messageId !== undefined;

  if (byMessage && isKeyword(text, t.typebotKeywordFinish)) {
    await answer({ sends: [], session: 'keep', handOver: {} });
    return;
  }
  const restart = byMessage && isKeyword(text, t.typebotKeywordRestart);
  const silentMs = turn.session ? Date.now() - turn.session.lastSeenAt.getTime() : 0;
  const expired = t.typebotExpires > 0 && silentMs > t.typebotExpires * 60_000;
  const said = (body: string): IntegrationSend[] => (body.trim() ? [{ kind: 'text', body: body.trim() }] : []);

  try {
    if (restart || !basedOn || expired || !byMessage) {
      // An opening only where none is under way: a start job finding a session does nothing.
      if (!byMessage && basedOn) return;
      await open(restart ? said(t.typebotRestartMessage) : []);
      return;
    }
    const choices = turn.session?.choices ?? null;
    let reply = text;
    if (choices) {
      const picked = choiceOf(text, choices);
      if (!picked) {
        await answer({ sends: said(t.typebotUnknownMessage || choiceList(choices)), session: 'keep' });
        return;
      }
      reply = picked;
    } else if (!text) {
      await answer({ sends: said(t.typebotUnknownMessage), session: 'keep' });
      return;
    }
    try {
      await reply_(await continueChat(deps.config.OUTBOUND_ALLOWED_HOSTS, t, basedOn, reply));
    } catch (err) {
      if (!(err instanceof TypebotSessionGone)) throw err;
      if (t.typebotUnknownMessage.trim())
        await answer({ sends: said(t.typebotUnknownMessage), session: { id: '', choices: null } });
      else await open([]);
    }
  } catch (err) {
    deps.log.warn(
      { err, ticketId: job.ticketId, integrationId: t.id },
      'typebot failed; the ticket goes to attendants',
    );
    const why =
      err instanceof TypebotSessionGone ? `o typebot "${t.typebotSlug}" não foi encontrado` : 'o Typebot não respondeu';
    await answer({
      sends: [],
      session: 'keep',
      handOver: { note: `Integração ${t.name}: ${why}; o atendimento segue com os atendentes.` },
    });
  }

  /** A new session's opening, after `before`. */
  async function open(before: IntegrationSend[]) {
    const started = readTypebotAnswer(await startChat(deps.config.OUTBOUND_ALLOWED_HOSTS, t));
    if (!started.sessionId) throw new Error('startChat answered without a sessionId');
    await replied(started, started.sessionId, before);
  }

  async function reply_(json: unknown) {
    await replied(readTypebotAnswer(json), basedOn!, []);
  }

  async function replied(got: ReturnType<typeof readTypebotAnswer>, sessionId: string, before: IntegrationSend[]) {
    const { sends, files } = await repliesWithMedia(deps, job.companyId, got.items);
    const all = [...before, ...sends, ...(got.choices ? said(choiceList(got.choices)) : [])];
    if (got.ended) {
      await answer({ sends: all, files, session: { id: '', choices: null }, handOver: {} });
      return;
    }
    await answer({ sends: all, files, session: { id: sessionId, choices: got.choices } });
  }
}
