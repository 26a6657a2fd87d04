import type { ExternalSendResponse } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { liveKey, liveTickets, upsertContacts } from '../tickets/find-or-create.js';
import { queueOutbound, type OutboundInput } from '../messages/queue-outbound.js';
import type { ApiConnection } from './authenticate.js';
import type { SendRequest } from './read-request.js';
import { apiNumber } from '../contacts/phone-number.js';
import { discardMedia } from '../../platform/uploads.js';

/**
 * The messages of a send, in order. With files, the text is the caption of the first one —
 * unless that one is audio (WhatsApp shows no caption on audio): then the text goes first, alone.
 */
function outgoing({ body, medias }: SendRequest): Array<Pick<OutboundInput, 'body' | 'media'>> {
  if (medias.length === 0) return [{ body }];
  const captioned = body.trim() !== '' && medias[0]!.type !== 'audio';
  const texts = body.trim() !== '' && !captioned ? [{ body }] : [];
  return [...texts, ...medias.map((media, i) => ({ body: i === 0 && captioned ? body : '', media }))];
}

/**
 * A message to a number through the token's connection, as the inbox would have it: the contact
 * of that number (created on first sight), its live ticket on this connection (else a new pending
 * one), and each message stored as queued. After commit the connection's outbox is told; the
 * holder of the session sends them in order, now or once the connection is up.
 */
export async function sendExternalMessage(
  deps: Deps,
  conn: ApiConnection,
  input: SendRequest,
): Promise<ExternalSendResponse> {
  let result: ExternalSendResponse;
  try {
    result = await store(deps, conn, input);
  } catch (err) {
    // The files were stored for this send only: refused, they go again. Once committed, the
    // messages name them, and the outbox's kick after the commit never undoes that.
    await discardMedia(deps.storage, input.medias);
    throw err;
  }
  return result;
}

async function store(deps: Deps, conn: ApiConnection, input: SendRequest): Promise<ExternalSendResponse> {
  const { companyId, whatsappId } = conn;
  const number = apiNumber(input.number);
  return runTenant(deps, companyId, async (tx, events, uow) => {
    const contact = (await upsertContacts(tx, events, companyId, [{ number, isGroup: false, whatsappId }])).get(
      number,
    )!;
    const ticket = (await liveTickets(tx, companyId, [{ contactId: contact.id, whatsappId, isGroup: false }])).get(
      liveKey(contact.id, whatsappId),
    )!;
    const messageIds: number[] = [];
    for (const message of outgoing(input)) {
      const stored = await queueOutbound(uow, {
        ...message,
        companyId,
        ticketId: ticket.id,
        whatsappId,
        userId: null,
      });
      messageIds.push(stored.id);
    }
    return { message: 'sent' as const, ticketId: ticket.id, contactId: contact.id, messageIds };
  });
}

wireMatches<Answer<typeof sendExternalMessage>, ExternalSendResponse>(true);
