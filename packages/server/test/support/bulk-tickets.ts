/**
 * Hundreds of tickets at once, for list and search tests that need more than a page or a walk:
 * one contact per ticket, written in a few multi-row statements per table (the inbound pipeline
 * costs a request per message).
 */
import { randomInt } from 'node:crypto';
import type { TestApp } from './app.js';
import { scoped } from './inbox.js';
import { contacts, messages, tickets, ticketTags } from '../../src/db/schema/index.js';

export interface BulkTicket {
  updatedAt: Date;
  /** The contact's name and number (defaults: `Cliente {i}` and a number unique to the call). */
  name?: string;
  number?: string;
  status?: 'pending' | 'open' | 'closed';
  queueId?: number | null;
  userId?: number | null;
  whatsappId?: number | null;
  /** Message texts, oldest first (customer messages). */
  messages?: string[];
  tagIds?: number[];
}

/** Rows per statement, well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1_000;

/** Inserts the tickets in one transaction of the company; answers their ids in the given order. */
export async function insertTickets(t: TestApp, companyId: number, rows: BulkTicket[]): Promise<number[]> {
  const prefix = `55${String(randomInt(100_000)).padStart(5, '0')}`;
  return scoped(t, companyId, async (tx) => {
    const numbers = rows.map((r, i) => r.number ?? `${prefix}${String(i).padStart(6, '0')}`);
    const contactIds = new Map<string, number>();
    for (const part of chunks(
      rows.map((r, i) => ({ companyId, name: r.name ?? `Cliente ${i}`, number: numbers[i]! })),
    )) {
      for (const c of await tx.insert(contacts).values(part).returning({ id: contacts.id, number: contacts.number }))
        contactIds.set(c.number, c.id);
    }
    const ticketIds = new Map<number, number>();
    const ticketRows = rows.map((r, i) => ({
      companyId,
      contactId: contactIds.get(numbers[i]!)!,
      status: r.status ?? 'closed',
      queueId: r.queueId ?? null,
      userId: r.userId ?? null,
      whatsappId: r.whatsappId ?? null,
      lastMessage: r.messages?.at(-1) ?? '',
      createdAt: r.updatedAt,
      updatedAt: r.updatedAt,
    }));
    for (const part of chunks(ticketRows)) {
      for (const tk of await tx
        .insert(tickets)
        .values(part)
        .returning({ id: tickets.id, contactId: tickets.contactId }))
        ticketIds.set(tk.contactId, tk.id);
    }
    const ids = ticketRows.map((r) => ticketIds.get(r.contactId)!);
    const messageRows = rows.flatMap((r, i) =>
      (r.messages ?? []).map((body) => ({
        companyId,
        ticketId: ids[i]!,
        contactId: ticketRows[i]!.contactId,
        body,
        createdAt: r.updatedAt,
        updatedAt: r.updatedAt,
      })),
    );
    for (const part of chunks(messageRows)) await tx.insert(messages).values(part);
    const tagRows = rows.flatMap((r, i) => (r.tagIds ?? []).map((tagId) => ({ companyId, ticketId: ids[i]!, tagId })));
    for (const part of chunks(tagRows)) await tx.insert(ticketTags).values(part);
    return ids;
  });
}

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
}
