import { randomUUID } from 'node:crypto';
import { and, asc, between, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type {
  SandboxConversation,
  SandboxCustomer,
  SandboxCustomerBody,
  SandboxCustomerEntry,
  SandboxMessageBody,
  SandboxPhoneMessage,
  SandboxReadAnswer,
  SandboxScanAnswer,
  SandboxState,
} from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { contacts, messages, sandboxCustomers, tickets, whatsapps } from '../../db/schema/index.js';
import { AppError, invalid, notFound } from '../../platform/errors.js';
import type { EventsFor, InboundMessage } from '../channel.js';
import { decodeMedia } from './media.js';

/**
 * The simulator's use cases: any process may serve them; the live channel runs in the lease
 * holder. What the simulated phone reports (a customer's message, replies read) enters the
 * pipeline through its door, `eventsFor`, as any provider's reports do.
 */

const CONVERSATION_LIMIT = 200;

/** A sandbox connection of the caller's company (another company's, or another provider: 404). */
async function loadSandbox(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(whatsapps)
    .where(and(eq(whatsapps.id, id), eq(whatsapps.provider, 'sandbox')));
  if (!row) throw notFound('sandbox connection');
  return row;
}

const notConnected = () =>
  new AppError('ERR_WAPP_NOT_INITIALIZED', 'The sandbox connection is not connected: pair it first');

export async function sandboxState(ctx: Ctx, id: number) {
  const row = await ctx.tenant((tx) => loadSandbox(tx, id));
  const { name, status, qrcode, retries, number, updatedAt } = row;
  // loadSandbox found it by this provider.
  return { id, name, provider: 'sandbox' as const, status, qrcode, retries, number, updatedAt };
}

/** The simulated phone reads the QR code: only the one the connection shows now pairs it. */
export async function scanQr(ctx: Ctx, id: number, qrcode: string) {
  const row = await ctx.tenant((tx) => loadSandbox(tx, id));
  if (row.status !== 'qrcode' || !row.qrcode) {
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 'The connection is not showing a QR code');
  }
  if (qrcode !== row.qrcode) throw invalid({ qrcode: 'qrMismatch' }, 'This is not the current QR code');
  await ctx.deps.sessions.signal(id, { type: 'scan', qrcode });
  return { accepted: true as const };
}

export async function listCustomers(ctx: Ctx, id: number) {
  return ctx.tenant(async (tx) => {
    await loadSandbox(tx, id);
    const customers = await tx
      .select({ number: sandboxCustomers.number, name: sandboxCustomers.name, updatedAt: sandboxCustomers.updatedAt })
      .from(sandboxCustomers)
      .where(eq(sandboxCustomers.whatsappId, id))
      .orderBy(desc(sandboxCustomers.updatedAt), asc(sandboxCustomers.number))
      .limit(500);
    // Replies the customer has not read yet (the phone shows them as unread).
    const unread = await tx
      .select({ number: contacts.number, n: sql<number>`count(*)::int` })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(
        and(
          eq(messages.whatsappId, id),
          eq(messages.fromMe, true),
          isNotNull(messages.externalId),
          between(messages.ack, 1, 3),
        ),
      )
      .groupBy(contacts.number);
    const byNumber = new Map(unread.map((u) => [u.number, u.n]));
    return customers.map((c) => ({ ...c, unread: byNumber.get(c.number) ?? 0 }));
  });
}

export async function saveCustomer(ctx: Ctx, id: number, input: SandboxCustomerBody) {
  return ctx.tenant(async (tx) => {
    await loadSandbox(tx, id);
    const [row] = await tx
      .insert(sandboxCustomers)
      .values({ companyId: ctx.actor.companyId, whatsappId: id, number: input.number, name: input.name })
      .onConflictDoUpdate({
        target: [sandboxCustomers.whatsappId, sandboxCustomers.number],
        set: { name: input.name, updatedAt: sql`now()` },
      })
      .returning({
        number: sandboxCustomers.number,
        name: sandboxCustomers.name,
        updatedAt: sandboxCustomers.updatedAt,
      });
    return row!;
  });
}

/**
 * A customer writes to the connection. The message goes through the door every provider's
 * inbound messages take (stored once with its contact and ticket, then published), and the
 * answer is the stored message with its ticket.
 */
