import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { whatsapps } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';

/** Meta's customer service window: free text only within 24 hours of the customer's last message. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Free text on a Cloud API ticket whose window is closed is refused (409 ERR_WINDOW_CLOSED):
 * Meta would refuse it (131047) after the attendant typed it. Other providers have no window. The
 * connection is read only when the ticket's own time does not already say the window is open.
 */
export async function assertWindowOpen(
  tx: Tx,
  ticket: { whatsappId: number | null; customerWroteAt: Date | null },
  now = Date.now(),
): Promise<void> {
  if (ticket.whatsappId === null) return;
  if (ticket.customerWroteAt && ticket.customerWroteAt.getTime() + WINDOW_MS > now) return;
  const [conn] = await tx
    .select({ provider: whatsapps.provider })
    .from(whatsapps)
    .where(eq(whatsapps.id, ticket.whatsappId));
  if (conn?.provider !== 'cloud') return;
  throw new AppError('ERR_WINDOW_CLOSED', "The customer's 24-hour window is closed: send a template");
}
