import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { messages, users } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { queueOutbound } from './queue-outbound.js';
import { findVisibleTicket } from '../tickets/visible-ticket.js';
import { renderFor } from '../tickets/auto-messages.js';
import { loadMessageViews } from './message-view.js';
import { discardMedia, type StoredMedia } from '../../platform/uploads.js';
import type { SentMessages, TemplateSend } from '@balcao/contracts';
import { templateMessage } from '../templates/template-message.js';
import { assertWindowOpen } from '../templates/window.js';
import { type Answer, wireMatches } from '../../platform/wire.js';

export interface SendInput {
  body: string;
  signOption: boolean;
  quotedMsgId?: number | null;
  medias: StoredMedia[];
  /** Cloud API: an approved template instead of the text (it goes whatever the window). */
  template?: TemplateSend;
}

/** The signature of signOption: the sender's name in bold, then the text on the next line. */
export const signed = (userName: string, text: string) => `*${userName}*:\n${text}`;

/**
 * `POST /messages/{ticketId}`: the caller's message on a ticket they may see, which must be
 * open. The text gets its message variables filled in and, with `signOption`, the signature.
 * Each file becomes one message; the text is the first file's caption (sent as its own message
 * first when that file is an audio, which carries no caption). Everything is stored queued in
 * one transaction, then the connection's outbox is kicked. Answers the stored messages.
 */
export async function sendMessage(ctx: Ctx, ticketId: number, input: SendInput) {
  let sent: Awaited<ReturnType<typeof store>>;
  try {
    sent = await store(ctx, ticketId, input);
  } catch (err) {
    // The files were stored for this message only: refused, they go again. Once committed, the
    // messages name them, and the outbox's kick after the commit never undoes that.
    await discardMedia(ctx.deps.storage, input.medias);
    throw err;
  }
  return { messages: sent.stored };
}

async function store(ctx: Ctx, ticketId: number, input: SendInput) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, _events, uow) => {
    const { ticket } = await findVisibleTicket(tx, actor, ticketId);
    if (ticket.status !== 'open') throw invalid({ status: 'ticketNotOpen' }, 'Only an open ticket takes messages');
    if (ticket.whatsappId === null) throw invalid({ whatsappId: 'required' }, 'The ticket has no connection');
    let quotedMsgId: number | null = null;
    if (input.quotedMsgId) {
      const [quoted] = await tx
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.id, input.quotedMsgId), eq(messages.ticketId, ticket.id)));
      if (!quoted) throw invalid({ quotedMsg: 'notFound' }, 'The quoted message is not in this ticket');
      quotedMsgId = quoted.id;
    }
    // A template goes as it is (no signature: its text is Meta's); free text needs the window open.
    const template = input.template && (await templateMessage(tx, ticket.whatsappId, input.template));
    if (!template) await assertWindowOpen(tx, ticket);
    let text = template ? template.body : input.body.trim() ? await renderFor(tx, ticket, input.body) : '';
    if (text && input.signOption && !template) {
      const [me] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actor.userId));
      text = signed(me?.name ?? '', text);
    }
    const base = {
      companyId: actor.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      userId: actor.userId,
      ...(template ? { template: template.template } : {}),
    };
    const ids: number[] = [];
    const first = input.medias[0];
    if (!first || (text && first.type === 'audio')) {
      ids.push((await queueOutbound(uow, { ...base, body: text, quotedMsgId })).id);
      text = '';
      quotedMsgId = null;
    }
    for (const media of input.medias) {
      ids.push((await queueOutbound(uow, { ...base, body: text, media, quotedMsgId })).id);
      text = '';
      quotedMsgId = null;
    }
    return { stored: await loadMessageViews(tx, ids) };
  });
}

wireMatches<Answer<typeof sendMessage>, SentMessages>(true);
