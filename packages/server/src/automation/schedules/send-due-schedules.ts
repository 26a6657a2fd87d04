import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Uow } from '../../platform/context.js';
import { schedules } from '../../db/schema/index.js';
import { queueOutbound } from '../../modules/messages/queue-outbound.js';
import { renderFor } from '../../modules/tickets/auto-messages.js';
import { loadSchedule } from '../../modules/schedules/schedule-view.js';
import { scheduleEvents } from '../../modules/schedules/schedule-events.js';
import { imageMimetype } from '../../modules/schedules/schedule-media.js';
import { scheduleTarget } from './schedule-target.js';
import { templateForContacts } from '../../modules/templates/campaign-template.js';

/**
 * One company's due schedules (up to `limit`), each dispatched once, in the caller's tenant
 * transaction: the rows are locked with SKIP LOCKED (another process's pass takes the others),
 * the message is stored queued in the outbox (variables filled now, the image with the text as
 * its caption) and linked to the schedule (`dispatchedAt`, `messageId`) in the same commit, so a
 * crash leaves either both or neither; the outboxes are kicked after commit (`queueOutbound`).
 */
export async function sendDueSchedules(uow: Uow, companyId: number, limit: number): Promise<number> {
  const { tx, events } = uow;
  const due = await tx
    .select()
    .from(schedules)
    .where(and(isNull(schedules.dispatchedAt), lte(schedules.sendAt, sql`now()`)))
    .orderBy(asc(schedules.sendAt), asc(schedules.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  for (const row of due) {
    const target = await scheduleTarget(tx, companyId, row.contactId);
    if ('error' in target) {
      await tx
        .update(schedules)
        .set({ status: 'ERRO', error: target.error, dispatchedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(schedules.id, row.id));
    } else {
      const ticket = { id: target.ticketId, contactId: row.contactId };
      // Cloud API: a schedule with a template sends it (texts filled like the body); Meta judges it.
      const texts = await Promise.all((row.templateVariables ?? []).map((v) => renderFor(tx, ticket, v)));
      const templateFor = await templateForContacts(tx, target.whatsappId, { ...row, templateVariables: texts });
      const template = templateFor?.((text) => text);
      const message = await queueOutbound(uow, {
        companyId,
        ticketId: target.ticketId,
        whatsappId: target.whatsappId,
        body: template ? template.body : await renderFor(tx, ticket, row.body),
        ...(template ? { template: template.template } : {}),
        userId: row.userId,
        media: row.mediaPath
          ? {
              key: row.mediaPath,
              name: row.mediaName ?? 'image',
              mimetype: imageMimetype(row.mediaPath),
              type: 'image',
            }
          : undefined,
      });
      await tx
        .update(schedules)
        .set({ ...target, messageId: message.id, dispatchedAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(schedules.id, row.id));
    }
    events.push(scheduleEvents.saved(companyId, 'update', await loadSchedule(tx, row.id)));
  }
  return due.length;
}
