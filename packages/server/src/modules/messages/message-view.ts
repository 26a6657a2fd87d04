import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.js';
import { contacts, messages } from '../../db/schema/index.js';

const quoted = alias(messages, 'quoted');
const quotedContact = alias(contacts, 'quoted_contact');

const contactOf = <C extends typeof contacts | typeof quotedContact>(c: C) => ({
  id: c.id,
  name: c.name,
  number: c.number,
  profilePicUrl: c.profilePicUrl,
});

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
  contact: contactOf(contacts),
  q: {
    id: quoted.id,
    body: quoted.body,
    fromMe: quoted.fromMe,
    mediaType: quoted.mediaType,
    mediaUrl: quoted.mediaUrl,
    isDeleted: quoted.isDeleted,
  },
  qc: contactOf(quotedContact),
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

/** One page of a ticket's thread: newest page first (page 1), each page oldest first. */
export async function messagePage(tx: Tx, ticketId: number, pageNumber: number, size: number) {
  const rows = await selectMessages(tx, eq(messages.ticketId, ticketId))
    .orderBy(desc(messages.id))
    .limit(size + 1)
    .offset((pageNumber - 1) * size);
  return { messages: rows.slice(0, size).reverse().map(toView), hasMore: rows.length > size };
}

/** Messages by id, oldest first, as the thread shows them. */
export async function loadMessageViews(tx: Tx, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await selectMessages(tx, inArray(messages.id, ids)).orderBy(asc(messages.id));
  return rows.map(toView);
}
