import type { Deps, EventSink } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { MissingObject } from '../../platform/storage.js';
import { queueOutbound } from '../../modules/messages/queue-outbound.js';
import { messageUpdated } from '../../modules/messages/message-events.js';
import { messages } from '../../db/schema/index.js';
import { and, eq } from 'drizzle-orm';
import { readAiTurn, sameHolder, type AiSetup, type AiTurnStart } from './ai-turn-read.js';
import { chatMessages, needsTranscription, type ContextRow } from './prompt-context.js';
import { AiCallError, chatCompletion, transcribe, type AiEndpoint } from './openai-client.js';
import { AI_ATTEMPTS, withRetries } from './ai-retry.js';
import { readAnswer, splitForWhatsApp } from './prompt-answer.js';
import { handOverToAttendants } from './ai-handover.js';
import { synthesizeSpeech } from './azure-tts.js';
import type { PromptTurnJob } from './prompt-jobs.js';
import { holdTurnJob } from './ai-lease.js';
import { promptTurnJobDef } from './prompt-jobs.js';
import { claimMessageJob } from '../message-jobs.js';

/** What the turn does once the model (or its failure) has spoken. */
type AiOutcome =
  /** `voice`: the answer spoken (a stored Ogg file), sent as a voice note with the text as its body. */
  { kind: 'answer'; send: string; voice?: string } | { kind: 'handover'; send?: string; note?: string };

/**
 * The AI's turn on one customer message: read → call → write, the call outside any transaction.
 *
 * 1. Read (no lock, no job written; by the storing transaction when the storing process runs the
 *    turn): the ticket, who holds it (a prompt, or a flow run at an openai node: its settings,
 *    key included, as they are now) and the context
 *    (prompt-context.ts). Nothing to do when the ticket is attended, no AI holds it, this message
 *    was answered already, or a newer customer message is stored — that message's own turn
 *    answers both (quick messages fold); the storing process's job is then spent.
 * 2. Voice notes of the context not transcribed yet are transcribed; then the completion. Each
 *    call is retried (ai-retry.ts); a refused key, a refused request or retries spent → the
 *    customer goes to attendants with a note saying why, never silence.
 * 3. Write, in one short transaction: the storing process's job (or its lease, ai-lease.ts)
 *    deleted — a worker that took it answers instead — and the ticket locked and checked again:
 *    still pending, unattended, held by the same AI, nothing newer, not answered — else the
 *    answer is dropped (an attendant's accept meanwhile wins). The
 *    transcriptions become their messages' bodies (what attendants read under the audio), the
 *    answer is queued as the bot's with `aiHandledMessageId`, or the handover is made.
 */
export async function answerWithAi(
  deps: Deps,
  job: PromptTurnJob,
  claim?: string,
  /** Step 1's read, when the storing transaction made it (receive-batch.ts). */
  readAlready?: AiTurnStart,
): Promise<void> {
  const start = readAlready ?? (await runTenant(deps, job.companyId, (tx) => readAiTurn(tx, job, { read: 'context' })));
  if (!start || !answerable(start, job.messageId)) {
    // Nothing to answer: the storing process's job is spent here.
    if (claim) await runTenant(deps, job.companyId, (tx) => tx.execute(claimMessageJob(promptTurnJobDef, claim)));
    return;
  }
  const setup = start.setup!;
  const rows = start.context;
  const hold = claim ? holdTurnJob(deps, job, claim) : undefined;
  const endpoint: AiEndpoint = {
    baseUrl: deps.config.OPENAI_BASE_URL,
    apiKey: setup.apiKey,
    timeoutMs: deps.config.OPENAI_TIMEOUT_MS,
  };
  const transcripts = new Map<number, string>();
  let outcome: AiOutcome;
  try {
    for (const m of rows.filter(needsTranscription)) {
      const file = await audioOf(deps, m);
      if (file) transcripts.set(m.id, await withRetries(() => transcribe(endpoint, file)));
    }
    const messagesSent = chatMessages(setup.prompt, rows, transcripts);
    const answer = await withRetries(() =>
      chatCompletion(endpoint, {
        model: setup.model,
        max_tokens: setup.maxTokens,
        temperature: setup.temperature,
        messages: messagesSent,
      }),
    );
    const { send, transfer } = readAnswer(answer);
    if (transfer) outcome = { kind: 'handover', send };
    else if (send) outcome = { kind: 'answer', send };
    else
      outcome = {
        kind: 'handover',
        note: 'IA: a resposta do modelo veio vazia. O atendimento foi passado para a fila.',
      };
  } catch (err) {
    if (!(err instanceof AiCallError)) {
      await hold?.release(); // no renewal after the turn is gone: the job stays for a worker
      throw err;
    }
    deps.log.warn(
      { ticketId: job.ticketId, messageId: job.messageId, err: err.message, kind: err.kind },
      'AI call failed',
    );
    outcome = { kind: 'handover', note: noteFor(err) };
  }
  if (outcome.kind === 'answer') outcome.voice = await spoken(deps, job, setup, outcome.send);
  const lease = await hold?.release();
  // A worker took the job while the model thought: its run answers.
  const sent = hold && !lease ? false : await writeTurn(deps, job, setup, transcripts, outcome, lease);
  // A voice answer dropped (an accept meanwhile): its file goes.
  if (!sent && outcome.kind === 'answer' && outcome.voice) await deps.storage.remove(outcome.voice).catch(() => {});
}

