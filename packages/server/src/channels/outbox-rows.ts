import { and, asc, eq, getTableColumns, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Deps } from '../platform/context.js';
import { runTenant } from '../platform/context.js';
import type { Tx } from '../db/client.js';
import { byShape } from '../db/prepared.js';
import { contacts, messages, tickets, whatsapps } from '../db/schema/index.js';
import { messagesUpdated } from '../modules/messages/message-events.js';

// The outbox's statements: a chunk of queued messages, the mark before their sends, the results.

type Message = typeof messages.$inferSelect;

/**
 * Names a stored message in what its send carries (Cloud API `biz_opaque_callback_data`, the
 * message id beta and sandbox derive): our id, and its creation time so that another installation's
 * message of the same id never reads as this one.
 */
export const outboundRef = (m: Pick<Message, 'id' | 'createdAt'>) =>
  `balcao:${m.id}:${m.createdAt.getTime().toString(36)}`;

/** The message id an `outboundRef` names, if it is one. */
export function refMessageId(ref: string): number | undefined {
  const match = /^balcao:(\d{1,15}):[0-9a-z]+$/.exec(ref);
  return match ? Number(match[1]) : undefined;
}

/** Queued: outbound, not acknowledged, no error, no provider id (the partial index `messages_outbox_idx`). */
const queued = (whatsappId: number) =>
  and(
    eq(messages.whatsappId, whatsappId),
    eq(messages.fromMe, true),
    eq(messages.ack, 0),
    isNull(messages.error),
    isNull(messages.externalId),
    eq(messages.isDeleted, false),
  );

const quoted = alias(messages, 'quoted');

export interface QueuedRow {
  message: Message;
  number: string;
  isGroup: boolean;
  quoted: { externalId: string | null; fromMe: boolean; participant: string | null } | null;
  /**
   * Its send was cut short (`send_started_at` set, no provider id): how long it must still wait
   * for a status before it is sent again (0: now). Null when it was never started.
   */
  inDoubtWaitMs: number | null;
}

/** Up to `limit` queued messages of the connection after id `after`, oldest first. */
export function loadQueued(
  deps: Deps,
  whatsappId: number,
  companyId: number,
  after: number,
  limit: number,
): Promise<QueuedRow[]> {
  return runTenant(deps, companyId, (tx) => queuedChunk(tx, deps, whatsappId, after, limit));
}

function queuedChunk(tx: Tx, deps: Deps, whatsappId: number, after: number, limit: number): Promise<QueuedRow[]> {
  const inDoubtMs = deps.config.OUTBOX_IN_DOUBT_MS;
  const query = tx
    .select({
      message: messages,
      number: contacts.number,
      isGroup: contacts.isGroup,
      quoted: { externalId: quoted.externalId, fromMe: quoted.fromMe, participant: quoted.participant },
      // Measured by the database's clock, the one that wrote send_started_at.
      inDoubtWaitMs: sql<number | null>`case when ${messages.sendStartedAt} is null then null
        else greatest(0, ${inDoubtMs} - extract(epoch from now() - ${messages.sendStartedAt}) * 1000)::int end`,
    })
    .from(messages)
    .innerJoin(tickets, eq(tickets.id, messages.ticketId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
    .where(and(queued(whatsappId), gt(messages.id, after)))
    .orderBy(asc(messages.id))
    .limit(limit);
  return byShape(tx, query);
}

/** What a drain reads before its first send. */
export interface DrainStart {
  /** Sent messages deleted in Balcão wait to be deleted on WhatsApp (outbox-deletes.ts). */
  deletesWaiting: boolean;
  /** The connection's pace (Cloud API), read at each drain: an edit applies to the next one. */
  pace: number;
  /** The first `limit` queued messages, oldest first. */
  rows: QueuedRow[];
}

/**
 * A drain's first reads in one transaction (three were three transactions: a lone answer's send
 * waited for nine round trips before its mark).
 */
export function readDrainStart(deps: Deps, whatsappId: number, companyId: number, limit: number): Promise<DrainStart> {
  return runTenant(deps, companyId, async (tx) => {
    const [deletes] = await byShape(
      tx,
      tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.whatsappId, whatsappId), isNotNull(messages.deleteRequestedAt)))
        .limit(1),
    );
    const [conn] = await byShape(
      tx,
      tx.select({ pace: whatsapps.messagesPerSecond }).from(whatsapps).where(eq(whatsapps.id, whatsappId)),
    );
    const rows = await queuedChunk(tx, deps, whatsappId, 0, limit);
    return { deletesWaiting: deletes !== undefined, pace: conn?.pace ?? 80, rows };
  });
}

