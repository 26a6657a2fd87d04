import type { Deps } from '../../platform/context.js';
import {
  SendError,
  type Channel,
  type MediaType,
  type OutboundMessage,
  type SendPolicy,
} from '../../channels/channel.js';
import { drainDeletes } from './outbox-deletes.js';
import { Batch } from './outbox-batch.js';
import { Pacer } from '../../channels/outbox-pacer.js';
import type { DrainKicks } from '../../channels/outbox-port.js';
import {
  loadQueued,
  markStarted,
  outboundRef,
  readDrainStart,
  recordResults,
  type QueuedRow,
  type SendResult,
} from './outbox-rows.js';
import { messagesSent, providerLabel } from '../../platform/metrics.js';
import { withRequestId } from '../../platform/request-id.js';

const RETRY_MS = 3_000;
/** Queued messages read at once, oldest first. */
const CHUNK = 200;
/** Queued messages held in memory at most (a few tickets with long queues must not load them all). */
const MAX_LOADED = 5_000;
/**
 * Marks before sends are written together after this long (each write is a transaction: one per
 * send cost ~4 database round trips a send at 1,000/s); results after RECORD_EVERY_MS, or at so many.
 */
const MARK_EVERY_MS = 10;
const MARK_MAX = 200;
const RECORD_EVERY_MS = 50;
const RECORD_MAX = 100;
/** A throttled send is tried again after 250, 500, 1000, 2000 ms, then the drain ends and retries later. */
const THROTTLED_TRIES = 5;
const THROTTLE_BACKOFF_MS = 250;
/** An in-doubt message held for its status: the drain looks again this often (a status settles it). */
const IN_DOUBT_POLL_MS = 1_000;

const ONE_AT_A_TIME: SendPolicy = { concurrency: 1, paced: false, inDoubtWaits: false };

/** One ticket's queued messages in memory, sent strictly one after another. */
interface Line {
  queue: QueuedRow[];
  busy: boolean;
}

/**
 * Sends a connection's queued outbound messages, oldest first. Different tickets' messages go
 * concurrently (up to the channel's `sendPolicy`: Cloud API 64 in flight, paced by the
 * connection's messages per second; beta and sandbox one at a time); one ticket's go strictly
 * one after another, the next only once the one before it was taken.
 *
 * - A send that may succeed later (connection down, throttled too long) holds its ticket, starts
 *   nothing more, lets the sends in flight finish and asks to be retried. A throttled send slows
 *   the connection's pacer and is tried again, in place, after a backoff.
 * - A refused send is marked with its error and its ticket goes on.
 * - Before a send, the message is marked `send_started_at` (batched, committed first; a lone
 *   message by the drain's first read, outbox-rows.ts). One found still queued with the mark was
 *   cut short by a crash: it is in doubt. A provider that reports sends by our reference (Cloud
 *   API) holds it, and its ticket, until a status settles it (inbox/apply-acks.ts) or
 *   OUTBOX_IN_DOUBT_MS pass; beta and sandbox send it again at once, under the same message id,
 *   so a repeat is the same message.
 * - Deleted messages are never sent. Deletions waiting to reach WhatsApp go first (a delete does
 *   not wait behind a long queue), and after the sends when one was deleted while being sent.
 */
export async function drainOutbox(
  deps: Deps,
  whatsappId: number,
  companyId: number,
  channel: Channel,
  pacer?: Pacer,
  kicks?: DrainKicks,
  /** The connection's provider, for the metrics. */
  provider?: string,
): Promise<{ sent: number; retryInMs?: number }> {
  const start = await readDrainStart(deps, whatsappId, companyId, CHUNK);
  // A delete that must wait (session down) does not hold the sends back: they find out for themselves.
  const deletesWait = start.deletesWaiting && (await drainDeletes(deps, whatsappId, companyId, channel)).retry;
  const policy = channel.sendPolicy ?? ONE_AT_A_TIME;
  const pace = policy.paced ? (pacer ?? new Pacer(Infinity)) : undefined;
  if (pace) pace.setRate(start.pace);
  // After deletes went out, the first chunk is read again (a message may have been deleted meanwhile).
  const first = start.deletesWaiting ? undefined : start.rows;
  const drain = new Drain(deps, whatsappId, companyId, channel, policy, pace, first, providerLabel(provider));
  if (kicks) {
    kicks.more = () => drain.more();
    kicks.stop = () => drain.halt();
  }
  let outcome;
  try {
    outcome = await drain.run();
  } finally {
    if (kicks) kicks.more = kicks.stop = undefined;
  }
  let retryInMs = outcome.retryInMs;
  if (outcome.deletes) {
    const again = await drainDeletes(deps, whatsappId, companyId, channel);
    if (again.retry) retryInMs ??= RETRY_MS;
  } else if (deletesWait) retryInMs ??= RETRY_MS;
  return retryInMs === undefined ? { sent: outcome.sent } : { sent: outcome.sent, retryInMs };
}

