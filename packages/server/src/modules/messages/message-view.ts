import { asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { prepared } from '../../db/prepared.js';
import { contacts, messages } from '../../db/schema/index.js';
import type { Message, MessagePage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

const quoted = alias(messages, 'quoted');
const quotedContact = alias(contacts, 'quoted_contact');

/**
 * A message as the thread shows it (operations §3): its fields, the contact who wrote it (null
 * for ours), and the quoted message (id, body, fromMe, mediaType, mediaUrl, contact) or null.
 * `mediaUrl` is the storage key of the file. `fromBot` marks what the chatbot or a time rule
 * sent (`data.bot`), so the thread can show it as the bot's.
 */
const columns = {
  id: messages.id,
  ticketId: messages.ticketId,
  contactId: messages.contactId,
  body: messages.body,
  fromMe: messages.fromMe,
  read: messages.read,
  ack: messages.ack,
  error: messages.error,
  mediaType: messages.mediaType,
  mediaUrl: messages.mediaUrl,
  mediaName: messages.mediaName,
  quotedMsgId: messages.quotedMsgId,
  isDeleted: messages.isDeleted,
  isEdited: messages.isEdited,
  participant: messages.participant,
  userId: messages.userId,
  data: messages.data,
  fromBot: sql<boolean>`coalesce((${messages.data} ->> 'bot')::boolean, false)`,
  createdAt: messages.createdAt,
  updatedAt: messages.updatedAt,
  // Each joined contact spelt out: through a generic helper, drizzle loses which table's join makes
  // the whole object null, and types each column nullable instead.
  contact: { id: contacts.id, name: contacts.name, number: contacts.number, profilePicUrl: contacts.profilePicUrl },
  q: {
    id: quoted.id,
    body: quoted.body,
    fromMe: quoted.fromMe,
    mediaType: quoted.mediaType,
    mediaUrl: quoted.mediaUrl,
    isDeleted: quoted.isDeleted,
  },
  qc: {
    id: quotedContact.id,
    name: quotedContact.name,
    number: quotedContact.number,
    profilePicUrl: quotedContact.profilePicUrl,
  },
};

function selectMessages(tx: Tx, where: SQL | undefined) {
  return tx
    .select(columns)
    .from(messages)
    .leftJoin(contacts, eq(contacts.id, messages.contactId))
    .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
    .leftJoin(quotedContact, eq(quotedContact.id, quoted.contactId))
    .where(where)
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof selectMessages>['execute']>>[number];

function toView({ q, qc, ...m }: Row) {
  return { ...m, quotedMsg: q ? { ...q, contact: qc } : null };
}
export type MessageView = ReturnType<typeof toView>;

/**
 * One page of a ticket's thread: newest page first (page 1), each page oldest first, with the
 * thread's count. The count rides on the page's rows as an uncorrelated sub-select (evaluated
 * once, and unlike `count(*) over ()` it leaves the page free to stop at its limit); only a page
 * past the end, which has no row to carry it, costs a second statement.
 */
export async function messagePage(tx: Tx, ticketId: number, pageNumber: number, size: number) {
  const rows = await pageQuery(tx).execute({ ticketId, limit: size + 1, offset: (pageNumber - 1) * size });
  const threadCount = rows[0]?.total ?? (pageNumber === 1 ? 0 : await countMessages(tx, ticketId));
  return {
    messages: rows
      .slice(0, size)
      .reverse()
      .map(({ total: _, ...row }) => toView(row)),
    hasMore: rows.length > size,
    count: threadCount,
  };
}

/** `selectMessages`' joins with the count as one more column, prepared once per connection. */
function pageQuery(tx: Tx) {
  return prepared(tx, 'message_page', (name) => {
    const ofTicket = eq(messages.ticketId, sql.placeholder('ticketId'));
    const total = sql<number>`(select count(*) from ${messages} where ${ofTicket})`.mapWith(Number);
    return tx
      .select({ ...columns, total })
      .from(messages)
      .leftJoin(contacts, eq(contacts.id, messages.contactId))
      .leftJoin(quoted, eq(quoted.id, messages.quotedMsgId))
      .leftJoin(quotedContact, eq(quotedContact.id, quoted.contactId))
      .where(ofTicket)
      .orderBy(desc(messages.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  });
}

async function countMessages(tx: Tx, ticketId: number): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(messages).where(eq(messages.ticketId, ticketId));
  return row?.n ?? 0;
}

/** Messages by id, oldest first, as the thread shows them. */
export async function loadMessageViews(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectMessages(tx, inArray(messages.id, ids)).orderBy(asc(messages.id));
  return rows.map(toView);
}

wireMatches<MessageView, Message>(true);
wireMatches<Answer<typeof messagePage>, MessagePage>(true);
