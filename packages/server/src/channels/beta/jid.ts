import {
  isHostedLidUser,
  isHostedPnUser,
  isJidBroadcast,
  isJidGroup,
  isJidNewsletter,
  isLidUser,
  isPnUser,
  jidDecode,
} from '@whiskeysockets/baileys';

/**
 * WhatsApp addresses (jids) and the project's identifiers.
 *
 * - A person is stored under their phone number: digits, E.164 without '+' (at most 15 digits).
 * - A group is stored under its id without the server: '120363041234567890' (new groups, 18+
 *   digits) or '5511999990000-1600000000' (old groups, with a dash). Neither can be confused
 *   with a phone number, which is how `chatJid` tells them apart.
 * - A LID ('123456789012345@lid') is a WhatsApp account id that hides the number. It is never
 *   stored as a number; contacts keep it in `lid`, as the normalised jid ('…@lid').
 */

const PHONE = /^\d{6,15}$/;

/** Phone digits of a phone-number jid ('5511999990000:3@s.whatsapp.net' → '5511999990000'). */
export function phoneOf(jid: string | null | undefined): string | undefined {
  if (!jid || !(isPnUser(jid) || isHostedPnUser(jid) || jid.endsWith('@c.us'))) return undefined;
  const user = jidDecode(jid)?.user;
  return user && PHONE.test(user) ? user : undefined;
}

/** The normalised LID jid ('123:4@lid' → '123@lid'), or undefined when the jid is not a LID. */
export function lidOf(jid: string | null | undefined): string | undefined {
  if (!jid || !(isLidUser(jid) || isHostedLidUser(jid))) return undefined;
  const user = jidDecode(jid)?.user;
  return user ? `${user}@lid` : undefined;
}

/** The group id as stored ('120363…@g.us' → '120363…'). */
export function groupIdOf(jid: string | null | undefined): string | undefined {
  if (!jid || !isJidGroup(jid)) return undefined;
  return jidDecode(jid)?.user || undefined;
}

/** Chats the product does not serve: status broadcasts, broadcast lists, newsletters (channels). */
export function isIgnoredChat(jid: string): boolean {
  return Boolean(isJidBroadcast(jid) || isJidNewsletter(jid));
}

/** The jid to send to: a group id or a phone number (a full jid passes through). */
export function toJid(to: string, isGroup: boolean): string {
  if (to.includes('@')) return to;
  return isGroup ? `${to}@g.us` : `${to.replace(/\D/g, '')}@s.whatsapp.net`;
}

/** The jid of a stored chat id when the caller does not say whether it is a group. */
export function chatJid(chatId: string): string {
  if (chatId.includes('@')) return chatId;
  const isGroup = chatId.includes('-') || chatId.replace(/\D/g, '').length > 15;
  return toJid(chatId, isGroup);
}
