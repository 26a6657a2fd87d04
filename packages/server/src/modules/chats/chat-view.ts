import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Chat, ChatMember, ChatMessage } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { chatMessages, chats, chatUsers, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/context.js';
import { noPermission, notFound } from '../../platform/errors.js';
import { wireMatches } from '../../platform/wire.js';

// How the API shows chats and their messages, and the two doors every chat route goes through:
// the caller is a member (else 404, as for another company's chat) and, to change it, its owner.

export const chatColumns = {
  id: chats.id,
  uuid: chats.uuid,
  title: chats.title,
  ownerId: chats.ownerId,
  lastMessage: chats.lastMessage,
  createdAt: chats.createdAt,
  updatedAt: chats.updatedAt,
};
export type ChatRow = Awaited<ReturnType<typeof findMemberChat>>;

/** Joins the caller's own member row: a chat without it is not theirs to see. */
export const selectMemberChats = (tx: Tx, userId: number) =>
  tx
    .select(chatColumns)
    .from(chats)
    .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, userId)));

/** The chat when the caller is a member (locked for a change when asked), else 404. */
export async function findMemberChat(tx: Tx, actor: Actor, id: number, opts: { lock?: boolean } = {}) {
  const query = selectMemberChats(tx, actor.userId).where(eq(chats.id, id));
  const [row] = opts.lock ? await query.for('update', { of: chats }) : await query;
  if (!row) throw notFound('chat');
  return row;
}

/** The chat, locked, when the caller owns it; a member who does not gets 403. */
export async function findOwnChat(tx: Tx, actor: Actor, id: number) {
  const row = await findMemberChat(tx, actor, id, { lock: true });
  if (row.ownerId !== actor.userId) throw noPermission("Only the chat's owner may change it");
  return row;
}

/** The members of some chats, by chat, each with their unread count, by name. */
export async function membersOf(tx: Tx, chatIds: readonly number[]): Promise<Map<number, ChatMember[]>> {
  const byChat = new Map<number, ChatMember[]>(chatIds.map((id) => [id, []]));
  if (chatIds.length === 0) return byChat;
  const rows = await tx
    .select({ chatId: chatUsers.chatId, userId: chatUsers.userId, unreads: chatUsers.unreads, name: users.name })
    .from(chatUsers)
    .innerJoin(users, eq(users.id, chatUsers.userId))
    .where(inArray(chatUsers.chatId, [...chatIds]))
    .orderBy(asc(users.name), asc(users.id));
  for (const r of rows)
    byChat.get(r.chatId)?.push({ userId: r.userId, unreads: r.unreads, user: { id: r.userId, name: r.name } });
  return byChat;
}

/** Chats as the API shows them: each with its members. */
export async function withMembers(tx: Tx, rows: readonly ChatRow[]) {
  const members = await membersOf(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, users: members.get(r.id) ?? [] }));
}
export type ChatView = Awaited<ReturnType<typeof withMembers>>[number];

/** One chat with its members, read after a change (the caller's membership already checked). */
export async function loadChat(tx: Tx, id: number): Promise<ChatView> {
  const [row] = await tx.select(chatColumns).from(chats).where(eq(chats.id, id));
  if (!row) throw notFound('chat');
  const [view] = await withMembers(tx, [row]);
  return view!;
}

/** The ids of a chat's members. */
export const memberIds = (chat: ChatView) => chat.users.map((u) => u.userId);

export const selectChatMessages = (tx: Tx) =>
  tx
    .select({
      id: chatMessages.id,
      chatId: chatMessages.chatId,
      senderId: chatMessages.senderId,
      senderName: users.name,
      message: chatMessages.message,
      createdAt: chatMessages.createdAt,
    })
    .from(chatMessages)
    .leftJoin(users, eq(users.id, chatMessages.senderId));

type MessageRow = Awaited<ReturnType<ReturnType<typeof selectChatMessages>['execute']>>[number];

/** A message as the API shows it: its sender's name beside the id (none once the account is gone). */
export const toMessage = ({ senderName, ...row }: MessageRow) => ({
  ...row,
  sender: row.senderId !== null && senderName !== null ? { id: row.senderId, name: senderName } : null,
});
export type ChatMessageView = ReturnType<typeof toMessage>;

wireMatches<ChatView, Chat>(true);
wireMatches<ChatMessageView, ChatMessage>(true);
