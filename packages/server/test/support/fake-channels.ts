import { PROVIDERS } from '@balcao/contracts';
import type { TestApp } from './app.js';
import { SessionRegistry, type ChannelFactory } from '../../src/channels/registry.js';
import { drainOutbox } from '../../src/modules/messages/outbox.js';
import type { Channel, OutboundMessage } from '../../src/channels/channel.js';

/** What the fake channels were asked to do, per connection id. */
export interface FakeChannels {
  started: number[];
  stopped: number[];
  loggedOut: number[];
  sent: Array<{ whatsappId: number; message: OutboundMessage }>;
  /** Resolves once `predicate` holds (polled), or fails after `ms`. */
  until(predicate: () => boolean, what: string, ms?: number): Promise<void>;
}

/**
 * Replaces the app's session registry by one whose channels, for every provider, are fakes
 * that record what they are asked and report nothing on their own: a connection's status stays
 * what the API recorded, nothing reaches WhatsApp, and sends succeed at once (ack 1). Tests of
 * the API then never depend on a real provider starting. The registry itself (leases, NOTIFY,
 * outbox drain) is the real one.
 */
export async function useFakeChannels(t: TestApp): Promise<FakeChannels> {
  const deps = t.running.deps;
  const log: FakeChannels = {
    started: [],
    stopped: [],
    loggedOut: [],
    sent: [],
    async until(predicate, what, ms = 5_000) {
      const deadline = Date.now() + ms;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
  let sequence = 0;
  const factory: ChannelFactory = (conn): Channel => ({
    async start() {
      log.started.push(conn.id);
    },
    async stop() {
      log.stopped.push(conn.id);
    },
    async logout() {
      log.loggedOut.push(conn.id);
    },
    async send(message) {
      log.sent.push({ whatsappId: conn.id, message });
      return { externalId: `fake-${conn.id}-${++sequence}` };
    },
    async markRead() {},
    async checkNumber(number) {
      return { exists: true, number };
    },
  });
  await deps.sessions.stop();
  deps.sessions = new SessionRegistry(
    deps,
    Object.fromEntries(PROVIDERS.map((p) => [p, factory])),
    t.running.eventsFor,
    drainOutbox,
  );
  await deps.sessions.start();
  return log;
}
