import { readSetting } from '../settings/read-setting.js';
import { connectionTexts, queueAutoMessage } from './auto-messages.js';
import { trackCycle } from './tracking.js';
import { assignee, settingOn, writeTicket, type Transition } from './transition.js';

/**
 * Accept: pending → open, assigned to the caller (an admin may name `userId`). The chatbot
 * stops. With `sendGreetingAccepted` enabled and a ticket that is not a group, the connection's
 * greeting message goes out (message variables filled in).
 */
export async function acceptTicket(s: Transition, input: { userId?: number | null }) {
  const userId = await assignee(s, input.userId);
  const ticket = await writeTicket(s, { status: 'open', userId, chatbot: false });
  await trackCycle(s.tx, ticket, { startedAt: new Date() });
  if (!ticket.isGroup && settingOn(await readSetting(s.tx, 'sendGreetingAccepted'))) {
    const texts = await connectionTexts(s.tx, ticket.whatsappId);
    await queueAutoMessage(s, ticket, texts?.greetingMessage ?? '');
  }
}
