import { eq } from 'drizzle-orm';
import type { Schedule, ScheduleUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { contacts, schedules } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { backToPending, ensureEditable, loadSchedule, lockSchedule } from './schedule-view.js';
import { scheduleEvents } from './schedule-events.js';
import { sendAtOf } from './schedule-time.js';
import { scheduleConnectionId } from './schedule-connection.js';
import { checkTemplateFields } from '../templates/campaign-template.js';

/**
 * `PUT /schedules/{id}`: only the fields given change. Refused once the schedule's message is on
 * its way or sent (409 ERR_SCHEDULE_SENT); a failed one (ERRO) waits for its time again.
 */
export function updateSchedule(ctx: Ctx, id: number, input: ScheduleUpdateBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const before = await lockSchedule(tx, id);
    ensureEditable(before);
    if (input.contactId !== undefined) await ownRows(tx, contacts, [input.contactId], 'contactId');
    await tx
      .update(schedules)
      .set({
        ...(input.body !== undefined && { body: input.body }),
        ...(input.templateName !== undefined && { templateName: input.templateName }),
        ...(input.templateLanguage !== undefined && { templateLanguage: input.templateLanguage }),
        ...(input.templateVariables !== undefined && { templateVariables: input.templateVariables }),
        ...(input.contactId !== undefined && { contactId: input.contactId }),
        ...(input.sendAt !== undefined && { sendAt: await sendAtOf(tx, input.sendAt) }),
        ...(before.status === 'ERRO' && backToPending),
        updatedAt: new Date(),
      })
      .where(eq(schedules.id, id));
    const schedule = await loadSchedule(tx, id);
    // The template as saved, against the connection the contact's message would go through now.
    if (input.templateName !== undefined || input.templateVariables !== undefined || input.contactId !== undefined)
      await checkTemplateFields(tx, await scheduleConnectionId(tx, schedule.contactId), schedule);
    events.push(scheduleEvents.saved(actor.companyId, 'update', schedule));
    return schedule;
  });
}

wireMatches<Answer<typeof updateSchedule>, Schedule>(true);