class Drain {
  private readonly lines = new Map<number, Line>();
  /** Tickets whose head may start, in the order they became ready. */
  private readonly ready: number[] = [];
  /** Tickets held for this drain (in doubt, or a send to retry later): their messages wait. */
  private readonly held = new Set<number>();
  /** Messages read alone by a later read (see `load`): their marks are written at once. */
  private readonly alone = new Set<number>();
  /** Provider ids of messages sent in this drain (a later message may quote one before it is recorded). */
  private readonly sentIds = new Map<number, string>();
  private after = 0;
  private exhausted = false;
  /** Messages were queued since the last read (`more`): read again before ending. */
  private moreQueued = false;
  private loaded = 0;
  private inFlight = 0;
  private sent = 0;
  private stop = false;
  private retryAt?: number;
  private deletes = false;
  private wake?: () => void;
  private readonly marker: Batch<number, boolean>;
  private readonly recorder: Batch<SendResult, undefined>;
  private recordFailure?: unknown;

  constructor(
    private readonly deps: Deps,
    private readonly whatsappId: number,
    private readonly companyId: number,
    private readonly channel: Channel,
    private readonly policy: SendPolicy,
    private readonly pacer: Pacer | undefined,
    /** The first chunk, read with the drain's start. */
    private firstChunk: QueuedRow[] | undefined,
    provider: string,
  ) {
    this.marker = new Batch((ids) => markStarted(deps, whatsappId, companyId, ids), {
      delayMs: MARK_EVERY_MS,
      maxItems: MARK_MAX,
    });
    this.recorder = new Batch(
      async (results) => {
        const rows = await recordResults(deps, companyId, results);
        countResults(provider, results);
        if (rows.some((r) => r.deleteRequestedAt)) this.deletes = true;
        return results.map(() => undefined);
      },
      { delayMs: RECORD_EVERY_MS, maxItems: RECORD_MAX },
    );
  }

  async run(): Promise<{ sent: number; retryInMs?: number; deletes: boolean }> {
    try {
      for (;;) {
        if (this.stop) break;
        if (this.moreQueued) {
          this.moreQueued = false;
          this.exhausted = false;
        }
        if (!this.exhausted && this.ready.length < this.policy.concurrency && this.loaded < MAX_LOADED) {
          await this.load();
          continue;
        }
        if (this.ready.length === 0 || this.inFlight >= this.policy.concurrency) {
          if (this.inFlight === 0 && this.ready.length === 0) break;
          await new Promise<void>((resolve) => (this.wake = resolve));
          continue;
        }
        this.startNext();
      }
    } finally {
      while (this.inFlight > 0) await new Promise<void>((resolve) => (this.wake = resolve));
      await this.recorder.flush();
    }
    if (this.recordFailure) throw this.recordFailure;
    const retryInMs = this.stop
      ? RETRY_MS
      : this.retryAt !== undefined
        ? Math.max(10, Math.min(IN_DOUBT_POLL_MS, this.retryAt - Date.now()))
        : undefined;
    return { sent: this.sent, retryInMs, deletes: this.deletes };
  }

  /** See `DrainKicks.stop`: the drain ends as a send to retry does (the rest stays queued). */
  halt(): void {
    this.stop = true;
    this.wakeUp();
  }

  /** See `DrainKicks`. Once the loop has ended, the caller's next drain reads them. */
  more(): void {
    this.moreQueued = true;
    this.wakeUp();
  }

  private async load(): Promise<void> {
    const rows = this.firstChunk ?? (await loadQueued(this.deps, this.whatsappId, this.companyId, this.after, CHUNK));
    this.firstChunk = undefined;
    if (rows.length < CHUNK) this.exhausted = true;
    // A lone newcomer (an answer queued while this drain ran, `more`): its mark has nobody to wait
    // for. (A drain's first read marks its lone message itself: `marked`.)
    if (rows.length === 1 && !rows[0]!.marked) this.alone.add(rows[0]!.message.id);
    for (const row of rows) {
      this.after = row.message.id;
      const ticketId = row.message.ticketId;
      if (this.held.has(ticketId)) continue;
      let line = this.lines.get(ticketId);
      if (!line) {
        line = { queue: [], busy: false };
        this.lines.set(ticketId, line);
      }
      line.queue.push(row);
      this.loaded++;
      if (line.queue.length === 1 && !line.busy) this.ready.push(ticketId);
    }
  }

  private startNext(): void {
    const ticketId = this.ready.shift()!;
    const line = this.lines.get(ticketId)!;
    const row = line.queue.shift()!;
    this.loaded--;
    const waitMs = this.policy.inDoubtWaits ? row.inDoubtWaitMs : null;
    if (waitMs !== null && waitMs > 0) {
      // Its send may have reached the provider: wait for the status, and keep the ticket's order.
      this.hold(ticketId);
      const at = Date.now() + waitMs;
      this.retryAt = Math.min(this.retryAt ?? at, at);
      return;
    }
    line.busy = true;
    this.inFlight++;
    // Under the id of the request that queued it: every log line of its send carries it.
    void withRequestId(row.message.requestId ?? undefined, () => this.send(row))
      .then((outcome) => {
        line.busy = false;
        if (outcome === 'retry') {
          this.hold(ticketId);
          this.stop = true;
        } else if (line.queue.length > 0) this.ready.push(ticketId);
        else this.lines.delete(ticketId);
      })
      .catch((err: unknown) => {
        // A database failure (mark or record): stop here; what is queued stays for the next drain.
        this.recordFailure ??= err;
        this.stop = true;
      })
      .finally(() => {
        this.inFlight--;
        this.wakeUp();
      });
  }

