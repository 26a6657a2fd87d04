import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { SendError, type AckUpdate, type ChannelEvents, type StatusUpdate } from '../channel.js';
import { sandboxNumber } from '@balcao/contracts';
import { SandboxChannel, type SandboxStore, type SandboxTimings } from './sandbox-channel.js';

const TIMINGS: SandboxTimings = { qrIntervalMs: 20_000, maxQrCodes: 3, pairingMs: 600, deliveryMs: 300 };

function fakeStore(paired: string | null = null) {
  const state = { paired, customers: [] as string[], stored: new Set<string>(), undelivered: [] as string[] };
  const store: SandboxStore = {
    pairedNumber: async () => state.paired,
    pair: async (n) => void (state.paired = n),
    unpair: async () => void (state.paired = null),
    rememberCustomer: async (n) => void state.customers.push(n),
    customers: async () => state.customers.map((number) => ({ number, name: `Customer ${number}` })),
    isStored: async (id) => state.stored.has(id),
    undelivered: async () => state.undelivered,
  };
  return { store, state };
}

function recorder() {
  const statuses: StatusUpdate[] = [];
  const acks: AckUpdate[] = [];
  const events: ChannelEvents = {
    status: async (u) => void statuses.push(u),
    deliver: async () => ({ stored: 0, duplicates: 0, acks: 0, updates: 0, skipped: 0 }),
    message: async () => {},
    ack: async (u) => void acks.push(u),
    update: async () => {},
    contact: async () => {},
  };
  return { events, statuses, acks };
}

const log = pino({ level: 'silent' });

