import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { isSandboxNumber, sandboxNumber } from '@balcao/contracts';
import {
  SendError,
  type Channel,
  type ChannelEvents,
  type OutboundMessage,
  type PhoneBookContact,
  type SentMessageRef,
} from '../channel.js';

/**
 * The sandbox provider: a simulated phone built into the product. It behaves like a real
 * session as the connections page sees it — QR codes that expire (three, then DISCONNECTED),
 * PAIRING then CONNECTED once the simulator "scans" the current code, acknowledgements after a
 * send — without talking to WhatsApp. The simulated customers' side lives in PostgreSQL
 * (`SandboxStore`) and is served by the simulator API from any process.
 */

export interface SandboxTimings {
  /** A QR code is replaced after this long unscanned (WhatsApp's are ~20 s). */
  qrIntervalMs: number;
  /** After this many unscanned QR codes the session gives up: DISCONNECTED. */
  maxQrCodes: number;
  /** Between the scan (PAIRING) and CONNECTED. */
  pairingMs: number;
  /** Between a send and the phone's "delivered" (ack 2). */
  deliveryMs: number;
}

export const SANDBOX_TIMINGS: SandboxTimings = { qrIntervalMs: 20_000, maxQrCodes: 3, pairingMs: 600, deliveryMs: 300 };

/** How long a delivery waits for the outbox to record the message's external id. */
const DELIVERY_ATTEMPTS = 40;

/** What the channel keeps about the simulated phones (PostgreSQL in the product). */
export interface SandboxStore {
  /** The paired device's number, when the connection was paired and not logged out. */
  pairedNumber(): Promise<string | null>;
  pair(number: string): Promise<void>;
  unpair(): Promise<void>;
  /** A number the business wrote to becomes one of the simulator's customers. */
  rememberCustomer(number: string): Promise<void>;
  /** The simulated customers of this connection: the phone's address book. */
  customers(): Promise<PhoneBookContact[]>;
  /** True once an outbound message with this external id is stored (the outbox recorded it). */
  isStored(externalId: string): Promise<boolean>;
  /** External ids of sent (ack 1) messages the phone has not confirmed yet. */
  undelivered(): Promise<string[]>;
}

export interface ScanSignal {
  type: 'scan';
  qrcode: string;
}

export const isScanSignal = (p: unknown): p is ScanSignal =>
  typeof p === 'object' &&
  p !== null &&
  (p as ScanSignal).type === 'scan' &&
  typeof (p as ScanSignal).qrcode === 'string';

export const sandboxQr = (whatsappId: number) =>
  `balcao-sandbox:${whatsappId}:${randomBytes(12).toString('base64url')}`;

type State = 'idle' | 'qrcode' | 'pairing' | 'connected' | 'disconnected' | 'stopped';