  private hold(ticketId: number): void {
    this.held.add(ticketId);
    const line = this.lines.get(ticketId);
    if (line) this.loaded -= line.queue.length;
    this.lines.delete(ticketId);
  }

  private wakeUp(): void {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }

  /** One message, through the pacer; throttled answers are tried again in place, slowing the pacer. */
  private async send(row: QueuedRow): Promise<'sent' | 'refused' | 'retry' | 'skipped'> {
    const outbound = await this.outbound(row);
    // A drain's lone message comes marked by its first read (outbox-rows.ts `readDrainStart`).
    let marked = row.marked === true;
    for (let attempt = 1; ; attempt++) {
      if (!marked) {
        const mark = this.marker.add(row.message.id);
        // A lone send (nothing else in flight: an answer, a quiet connection; or read alone) has
        // nobody to share its mark's write with: written now rather than after MARK_EVERY_MS.
        if (this.inFlight === 1 || this.alone.delete(row.message.id)) void this.marker.flush();
        if (!(await mark)) return 'skipped'; // deleted (or settled) meanwhile
        marked = true;
      }
      // The token last, right before the request: the pace Meta sees is the pace of the tokens,
      // not blurred by how long the batched mark took to commit.
      await this.pacer?.take();
      try {
        const { externalId } = await this.channel.send(outbound);
        this.sentIds.set(row.message.id, externalId);
        this.sent++;
        this.record({ id: row.message.id, externalId });
        this.deps.log.debug({ messageId: row.message.id, whatsappId: this.whatsappId }, 'message sent');
        return 'sent';
      } catch (err) {
        if (err instanceof SendError && err.retry) {
          if (err.more.throttled && attempt < THROTTLED_TRIES && !this.stop) {
            this.pacer?.throttled();
            const delay = THROTTLE_BACKOFF_MS * 2 ** (attempt - 1);
            await new Promise((r) => setTimeout(r, delay / 2 + Math.random() * (delay / 2)));
            continue;
          }
          if (err.more.throttled) this.pacer?.throttled();
          this.record({ id: row.message.id, retry: true, unsure: err.more.unsure === true });
          this.deps.log.debug(
            { messageId: row.message.id, whatsappId: this.whatsappId, err: err.message },
            'send to retry',
          );
          return 'retry';
        }
        const error = err instanceof Error ? err.message : String(err);
        this.record({ id: row.message.id, error });
        this.deps.log.info({ messageId: row.message.id, whatsappId: this.whatsappId, error }, 'send refused');
        return 'refused';
      }
    }
  }

  /** Results are written in batches; a failed write stops the drain (the rows stay queued or in doubt). */
  private record(result: SendResult): void {
    this.recorder.add(result).catch((err: unknown) => {
      this.recordFailure ??= err;
      this.stop = true;
    });
  }

  private async outbound(row: QueuedRow): Promise<OutboundMessage> {
    const { message } = row;
    const quotedId =
      row.quoted?.externalId ?? (message.quotedMsgId ? this.sentIds.get(message.quotedMsgId) : undefined);
    return {
      to: row.number,
      isGroup: row.isGroup,
      body: message.body,
      ref: outboundRef(message),
      template: (message.data as { template?: OutboundMessage['template'] } | null)?.template,
      media: message.mediaUrl
        ? {
            data: await this.deps.storage.get(message.mediaUrl),
            mimetype: (message.data as { mimetype?: string } | null)?.mimetype ?? 'application/octet-stream',
            fileName: message.mediaName ?? 'file',
            type: message.mediaType as MediaType,
          }
        : undefined,
      quoted: quotedId
        ? {
            externalId: quotedId,
            fromMe: row.quoted?.fromMe ?? true,
            participant: row.quoted?.participant ?? undefined,
          }
        : undefined,
    };
  }
}

/** The sends' results as the metrics count them: once per recorded batch, not per message. */
function countResults(provider: string, results: readonly SendResult[]): void {
  let sent = 0;
  let refused = 0;
  let retry = 0;
  for (const r of results) {
    if ('externalId' in r) sent++;
    else if ('error' in r) refused++;
    else retry++;
  }
  if (sent) messagesSent.inc({ provider, result: 'sent' }, sent);
  if (refused) messagesSent.inc({ provider, result: 'refused' }, refused);
  if (retry) messagesSent.inc({ provider, result: 'retry' }, retry);
}
