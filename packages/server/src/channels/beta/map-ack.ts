import { proto, type MessageUserReceiptUpdate, type WAMessageUpdate } from '@whiskeysockets/baileys';
import type { AckUpdate } from '../channel.js';

const S = proto.WebMessageInfo.Status;

/**
 * Baileys' message status as the project's ack: SERVER_ACK → 1 sent (one tick), DELIVERY_ACK →
 * 3 delivered (two ticks; the Cloud API's "delivered" is 3 too), READ → 4, PLAYED → 5.
 * PENDING says nothing new (a stored outbound message is already 0 or 1).
 */
export function ackOfStatus(status: number | null | undefined): number | undefined {
  switch (status) {
    case S.SERVER_ACK:
      return 1;
    case S.DELIVERY_ACK:
      return 3;
    case S.READ:
      return 4;
    case S.PLAYED:
      return 5;
    default:
      return undefined;
  }
}

/**
 * A `messages.update` entry that moves the ack of one of our messages, or marks it failed.
 * Entries that change anything else (edits, deletions, stubs) are not acks: edits and deletions
 * reach the inbox from `messages.upsert` (see map-message), once.
 */
export function ackOfUpdate(u: WAMessageUpdate): AckUpdate | undefined {
  const externalId = u.key.id;
  const status = u.update.status;
  if (!externalId || !u.key.fromMe || status === null || status === undefined) return undefined;
  if (status === S.ERROR) {
    const code = (u.update.messageStubParameters as unknown[] | undefined)?.[0];
    return { externalId, ack: 0, error: `WhatsApp refused the message${code ? ` (${String(code)})` : ''}` };
  }
  const ack = ackOfStatus(status);
  return ack === undefined ? undefined : { externalId, ack };
}

/** A group receipt (one member delivered, read or played one of our messages). */
export function ackOfReceipt(r: MessageUserReceiptUpdate): AckUpdate | undefined {
  const externalId = r.key.id;
  if (!externalId || !r.key.fromMe) return undefined;
  const ack = r.receipt.playedTimestamp ? 5 : r.receipt.readTimestamp ? 4 : r.receipt.receiptTimestamp ? 3 : undefined;
  return ack === undefined ? undefined : { externalId, ack };
}
