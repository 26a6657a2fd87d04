import type { ImportCounts } from '@balcao/contracts';
import { chatMessages, chats, chatUsers, invoices, ticketNotes } from '../../db/schema/index.js';
import type { AtendechatSource } from './atendechat-source.js';
import { eachRow, needed, stamps } from './each-row.js';
import type { CompanyIds, ImportRun } from './import-run.js';
import type { StaffMaps } from './import-staff.js';
import { bool, day, ref, str, time } from './source-values.js';

/**
 * What the team kept beside the conversations: notes on tickets, the internal chats (members,
 * messages; attachments said missing) and the company's invoices (one per due date in Balcão).
 */
export async function importTeam(
  run: ImportRun,
  source: AtendechatSource,
  ids: CompanyIds,
  maps: StaffMaps,
  counts: ImportCounts,
) {
  await eachRow(
    run,
    source,
    ids,
    'TicketNotes',
    'ticketNotes',
    counts,
    async (tx, n, companyId) => {
      const ticketId = needed(await run.mapped('tickets', [n.ticketId]), n.ticketId, 'ticket');
      const contactId = needed(await run.mapped('contacts', [n.contactId]), n.contactId, 'contact');
      const [row] = await tx
        .insert(ticketNotes)
        .values({ companyId, note: str(n.note), userId: ref(maps.users, n.userId), ticketId, contactId, ...stamps(n) })
        .returning({ id: ticketNotes.id });
      return row!.id;
    },
    { optional: true, via: { table: 'Tickets', column: 'ticketId' } },
  );

  const chatMap = await eachRow(
    run,
    source,
    ids,
    'Chats',
    'chats',
    counts,
    async (tx, c, companyId) => {
      const [row] = await tx
        .insert(chats)
        .values({
          companyId,
          ownerId: ref(maps.users, c.ownerId),
          title: str(c.title).trim() || `Chat ${str(c.id)}`,
          lastMessage: str(c.lastMessage),
          ...stamps(c),
        })
        .returning({ id: chats.id });
      return row!.id;
    },
    { optional: true },
  );
  const via = { optional: true, via: { table: 'Chats', column: 'chatId' } };
  // A member has no id of its own in Balcão: its mapping points at the chat.
  await eachRow(
    run,
    source,
    ids,
    'ChatUsers',
    'chatUsers',
    counts,
    async (tx, u, companyId) => {
      const chatId = needed(chatMap, u.chatId, 'chat');
      await tx.insert(chatUsers).values({
        companyId,
        chatId,
        userId: needed(maps.users, u.userId, 'user'),
        unreads: Number(u.unreads ?? 0) || 0,
        createdAt: time(u.createdAt) ?? new Date(),
      });
      return chatId;
    },
    via,
  );
  await eachRow(
    run,
    source,
    ids,
    'ChatMessages',
    'chatMessages',
    counts,
    async (tx, m, companyId) => {
      const file = str(m.mediaName ?? m.mediaPath).trim();
      const text = str(m.message);
      const [row] = await tx
        .insert(chatMessages)
        .values({
          companyId,
          chatId: needed(chatMap, m.chatId, 'chat'),
          senderId: ref(maps.users, m.senderId),
          message: file ? [text, `[arquivo não importado: ${file}]`].filter(Boolean).join('\n') : text,
          createdAt: time(m.createdAt) ?? new Date(),
        })
        .returning({ id: chatMessages.id });
      return row!.id;
    },
    via,
  );

  await eachRow(
    run,
    source,
    ids,
    'Invoices',
    'invoices',
    counts,
    async (tx, i, companyId) => {
      const dueDate = day(i.dueDate);
      if (!dueDate) throw new Error('no due date');
      const paid = str(i.status).toLowerCase() === 'paid' || bool(i.paid);
      const [row] = await tx
        .insert(invoices)
        .values({
          companyId,
          detail: str(i.detail).trim() || 'Atendechat',
          value: Number(i.value ?? 0) || 0,
          dueDate,
          status: paid ? 'paid' : 'open',
          paidAt: paid ? (time(i.updatedAt) ?? new Date()) : null,
          ...stamps(i),
        })
        .returning({ id: invoices.id });
      return row!.id;
    },
    { optional: true },
  );
}