describe('sandbox channel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows a new QR code every 20 s and gives up after three unscanned ones', async () => {
    const { events, statuses } = recorder();
    const channel = new SandboxChannel(7, events, fakeStore().store, log, TIMINGS);
    await channel.start();
    expect(statuses).toHaveLength(1);
    expect(statuses[0]).toMatchObject({ status: 'qrcode', retries: 0 });
    expect(statuses[0]!.qrcode).toMatch(/^balcao-sandbox:7:[\w-]{16}$/);

    await vi.advanceTimersByTimeAsync(20_000);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(statuses.map((s) => [s.status, s.retries])).toEqual([
      ['qrcode', 0],
      ['qrcode', 1],
      ['qrcode', 2],
    ]);
    expect(new Set(statuses.map((s) => s.qrcode)).size).toBe(3);

    await vi.advanceTimersByTimeAsync(20_000);
    expect(statuses.at(-1)).toEqual({ status: 'DISCONNECTED', retries: 3 });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(statuses).toHaveLength(4);
  });

  it('a scan of the current QR pairs: PAIRING, then CONNECTED with the number, remembered for restarts', async () => {
    const { events, statuses } = recorder();
    const { store, state } = fakeStore();
    const channel = new SandboxChannel(7, events, store, log, TIMINGS);
    await channel.start();
    await vi.advanceTimersByTimeAsync(20_000);
    const stale = statuses[0]!.qrcode!;
    const current = statuses[1]!.qrcode!;

    await channel.onSignal({ type: 'scan', qrcode: stale });
    await channel.onSignal({ type: 'other', qrcode: current });
    expect(statuses).toHaveLength(2);

    await channel.onSignal({ type: 'scan', qrcode: current });
    expect(statuses.at(-1)).toEqual({ status: 'PAIRING' });
    await vi.advanceTimersByTimeAsync(TIMINGS.pairingMs);
    expect(statuses.at(-1)).toEqual({ status: 'CONNECTED', number: sandboxNumber(7) });
    // Country code 999 is assigned to no country: no customer has such a number.
    expect(sandboxNumber(7)).toBe('9990000000007');
    expect(state.paired).toBe('9990000000007');
    // The old QR timer no longer runs.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statuses.at(-1)!.status).toBe('CONNECTED');

    // A restart (boot, lease hand-over) reconnects without a QR and delivers what waited.
    const again = recorder();
    state.undelivered = ['sandbox-a', 'sandbox-b'];
    await new SandboxChannel(7, again.events, store, log, TIMINGS).start();
    expect(again.statuses).toEqual([{ status: 'CONNECTED', number: '9990000000007' }]);
    expect(again.acks).toEqual([
      { externalId: 'sandbox-a', ack: 2 },
      { externalId: 'sandbox-b', ack: 2 },
    ]);
  });

  it('a pairing kept from before the reserved range reconnects as the reserved number', async () => {
    const { events, statuses } = recorder();
    const { store, state } = fakeStore('5511999990007');
    await new SandboxChannel(7, events, store, log, TIMINGS).start();
    expect(statuses).toEqual([{ status: 'CONNECTED', number: '9990000000007' }]);
    expect(state.paired).toBe('9990000000007');
  });

  it('sends only when connected; the phone confirms delivery once the outbox recorded the id', async () => {
    const { events, acks } = recorder();
    const { store, state } = fakeStore('5511999990007');
    const channel = new SandboxChannel(7, events, store, log, TIMINGS);
    const message = { to: '5511988887777', isGroup: false, body: 'Olá' };

    await expect(
      new SandboxChannel(8, recorder().events, fakeStore().store, log, TIMINGS).send(message),
    ).rejects.toMatchObject({
      retry: true,
    });
    await channel.start();
    await expect(channel.send({ ...message, isGroup: true })).rejects.toBeInstanceOf(SendError);
    // Its own number, or another sandbox's, is no customer: refused for good, not remembered.
    await expect(channel.send({ ...message, to: sandboxNumber(7) })).rejects.toMatchObject({ retry: false });
    await expect(channel.send({ ...message, to: sandboxNumber(8) })).rejects.toMatchObject({ retry: false });
    expect(state.customers).toEqual([]);

    const { externalId } = await channel.send(message);
    expect(externalId).toMatch(/^sandbox-[0-9a-f-]{36}$/);
    expect(state.customers).toEqual(['5511988887777']);
    await vi.advanceTimersByTimeAsync(TIMINGS.deliveryMs * 3);
    expect(acks).toEqual([]); // not stored yet: waits
    state.stored.add(externalId);
    await vi.advanceTimersByTimeAsync(TIMINGS.deliveryMs);
    expect(acks).toEqual([{ externalId, ack: 2 }]);
  });

  it('takes a delete for everyone only when connected (retry later otherwise); no groups', async () => {
    const ref = { to: '5511988887777', isGroup: false, externalId: 'sandbox-1' };
    const down = new SandboxChannel(8, recorder().events, fakeStore().store, log, TIMINGS);
    await expect(down.deleteForEveryone(ref)).rejects.toMatchObject({ retry: true });
    const channel = new SandboxChannel(7, recorder().events, fakeStore('5511999990007').store, log, TIMINGS);
    await channel.start();
    await expect(channel.deleteForEveryone(ref)).resolves.toBeUndefined();
    await expect(channel.deleteForEveryone({ ...ref, isGroup: true })).rejects.toMatchObject({ retry: false });
  });

  it('logout forgets the pairing; stop ends every timer', async () => {
    const { events, statuses } = recorder();
    const { store, state } = fakeStore('5511999990007');
    const channel = new SandboxChannel(7, events, store, log, TIMINGS);
    await channel.start();
    await channel.send({ to: '5511988887777', isGroup: false, body: 'x' });
    await channel.logout();
    expect(state.paired).toBeNull();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statuses).toHaveLength(1);

    const fresh = recorder();
    const next = new SandboxChannel(7, fresh.events, store, log, TIMINGS);
    await next.start();
    expect(fresh.statuses[0]!.status).toBe('qrcode');
    await next.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fresh.statuses).toHaveLength(1);
  });

  it('lists its simulated customers as the phone book, only once connected', async () => {
    const { events } = recorder();
    const { store, state } = fakeStore();
    state.customers.push('5511988887777');
    const idle = new SandboxChannel(7, events, store, log, TIMINGS);
    await idle.start();
    await expect(idle.listContacts()).rejects.toBeInstanceOf(SendError);
    await idle.stop();

    state.paired = sandboxNumber(7);
    const channel = new SandboxChannel(7, events, store, log, TIMINGS);
    await channel.start();
    expect(await channel.listContacts()).toEqual([{ number: '5511988887777', name: 'Customer 5511988887777' }]);
    await channel.stop();
  });

  it('checks numbers by their digits', async () => {
    const channel = new SandboxChannel(7, recorder().events, fakeStore().store, log, TIMINGS);
    expect(await channel.checkNumber('+55 (11) 98888-7777')).toEqual({ exists: true, number: '5511988887777' });
    expect(await channel.checkNumber('123')).toEqual({ exists: false, number: '123' });
  });
});
