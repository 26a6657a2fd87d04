import type { Uow } from '../../platform/context.js';
import { readSettingOnce } from '../settings/read-setting.js';
import { connectionTexts, queueAutoMessage } from './auto-messages.js';
import { trackCycle } from './tracking.js';
import { assignee, settingOn, writeTicket, type Transition } from './transition.js';
import type { TicketRow } from './ticket-view.js';

/**
 * Accept: pending → open, assigned to the caller (an admin may name `userId`). The chatbot
 * stops. With `sendGreetingAccepted` enabled and a ticket that is not a group, the connection's
 * greeting message goes out (message variables filled in).
 */
export async function acceptTicket(s: Transition, input: { userId?: number | null }) {
  const userId = await assignee(s, input.userId);
  await attendanceStarted(s, await writeTicket(s, { status: 'open', userId, chatbot: false }));
}

/**
 * What follows a ticket's going open to someone (an accept, an automatic assignment): its cycle
 * started, and the connection's greeting when `sendGreetingAccepted` (not to groups).
 */
export async function attendanceStarted(uow: Uow, ticket: TicketRow): Promise<void> {
  await trackCycle(uow.tx, ticket, { startedAt: new Date() });
  if (!ticket.isGroup && settingOn(await readSettingOnce(uow.tx, 'sendGreetingAccepted'))) {
    const texts = await connectionTexts(uow.tx, ticket.whatsappId);
    await queueAutoMessage(uow, ticket, texts?.greetingMessage ?? '');
  }
}
