import { writeTicket, type Transition } from './transition.js';

/** Return: open → pending, back to the queue with no user. */
export async function returnTicket(s: Transition) {
  await writeTicket(s, { status: 'pending', userId: null });
}