/**
 * A prompt with a voice (not `texto`) and Azure's key and region speaks its answer: the Ogg file
 * stored, its key answered. Any failure leaves the answer as text (logged): the customer still
 * reads it.
 */
async function spoken(deps: Deps, job: PromptTurnJob, setup: AiSetup, text: string): Promise<string | undefined> {
  if (setup.voice === 'texto' || !setup.voice || !setup.voiceKey || !setup.voiceRegion) return undefined;
  try {
    const data = await synthesizeSpeech({
      urlTemplate: deps.config.AZURE_TTS_URL,
      key: setup.voiceKey,
      region: setup.voiceRegion,
      voice: setup.voice,
      text,
      timeoutMs: deps.config.OPENAI_TIMEOUT_MS,
    });
    return await deps.storage.put(job.companyId, data, 'ogg');
  } catch (err) {
    deps.log.warn({ ticketId: job.ticketId, err: String(err) }, 'AI answer not spoken; sent as text');
    return undefined;
  }
}

/** Whether this turn's message is one the AI should answer now (see answerWithAi, step 1). */
function answerable(t: AiTurnStart, messageId: number): boolean {
  const { ticket } = t;
  if (ticket.status !== 'pending' || ticket.userId !== null || ticket.isGroup || ticket.whatsappId === null)
    return false;
  if (!t.isCustomerMessage || t.newer || !t.setup) return false;
  return ticket.aiHandledMessageId === null || ticket.aiHandledMessageId < messageId;
}

async function writeTurn(
  deps: Deps,
  job: PromptTurnJob,
  setup: AiSetup,
  transcripts: Map<number, string>,
  outcome: AiOutcome,
  lease: string | undefined,
): Promise<boolean> {
  return runTenant(deps, job.companyId, async (tx, events, uow) => {
    const now = await readAiTurn(tx, job, { read: 'write', claim: lease });
    // A worker took the lease (this run was too slow, or is a repeat): its run writes.
    if (!now?.claimed) return false;
    await storeTranscripts(tx, events, transcripts);
    if (!answerable(now, job.messageId) || !sameHolder(setup.source, now.setup?.source)) return false;
    const { ticket } = now;
    if (outcome.send) {
      const target = { companyId: job.companyId, ticketId: ticket.id, whatsappId: ticket.whatsappId! };
      const ticketPatch = outcome.kind === 'answer' ? { aiHandledMessageId: job.messageId } : undefined;
      const voice = outcome.kind === 'answer' && outcome.voice;
      const media = voice
        ? { key: voice, name: 'resposta.ogg', mimetype: 'audio/ogg', type: 'audio' as const }
        : undefined;
      // A voice note carries the whole text as its body; text goes in WhatsApp-sized parts.
      const parts = voice ? [outcome.send] : splitForWhatsApp(outcome.send);
      for (const [i, body] of parts.entries()) {
        const patch = i === 0 ? ticketPatch : undefined;
        await queueOutbound(uow, { ...target, body, userId: null, bot: true, ticketPatch: patch, media });
      }
    }
    if (outcome.kind === 'handover') {
      await handOverToAttendants(tx, events, ticket, setup, job.messageId, outcome.note);
    }
    return true;
  });
}

/** A voice note's text becomes its body (only while it has none): attendants read it under the audio. */
async function storeTranscripts(tx: Tx, events: EventSink, transcripts: Map<number, string>) {
  for (const [id, text] of transcripts) {
    if (!text) continue;
    const [row] = await tx
      .update(messages)
      .set({ body: text, updatedAt: new Date() })
      .where(and(eq(messages.id, id), eq(messages.body, '')))
      .returning();
    if (row) events.push(await messageUpdated(tx, row.companyId, row));
  }
}

const AUDIO_TYPES = new Map([
  ['ogg', 'audio/ogg'],
  ['oga', 'audio/ogg'],
  ['opus', 'audio/ogg'],
  ['mp3', 'audio/mpeg'],
  ['m4a', 'audio/mp4'],
  ['mp4', 'audio/mp4'],
  ['wav', 'audio/wav'],
  ['webm', 'audio/webm'],
]);

/** The stored file of a customer's voice note (a file gone from storage is left out, logged). */
async function audioOf(deps: Deps, m: ContextRow) {
  try {
    const data = await deps.storage.get(m.mediaUrl!);
    const name = m.mediaUrl!.split('/').pop()!;
    const ext = name.split('.').pop()!.toLowerCase();
    return { data, name, mimetype: AUDIO_TYPES.get(ext) ?? 'application/octet-stream' };
  } catch (err) {
    if (!(err instanceof MissingObject)) throw err;
    deps.log.warn({ messageId: m.id, key: m.mediaUrl }, 'voice note file missing; not transcribed');
    return undefined;
  }
}

/** The ticket note that tells attendants why the AI let go. */
function noteFor(err: AiCallError): string {
  const tail = 'O atendimento foi passado para a fila.';
  if (err.kind === 'auth') return `IA: a chave da API foi recusada (${err.message}). ${tail}`;
  if (err.kind === 'refused') return `IA: o serviço recusou o pedido (${err.message}). ${tail}`;
  return `IA: o serviço não respondeu depois de ${AI_ATTEMPTS} tentativas (${err.message}). ${tail}`;
}
