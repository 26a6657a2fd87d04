import { and, eq, isNotNull, like, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { channelKeys, messages, sandboxCustomers } from '../../db/schema/index.js';
import type { ChannelFactory } from '../channel.js';
import { SandboxChannel, type SandboxStore } from './sandbox-channel.js';

/** The paired "device" is kept like a real session's auth state: one key of the connection. */
const DEVICE_KEY = 'sandbox:device';

export function sandboxStore(deps: Deps, ref: { id: number; companyId: number }): SandboxStore {
  const tenant = <T>(fn: (tx: Tx) => Promise<T>) => runTenant(deps, ref.companyId, fn);
  const key = and(eq(channelKeys.whatsappId, ref.id), eq(channelKeys.key, DEVICE_KEY));
  return {
    pairedNumber: () =>
      tenant(async (tx) => {
        const [row] = await tx.select({ value: channelKeys.value }).from(channelKeys).where(key);
        const number = (row?.value as { number?: unknown } | undefined)?.number;
        return typeof number === 'string' ? number : null;
      }),
    pair: (number) =>
      tenant(async (tx) => {
        const value = { number, pairedAt: new Date().toISOString() };
        await tx
          .insert(channelKeys)
          .values({ companyId: ref.companyId, whatsappId: ref.id, key: DEVICE_KEY, value })
          .onConflictDoUpdate({
            target: [channelKeys.whatsappId, channelKeys.key],
            set: { value, updatedAt: sql`now()` },
          });
      }),
    unpair: () =>
      tenant(async (tx) => {
        await tx.delete(channelKeys).where(key);
      }),
    rememberCustomer: (number) =>
      tenant(async (tx) => {
        await tx
          .insert(sandboxCustomers)
          .values({ companyId: ref.companyId, whatsappId: ref.id, number, name: number })
          .onConflictDoUpdate({
            target: [sandboxCustomers.whatsappId, sandboxCustomers.number],
            set: { updatedAt: sql`now()` },
          });
      }),
    customers: () =>
      tenant((tx) =>
        tx
          .select({ number: sandboxCustomers.number, name: sandboxCustomers.name })
          .from(sandboxCustomers)
          .where(eq(sandboxCustomers.whatsappId, ref.id))
          .orderBy(sandboxCustomers.number),
      ),
    isStored: (externalId) =>
      tenant(async (tx) => {
        const [row] = await tx
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.whatsappId, ref.id), eq(messages.externalId, externalId)));
        return Boolean(row);
      }),
    undelivered: () =>
      tenant(async (tx) => {
        const rows = await tx
          .select({ externalId: messages.externalId })
          .from(messages)
          .where(
            and(
              eq(messages.whatsappId, ref.id),
              eq(messages.fromMe, true),
              eq(messages.ack, 1),
              isNotNull(messages.externalId),
              like(messages.externalId, 'sandbox-%'),
            ),
          )
          .orderBy(messages.id);
        return rows.map((r) => r.externalId!);
      }),
  };
}

/** `CHANNEL_FACTORIES.sandbox`. */
export const sandboxChannel: ChannelFactory = (conn, events, deps) =>
  new SandboxChannel(conn.id, events, sandboxStore(deps, conn), deps.log);