export async function customerSends(ctx: Ctx, eventsFor: EventsFor, id: number, input: SandboxMessageBody) {
  const row = await ctx.tenant(async (tx) => {
    // The connection first: another company's answers 404 whatever the file is.
    const conn = await loadSandbox(tx, id);
    if (conn.status !== 'CONNECTED') throw notConnected();
    const media = input.media ? decodeMedia(input.media) : undefined;
    const [known] = await tx
      .insert(sandboxCustomers)
      .values({
        companyId: ctx.actor.companyId,
        whatsappId: id,
        number: input.number,
        name: input.name ?? input.number,
      })
      .onConflictDoUpdate({
        target: [sandboxCustomers.whatsappId, sandboxCustomers.number],
        set: { ...(input.name ? { name: input.name } : {}), updatedAt: sql`now()` },
      })
      .returning({ name: sandboxCustomers.name });
    return { conn, name: known!.name, media };
  });
  const { media } = row;
  const externalId = `sandbox-in-${randomUUID()}`;
  const inbound: InboundMessage = {
    externalId,
    chatId: input.number,
    isGroup: false,
    fromMe: false,
    contact: { number: input.number, name: row.name },
    timestamp: new Date(),
    type: media?.type ?? 'chat',
    body: input.body,
    media: media && { mimetype: media.mimetype, fileName: media.fileName, download: async () => media.data },
  };
  await eventsFor(row.conn).message(inbound);
  const [stored] = await conversationRows(
    ctx,
    id,
    and(eq(messages.whatsappId, id), eq(messages.externalId, externalId)),
  );
  if (!stored) throw new AppError('ERR_CREATING_MESSAGE', 'The message was not stored');
  return stored;
}

/** The chat with one customer as their phone shows it: what they sent, and what reached them. */
export async function conversation(ctx: Ctx, id: number, number: string) {
  const customer = await ctx.tenant(async (tx) => {
    await loadSandbox(tx, id);
    const [row] = await tx
      .select({ number: sandboxCustomers.number, name: sandboxCustomers.name })
      .from(sandboxCustomers)
      .where(and(eq(sandboxCustomers.whatsappId, id), eq(sandboxCustomers.number, number)));
    return row ?? null;
  });
  const rows = await conversationRows(
    ctx,
    id,
    and(
      eq(messages.whatsappId, id),
      eq(contacts.number, number),
      or(eq(messages.fromMe, false), isNotNull(messages.externalId)),
    ),
    CONVERSATION_LIMIT,
  );
  return { customer, messages: rows.reverse() };
}

async function conversationRows(ctx: Ctx, id: number, where: ReturnType<typeof and>, limit = 1) {
  const rows = await ctx.tenant((tx) =>
    tx
      .select({ message: messages, ticketStatus: tickets.status, number: contacts.number })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(where)
      .orderBy(desc(messages.id))
      .limit(limit),
  );
  return rows.map(({ message: m, ticketStatus, number }) => ({
    id: m.id,
    externalId: m.externalId,
    /** Written by the customer (true) or received from the business (false). */
    fromCustomer: !m.fromMe,
    number,
    body: m.body,
    mediaType: m.mediaType,
    mediaName: m.mediaName,
    mediaUrl: m.mediaUrl ? `/api/sandbox/${id}/media/${m.id}` : null,
    /** The business's message: 1 sent, 2–3 delivered, 4 read. The customer's: `read` by the business. */
    ack: m.ack,
    read: m.read,
    // Ours deleted in Balcão reach the phone through the outbox: deleted there once it is done.
    isDeleted: m.isDeleted && m.deleteRequestedAt === null,
    isEdited: m.isEdited,
    ticketId: m.ticketId,
    ticketStatus,
    createdAt: m.createdAt,
  }));
}

/** The customer opens the chat: every reply that reached them becomes read (ack 4). */
export async function markRead(ctx: Ctx, eventsFor: EventsFor, id: number, number: string) {
  const unread = await ctx.tenant(async (tx) => {
    const conn = await loadSandbox(tx, id);
    if (conn.status !== 'CONNECTED') throw notConnected();
    const rows = await tx
      .select({ externalId: messages.externalId })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .where(
        and(
          eq(messages.whatsappId, id),
          eq(contacts.number, number),
          eq(messages.fromMe, true),
          isNotNull(messages.externalId),
          between(messages.ack, 1, 3),
        ),
      )
      .orderBy(asc(messages.id));
    return rows.map((r) => r.externalId!);
  });
  if (unread.length === 0) return { read: 0 };
  const acks = unread.map((externalId) => ({ externalId, ack: 4 }));
  const { acks: read } = await eventsFor({ id, companyId: ctx.actor.companyId }).deliver({ acks });
  return { read };
}

/** A stored file of the conversation (the simulator shows images). */
export async function mediaOf(ctx: Ctx, id: number, messageId: number) {
  const [row] = await ctx.tenant(async (tx) => {
    await loadSandbox(tx, id);
    return tx
      .select({ key: messages.mediaUrl, name: messages.mediaName })
      .from(messages)
      .where(and(eq(messages.whatsappId, id), eq(messages.id, messageId), isNotNull(messages.mediaUrl)));
  });
  if (!row?.key) throw notFound('media');
  return { key: row.key, name: row.name ?? 'file', data: await ctx.deps.storage.get(row.key) };
}

wireMatches<Answer<typeof sandboxState>, SandboxState>(true);
wireMatches<Answer<typeof scanQr>, SandboxScanAnswer>(true);
wireMatches<Answer<typeof listCustomers>, SandboxCustomerEntry[]>(true);
wireMatches<Answer<typeof saveCustomer>, SandboxCustomer>(true);
wireMatches<Answer<typeof customerSends>, SandboxPhoneMessage>(true);
wireMatches<Answer<typeof conversation>, SandboxConversation>(true);
wireMatches<Answer<typeof markRead>, SandboxReadAnswer>(true);
