import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { runStatement, statement } from '../../db/prepared.js';
import { messages } from '../../db/schema/index.js';
import { tableRows } from '../../db/table-rows.js';
import { messagesUpdated } from './message-events.js';

// The outbox's statements: a chunk of queued messages, the mark before their sends, the results.
// Each is rendered once (db/prepared.ts `statement`): they run for every message sent.

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

const messageRows = tableRows(messages);

/**
 * Queued: outbound, not acknowledged, no error, no provider id, not deleted. Constants, not
 * parameters, so that a generic plan can use the partial index `messages_outbox_idx`.
 */
const queued = (m: string) =>
  sql`${sql.raw(m)}.whatsapp_id = ${sql.placeholder('whatsappId')} and ${sql.raw(`${m}.from_me and ${m}.ack = 0
    and ${m}.error is null and ${m}.external_id is null and not ${m}.is_deleted`)}`;

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
  /** Marked `send_started_at` by the read itself (a drain's lone message, `readDrainStart`). */
  marked?: boolean;
}

/** A chunk of queued messages after `after`, oldest first, with what their sends need. */
const chunkSql = sql`
  select ${messageRows.list('m')}, c.number as "_number", c.is_group as "_isGroup",
    q.id as "_qId", q.external_id as "_qExternalId", q.from_me as "_qFromMe", q.participant as "_qParticipant",
    -- Measured by the database's clock, the one that wrote send_started_at.
    case when m.send_started_at is null then null
      else greatest(0, ${sql.placeholder('inDoubtMs')}::int - extract(epoch from now() - m.send_started_at) * 1000)::int
    end as "_inDoubtWaitMs"
  from messages m
  join tickets t on t.id = m.ticket_id
  join contacts c on c.id = t.contact_id
  left join messages q on q.id = m.quoted_msg_id
  where ${queued('m')} and m.id > ${sql.placeholder('after')}
  order by m.id
  limit ${sql.placeholder('limit')}`;

const chunk = statement(chunkSql);

function queuedRow(row: Record<string, unknown>): QueuedRow {
  return {
    message: messageRows.map(row),
    number: row._number as string,
    isGroup: row._isGroup as boolean,
    quoted:
      row._qId === null
        ? null
        : {
            externalId: row._qExternalId as string | null,
            fromMe: row._qFromMe as boolean,
            participant: row._qParticipant as string | null,
          },
    inDoubtWaitMs: row._inDoubtWaitMs as number | null,
  };
}

/** Up to `limit` queued messages of the connection after id `after`, oldest first. */
export function loadQueued(
  deps: Deps,
  whatsappId: number,
  companyId: number,
  after: number,
  limit: number,
): Promise<QueuedRow[]> {
  return runTenant(deps, companyId, async (tx) => {
    const { rows } = await runStatement(tx, chunk, {
      whatsappId,
      after,
      limit,
      inDoubtMs: deps.config.OUTBOX_IN_DOUBT_MS,
    });
    return rows.map(queuedRow);
  });
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
 * A drain's first reads in one statement: deletions waiting, the pace, the first chunk. A chunk
 * of one message never started (an answer, a quiet connection) is marked `send_started_at` in
 * the same statement: the lone send that follows needs no mark of its own (a transaction and a
 * commit flush before its request). Not when deletions wait: the chunk is read again after them.
 */
const drainStart = statement(sql`
  with head as (
    select exists (select 1 from messages d
        where d.whatsapp_id = ${sql.placeholder('whatsappId')} and d.delete_requested_at is not null) as deletes,
      (select messages_per_second from whatsapps where id = ${sql.placeholder('whatsappId')}) as pace
  ), chunk as (${chunkSql}), lone as (
    update messages m set send_started_at = now()
    from (select min(id) as id from chunk having count(*) = 1 and bool_and("_inDoubtWaitMs" is null)) one, head
    where m.id = one.id and not head.deletes and ${queued('m')}
    returning m.id
  )
  select head.deletes as "_deletes", head.pace as "_pace", (select id from lone) is not null as "_marked", chunk.*
  from head left join chunk on true
  order by chunk.id`);

export function readDrainStart(deps: Deps, whatsappId: number, companyId: number, limit: number): Promise<DrainStart> {
  return runTenant(deps, companyId, async (tx) => {
    const { rows } = await runStatement(tx, drainStart, {
      whatsappId,
      after: 0,
      limit,
      inDoubtMs: deps.config.OUTBOX_IN_DOUBT_MS,
    });
    const head = rows[0]!;
    const chunkRows = head.id === null ? [] : rows.map(queuedRow);
    if (head._marked === true) chunkRows[0]!.marked = true;
    return { deletesWaiting: head._deletes === true, pace: (head._pace as number | null) ?? 80, rows: chunkRows };
  });
}

// Planned at each run (runStatement's `planEachRun`), with its ids as they are.
const mark = statement(sql`
  update messages m set send_started_at = now()
  where m.id = any(${sql.placeholder('ids')}::bigint[]) and ${queued('m')}
  returning m.id`);

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
  const { rows } = await runTenant(deps, companyId, (tx) =>
    runStatement<{ id: string }>(tx, mark, { whatsappId, ids }, { planEachRun: true }),
  );
  const ok = new Set(rows.map((r) => Number(r.id)));
  return ids.map((id) => ok.has(id));
}

