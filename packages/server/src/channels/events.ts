import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { runTenant } from '../platform/context.js';
import { contactView, publishContact } from '../modules/contacts/contact-view.js';
import { contacts, settings, whatsapps } from '../db/schema/index.js';
import { receiveMessage } from '../inbox/receive-message.js';
import { applyAck, applyUpdate } from '../inbox/apply-ack.js';
import type { ChannelEvents } from './channel.js';
import type { Whatsapp } from './channel.js';

/** Where a live channel's reports go: the connection row, the inbox pipeline, and the sockets. */
export function channelEvents(deps: Deps, conn: Whatsapp, onConnected: () => void): ChannelEvents {
  const ref = { id: conn.id, companyId: conn.companyId };
  return {
    async status(update) {
      await runTenant(deps, conn.companyId, async (tx, events) => {
        const [row] = await tx
          .update(whatsapps)
          .set({
            status: update.status,
            qrcode: update.qrcode ?? '',
            retries: update.retries ?? 0,
            ...(update.number ? { number: update.number } : {}),
            // A session that gave up (QR codes unscanned, logged out) stays down until someone
            // asks again: it is not restarted on the next boot.
            ...(update.status === 'DISCONNECTED' ? { sessionWanted: false } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(whatsapps.id, conn.id))
          .returning({
            id: whatsapps.id,
            name: whatsapps.name,
            status: whatsapps.status,
            qrcode: whatsapps.qrcode,
            retries: whatsapps.retries,
            number: whatsapps.number,
            updatedAt: whatsapps.updatedAt,
          });
        if (row) {
          events.push({
            companyId: conn.companyId,
            topic: 'whatsappSession',
            payload: { action: 'update', session: row },
            audience: { to: 'admins' },
          });
        }
      });
      if (update.status === 'CONNECTED') onConnected();
    },
    async message(message) {
      // Read only for a group's message: most are not, and a transaction per message counts.
      const ignoreGroups =
        message.isGroup &&
        (await runTenant(deps, conn.companyId, async (tx) => {
          const [row] = await tx
            .select({ value: settings.value })
            .from(settings)
            .where(eq(settings.key, 'CheckMsgIsGroup'));
          return row?.value === 'enabled';
        }));
      await receiveMessage(deps, ref, message, { ignoreGroups });
    },
    async ack(update) {
      await applyAck(deps, ref, update);
    },
    async update(update) {
      await applyUpdate(deps, ref, update);
    },
    async contact(update) {
      await runTenant(deps, conn.companyId, async (tx, events) => {
        const [row] = await tx
          .update(contacts)
          .set({
            ...(update.profilePicUrl !== undefined ? { profilePicUrl: update.profilePicUrl } : {}),
            ...(update.lid ? { lid: update.lid } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(contacts.number, update.number))
          .returning();
        // As the API shows it: the device id (lid) stays inside.
        if (row) publishContact(events, conn.companyId, contactView(row));
      });
    },
  };
}