export class SandboxChannel implements Channel {
  private state: State = 'idle';
  private qrcode = '';
  private qrCount = 0;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly whatsappId: number,
    private readonly events: ChannelEvents,
    private readonly store: SandboxStore,
    private readonly log: Logger,
    private readonly timings: SandboxTimings = SANDBOX_TIMINGS,
  ) {}

  get currentState(): State {
    return this.state;
  }

  async start(): Promise<void> {
    this.state = 'idle';
    this.qrCount = 0;
    const paired = await this.store.pairedNumber();
    if (this.isStopped()) return;
    if (!paired) return this.nextQr();
    // The number follows the id: a pairing stored before the reserved range takes the new one.
    const number = sandboxNumber(this.whatsappId);
    if (paired !== number) await this.store.pair(number);
    if (!this.isStopped()) await this.connected(number);
  }

  async stop(): Promise<void> {
    this.state = 'stopped';
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  async logout(): Promise<void> {
    await this.stop();
    await this.store.unpair();
  }

  async onSignal(payload: unknown): Promise<void> {
    if (!isScanSignal(payload) || this.state !== 'qrcode' || payload.qrcode !== this.qrcode) return;
    this.clearTimers();
    this.state = 'pairing';
    this.qrcode = '';
    await this.events.status({ status: 'PAIRING' });
    this.later(this.timings.pairingMs, async () => {
      const number = sandboxNumber(this.whatsappId);
      await this.store.pair(number);
      if (!this.isStopped()) await this.connected(number);
    });
  }

  async send(message: OutboundMessage): Promise<{ externalId: string }> {
    if (this.state !== 'connected') throw new SendError('sandbox session is not connected', true);
    if (message.isGroup) throw new SendError('the sandbox has no groups', false);
    if (isSandboxNumber(message.to)) throw new SendError('a sandbox phone is no customer', false);
    // The phone is the stored messages: a repeat of a send cut short is the same message under the same id.
    const externalId = `sandbox-${message.ref ? uuidOf(message.ref) : randomUUID()}`;
    await this.store.rememberCustomer(message.to);
    this.deliver(externalId, 0);
    return { externalId };
  }

  /**
   * The phone receives the revoke. Like everything the phone shows, the result lives in the
   * stored messages: once the outbox records this delete done, the conversation shows the
   * message deleted (simulator.ts).
   */
  async deleteForEveryone(message: SentMessageRef): Promise<void> {
    if (this.state !== 'connected') throw new SendError('sandbox session is not connected', true);
    if (message.isGroup) throw new SendError('the sandbox has no groups', false);
  }

  /** The business reading a customer's messages: already recorded as `read` on them. */
  async markRead(): Promise<void> {}

  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    const digits = number.replace(/\D/g, '');
    return { exists: /^\d{8,15}$/.test(digits), number: digits };
  }

  /** The simulated phone's address book is its customers. */
  async listContacts(): Promise<PhoneBookContact[]> {
    if (this.state !== 'connected') throw new SendError('sandbox session is not connected', true);
    return this.store.customers();
  }

  private isStopped() {
    return this.state === 'stopped';
  }

  private async nextQr(): Promise<void> {
    if (this.qrCount >= this.timings.maxQrCodes) {
      this.state = 'disconnected';
      this.qrcode = '';
      await this.events.status({ status: 'DISCONNECTED', retries: this.qrCount });
      return;
    }
    this.state = 'qrcode';
    this.qrcode = sandboxQr(this.whatsappId);
    const retries = this.qrCount++;
    await this.events.status({ status: 'qrcode', qrcode: this.qrcode, retries });
    this.later(this.timings.qrIntervalMs, () => this.nextQr());
  }

  private async connected(number: string): Promise<void> {
    this.state = 'connected';
    await this.events.status({ status: 'CONNECTED', number });
    // Messages sent before a restart or a lease hand-over reach the phone now.
    for (const externalId of await this.store.undelivered()) {
      if (this.state !== 'connected') return;
      await this.events.ack({ externalId, ack: 2 });
    }
  }

  /** "Delivered" shortly after a send, once the outbox has recorded the message's external id. */
  private deliver(externalId: string, attempt: number): void {
    this.later(this.timings.deliveryMs, async () => {
      if (await this.store.isStored(externalId)) {
        await this.events.ack({ externalId, ack: 2 });
      } else if (attempt < DELIVERY_ATTEMPTS) {
        this.deliver(externalId, attempt + 1);
      }
    });
  }

  private later(ms: number, fn: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.isStopped()) return;
      fn().catch((err: unknown) => this.log.warn({ err, whatsappId: this.whatsappId }, 'sandbox step failed'));
    }, ms);
    this.timers.add(timer);
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}

/** A UUID-shaped digest of a message's reference (the sandbox's external ids look alike either way). */
function uuidOf(ref: string): string {
  const hex = createHash('sha256').update(ref).digest('hex');
  return [hex.slice(0, 8), hex.slice(8, 12), hex.slice(12, 16), hex.slice(16, 20), hex.slice(20, 32)].join('-');
}