/** What became of one send. */
export type SendResult =
  | { id: number; externalId: string }
  | { id: number; error: string }
  /** Not sent, to be tried later; `unsure`: the provider may have it, the send stays in doubt. */
  | { id: number; retry: true; unsure: boolean };

// Planned at each run, as the mark is.
const record = statement(sql`
  update messages m set
    -- A provider id already held by another row (a beta send's echo stored meanwhile) is not
    -- taken twice: the message is sent all the same.
    external_id = case when v.external_id is not null and not exists (select 1 from messages o
        where o.whatsapp_id = m.whatsapp_id and o.external_id = v.external_id and o.id <> m.id)
      then v.external_id else m.external_id end,
    ack = case when v.external_id is not null then greatest(m.ack, 1) else m.ack end,
    -- Sent clears the "deleted before sending" mark, unless a status (a failure) came first.
    error = case when v.external_id is not null and m.external_id is null then null
      when v.external_id is not null then m.error else coalesce(v.error, m.error) end,
    delete_requested_at = case when v.external_id is not null and m.is_deleted then now()
      else m.delete_requested_at end,
    send_started_at = case when v.clear then null else m.send_started_at end,
    updated_at = case when v.external_id is null and v.error is null then m.updated_at else now() end
  from unnest(${sql.placeholder('ids')}::bigint[], ${sql.placeholder('externalIds')}::text[],
    ${sql.placeholder('errors')}::text[], ${sql.placeholder('clears')}::bool[]) as v(id, external_id, error, clear)
  where m.id = v.id and m.id = any(${sql.placeholder('ids')}::bigint[])
  returning ${messageRows.list('m')}, v.external_id is null and v.error is null as "_retried"`);

/**
 * A batch of send results in one statement, and their `appMessage` updates in one read of their
 * tickets. Sent: the provider's id, ack ≥ 1, no error (a message deleted while its send was under
 * way went out after all: it gets `delete_requested_at`, to be deleted on WhatsApp too). Refused:
 * its error, ack kept. To be retried: the in-doubt mark cleared when the provider surely has not
 * got it. Answers the rows written for sent or refused messages.
 */
export async function recordResults(deps: Deps, companyId: number, results: SendResult[]): Promise<Message[]> {
  const values = {
    ids: results.map((r) => r.id),
    externalIds: results.map((r) => ('externalId' in r ? r.externalId : null)),
    errors: results.map((r) => ('error' in r ? r.error : null)),
    clears: results.map((r) => 'retry' in r && !r.unsure),
  };
  return runTenant(deps, companyId, async (tx, events) => {
    const { rows } = await runStatement(tx, record, values, { planEachRun: true });
    const written = rows.filter((r) => r._retried !== true).map(messageRows.map);
    events.push(...(await messagesUpdated(tx, companyId, written)));
    return written;
  });
}
