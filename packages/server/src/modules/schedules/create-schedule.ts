import type { Schedule, ScheduleBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { contacts, schedules } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadSchedule } from './schedule-view.js';
import { scheduleEvents } from './schedule-events.js';
import { sendAtOf } from './schedule-time.js';
import { scheduleConnectionId } from './schedule-connection.js';
import { checkTemplateFields } from '../templates/campaign-template.js';

/**
 * `POST /schedules`: a message to the company's contact at `sendAt` (a time already past goes at
 * the next sweep). The contact must be the company's (400 naming `contactId` otherwise); a template
 * must be one the connection it would go through now can send (400 on `templateName`/`templateVariables`).
 */
export function createSchedule(ctx: Ctx, input: ScheduleBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    await ownRows(tx, contacts, [input.contactId], 'contactId');
    await checkTemplateFields(tx, await scheduleConnectionId(tx, input.contactId), input);
    const [row] = await tx
      .insert(schedules)
      .values({
        companyId: actor.companyId,
        contactId: input.contactId,
        userId: actor.userId,
        body: input.body,
        templateName: input.templateName ?? null,
        templateLanguage: input.templateName ? (input.templateLanguage ?? null) : null,
        templateVariables: input.templateName ? (input.templateVariables ?? []) : null,
        sendAt: await sendAtOf(tx, input.sendAt),
      })
      .returning({ id: schedules.id });
    const schedule = await loadSchedule(tx, row!.id);
    events.push(scheduleEvents.saved(actor.companyId, 'create', schedule));
    return schedule;
  });
}

wireMatches<Answer<typeof createSchedule>, Schedule>(true);