/**
 * Marks messages about to be handed to the provider (`send_started_at`), committed before the
 * sends: a crash mid-send leaves them in doubt rather than looking never sent. Answers, per id,
 * whether it is still queued (deleted meanwhile: not marked, not sent).
 */
export async function markStarted(
  deps: Deps,
  whatsappId: number,
  companyId: number,
  ids: number[],
): Promise<boolean[]> {
  const marked = await runTenant(deps, companyId, (tx) =>
    byShape(
      tx,
      tx
        .update(messages)
        .set({ sendStartedAt: sql`now()` })
        .where(and(queued(whatsappId), sql`${messages.id} = any(${sql.param(ids)}::bigint[])`))
        .returning({ id: messages.id }),
    ),
  );
  const ok = new Set(marked.map((r) => r.id));
  return ids.map((id) => ok.has(id));
}

/** What became of one send. */
export type SendResult =
  | { id: number; externalId: string }
  | { id: number; error: string }
  /** Not sent, to be tried later; `unsure`: the provider may have it, the send stays in doubt. */
  | { id: number; retry: true; unsure: boolean };

/**
 * A batch of send results in one statement, and their `appMessage` updates in one read of their
 * tickets. Sent: the provider's id, ack ≥ 1, no error (a message deleted while its send was under
 * way went out after all: it gets `delete_requested_at`, to be deleted on WhatsApp too). Refused:
 * its error, ack kept. To be retried: the in-doubt mark cleared when the provider surely has not
 * got it. Answers the rows written for sent or refused messages.
 */
export async function recordResults(deps: Deps, companyId: number, results: SendResult[]): Promise<Message[]> {
  const ids = results.map((r) => r.id);
  const externalIds = results.map((r) => ('externalId' in r ? r.externalId : null));
  const errors = results.map((r) => ('error' in r ? r.error : null));
  const clears = results.map((r) => 'retry' in r && !r.unsure);
  const sent = sql`v.external_id is not null`;
  const retried = sql`v.external_id is null and v.error is null`;
  return runTenant(deps, companyId, async (tx, events) => {
    const update = tx
      .update(messages)
      .set({
        // A provider id already held by another row (a beta send's echo stored meanwhile) is not
        // taken twice: the message is sent all the same.
        externalId: sql`case when ${sent} and not exists (select 1 from messages o
          where o.whatsapp_id = ${messages.whatsappId} and o.external_id = v.external_id and o.id <> ${messages.id})
          then v.external_id else ${messages.externalId} end`,
        ack: sql`case when ${sent} then greatest(${messages.ack}, 1) else ${messages.ack} end`,
        // Sent clears the "deleted before sending" mark, unless a status (a failure) came first.
        error: sql`case when ${sent} and ${messages.externalId} is null then null
          when ${sent} then ${messages.error} else coalesce(v.error, ${messages.error}) end`,
        deleteRequestedAt: sql`case when ${sent} and ${messages.isDeleted} then now()
          else ${messages.deleteRequestedAt} end`,
        sendStartedAt: sql`case when v.clear then null else ${messages.sendStartedAt} end`,
        updatedAt: sql`case when ${retried} then ${messages.updatedAt} else now() end`,
      })
      .from(
        sql`unnest(${sql.param(ids)}::bigint[], ${sql.param(externalIds)}::text[], ${sql.param(errors)}::text[],
          ${sql.param(clears)}::bool[]) as v(id, external_id, error, clear)`,
      )
      .where(and(eq(messages.id, sql`v.id`), sql`${messages.id} = any(${sql.param(ids)}::bigint[])`))
      .returning({ ...getTableColumns(messages), retried: sql<boolean>`${retried}` });
    const rows = await byShape(tx, update);
    const written = rows.filter((r) => !r.retried).map(({ retried: _, ...row }) => row);
    events.push(...(await messagesUpdated(tx, companyId, written)));
    return written;
  });
}
