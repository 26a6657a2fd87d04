import type { WACallEvent, WAMessage, WAMessageKey } from '@whiskeysockets/baileys';
import type { InboundMessage, MessageUpdate } from '../channel.js';
import { callBody, describe } from './content.js';
import { groupIdOf, isIgnoredChat, lidOf, phoneOf } from './jid.js';

/** What the channel knows beyond the message itself. */
export interface MapContext {
  /** Phone digits of a LID ('…@lid'), when the socket has learnt the mapping. */
  pnForLid(lid: string): string | undefined;
  /** A group's subject, when known. */
  groupName?(groupId: string): string | undefined;
  /** Our own number (digits), once connected. */
  me?: string;
  /** Fetches (and decrypts) the media of a message. */
  download(msg: WAMessage): Promise<Buffer>;
}

export type Mapped =
  | { kind: 'message'; message: InboundMessage }
  | { kind: 'update'; update: MessageUpdate }
  /** A 1:1 chat known only by its LID: wait until WhatsApp tells the number behind it. */
  | { kind: 'defer'; lid: string }
  | { kind: 'ignore'; reason: string };

interface Person {
  number?: string;
  lid?: string;
}

/**
 * Who a jid is: its phone number (from the jid itself, its alternate, or the LID mapping) and its
 * LID. `number` is only ever phone digits; a LID without a known number leaves it undefined.
 */
export function personOf(
  jid: string | null | undefined,
  alt: string | null | undefined,
  ctx: Pick<MapContext, 'pnForLid'>,
): Person {
  const lid = lidOf(jid) ?? lidOf(alt);
  const number = phoneOf(jid) ?? phoneOf(alt) ?? (lid ? ctx.pnForLid(lid) : undefined);
  return { ...(number ? { number } : {}), ...(lid ? { lid } : {}) };
}

/** The LIDs of a message whose number is not in the message itself (the channel looks them up first). */
export function lidsToResolve(key: WAMessageKey | null | undefined): string[] {
  if (!key) return [];
  const out: string[] = [];
  for (const [jid, alt] of [
    [key.remoteJid, key.remoteJidAlt],
    [key.participant, key.participantAlt],
  ] as const) {
    const lid = lidOf(jid) ?? lidOf(alt);
    if (lid && !phoneOf(jid) && !phoneOf(alt)) out.push(lid);
  }
  return out;
}

function toDate(ts: unknown): Date {
  const n =
    typeof ts === 'number'
      ? ts
      : ts && typeof ts === 'object' && 'toNumber' in ts
        ? (ts as { toNumber(): number }).toNumber()
        : Number(ts);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : new Date();
}

/**
 * A Baileys message as the inbox sees it. Phone numbers identify people, never LIDs:
 * - a 1:1 chat whose number is unknown is deferred (`defer`), never stored under the LID;
 * - in a group the chat is the group; a sender whose number is unknown is left out
 *   (`participant` undefined), the message is still stored;
 * - edits, deletions and reactions are updates of the message they name.
 * Status broadcasts, broadcast lists and newsletters are ignored.
 */
export function mapMessage(msg: WAMessage, ctx: MapContext): Mapped {
  const { key } = msg;
  const remote = key.remoteJid;
  if (!remote || !key.id) return { kind: 'ignore', reason: 'no key' };
  if (isIgnoredChat(remote)) return { kind: 'ignore', reason: 'broadcast or newsletter' };

  const content = describe(msg.message, msg.messageStubType);
  if (content.kind === 'ignore') return content;
  const fromMe = Boolean(key.fromMe);
  const groupId = groupIdOf(remote);
  const sender = groupId ? personOf(key.participant, key.participantAlt, ctx) : personOf(remote, key.remoteJidAlt, ctx);

  if (content.kind === 'edit')
    return { kind: 'update', update: { kind: 'edit', externalId: content.targetId, body: content.body } };
  if (content.kind === 'delete') return { kind: 'update', update: { kind: 'delete', externalId: content.targetId } };
  if (content.kind === 'reaction') {
    const from = (fromMe ? ctx.me : sender.number) ?? '';
    return { kind: 'update', update: { kind: 'reaction', externalId: content.targetId, emoji: content.emoji, from } };
  }

  const pushName = msg.pushName?.trim() || undefined;
  let chat: Pick<InboundMessage, 'chatId' | 'isGroup' | 'contact' | 'participant'>;
  if (groupId) {
    const name = ctx.groupName?.(groupId);
    chat = {
      chatId: groupId,
      isGroup: true,
      contact: { number: groupId, ...(name ? { name } : {}) },
      ...(!fromMe && sender.number
        ? { participant: { number: sender.number, ...(pushName ? { name: pushName } : {}) } }
        : {}),
    };
  } else {
    if (!sender.number)
      return sender.lid ? { kind: 'defer', lid: sender.lid } : { kind: 'ignore', reason: `not a person: ${remote}` };
    chat = {
      chatId: sender.number,
      isGroup: false,
      // Our own push name is not the customer's.
      contact: {
        number: sender.number,
        ...(!fromMe && pushName ? { name: pushName } : {}),
        ...(sender.lid ? { lid: sender.lid } : {}),
      },
    };
  }

  const message: InboundMessage = {
    externalId: key.id,
    ...chat,
    fromMe,
    timestamp: toDate(msg.messageTimestamp),
    type: content.type,
    body: content.body,
    ...(content.media
      ? {
          media: {
            mimetype: content.media.mimetype,
            ...(content.media.fileName ? { fileName: content.media.fileName } : {}),
            download: () => ctx.download(msg),
          },
        }
      : {}),
    ...(content.quotedExternalId ? { quotedExternalId: content.quotedExternalId } : {}),
  };
  return { kind: 'message', message };
}

/** The LIDs of a call whose number is not in the call itself. */
export function callLidsToResolve(call: WACallEvent): string[] {
  const lid = lidOf(call.from);
  return lid && !phoneOf(call.callerPn) ? [lid] : [];
}

/**
 * An incoming call as a call-log message (one per call: its offer), received or refused (the
 * "call" setting; a refused one is marked `refusedCall`). The caller is identified as in
 * `mapMessage`: by phone number, deferred while only a LID is known.
 */
export function mapCall(call: WACallEvent, ctx: MapContext, outcome: 'received' | 'rejected' = 'received'): Mapped {
  if (call.status !== 'offer') return { kind: 'ignore', reason: `call ${call.status}` };
  const caller = personOf(call.from, call.callerPn, ctx);
  const groupId = call.isGroup ? groupIdOf(call.groupJid) : undefined;
  const body = callBody(Boolean(call.isVideo), outcome);
  const base = {
    externalId: `call-${call.id}`,
    fromMe: false,
    timestamp: call.date,
    type: 'call_log' as const,
    body,
    // The pipeline tells the caller why, once the log is stored.
    ...(outcome === 'rejected' ? { refusedCall: true } : {}),
  };
  if (groupId) {
    const name = ctx.groupName?.(groupId);
    return {
      kind: 'message',
      message: {
        ...base,
        chatId: groupId,
        isGroup: true,
        contact: { number: groupId, ...(name ? { name } : {}) },
        ...(caller.number ? { participant: { number: caller.number } } : {}),
      },
    };
  }
  if (!caller.number) return caller.lid ? { kind: 'defer', lid: caller.lid } : { kind: 'ignore', reason: 'no caller' };
  return {
    kind: 'message',
    message: {
      ...base,
      chatId: caller.number,
      isGroup: false,
      contact: { number: caller.number, ...(caller.lid ? { lid: caller.lid } : {}) },
    },
  };
}
