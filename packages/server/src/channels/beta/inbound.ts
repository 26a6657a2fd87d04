import type {
  BaileysEventMap,
  Contact,
  MessageUserReceiptUpdate,
  WACallEvent,
  WAMessage,
  WAMessageUpdate,
} from '@whiskeysockets/baileys';
import type { Logger } from 'pino';
import type { ChannelEvents, InboundMessage, PhoneBookContact } from '../channel.js';
import { ackOfReceipt, ackOfUpdate } from './map-ack.js';
import { callLidsToResolve, lidsToResolve, mapCall, mapMessage, type MapContext, type Mapped } from './map-message.js';
import { LidWaitingRoom } from './lid-waiting-room.js';
import { groupIdOf, lidOf, phoneOf } from './jid.js';
import type { BetaSocket } from './socket.js';

const OWN_SENDS_MAX = 2_000;
const RECENT_MAX = 500;
/** People kept for the phone book (an address book rarely holds more). */
const PHONE_BOOK_MAX = 50_000;
/** Storing a message is retried this many times (the database may be restarting) before it is logged as lost. */
const DELIVERY_ATTEMPTS = 6;

export interface InboundOptions {
  lidWait: { max: number; ttlMs: number };
  download(msg: WAMessage, sock: BetaSocket | undefined): Promise<Buffer>;
}

/**
 * What the socket reports, turned into the channel's events: messages (stored one after the
 * other, each awaited), updates, acks, contacts. The channel calls these one at a time.
 */
export class Inbound {
  /** Our number once connected (for reactions we make from the phone). */
  me?: string;
  private sock?: BetaSocket;
  private readonly lidToPn = new Map<string, string>();
  private readonly waiting: LidWaitingRoom<{ id: string; replay: () => Promise<void> }>;
  private readonly ownSends = new Set<string>();
  private readonly recent = new Map<string, WAMessage>();
  private readonly groupNames = new Map<string, string>();
  /** The address book as WhatsApp synced it to this session: number → saved or push name. */
  private readonly book = new Map<string, string | undefined>();

  constructor(
    private readonly events: ChannelEvents,
    private readonly log: Logger,
    private readonly opts: InboundOptions,
  ) {
    this.waiting = new LidWaitingRoom(opts.lidWait);
  }

  /** The socket that reports (kept after it closes: media of queued messages still downloads). */
  use(sock: BetaSocket): void {
    this.sock = sock;
  }

  /** An id this channel is about to send: its echo in `messages.upsert` is the outbox's, not an inbound message. */
  sending(id: string): void {
    this.ownSends.add(id);
    if (this.ownSends.size > OWN_SENDS_MAX) this.ownSends.delete(this.ownSends.values().next().value!);
  }

  sendFailed(id: string): void {
    this.ownSends.delete(id);
  }

  /** A recently seen message, by id (exact keys for read receipts and quotes). */
  seen(id: string): WAMessage | undefined {
    return this.recent.get(id);
  }

  async upsert({ messages }: BaileysEventMap['messages.upsert']): Promise<void> {
    // 'notify' (live) and 'append' (sent from our phone, or received while we were away) alike.
    for (const msg of messages) await this.message(msg);
  }

  async message(msg: WAMessage): Promise<void> {
    const id = msg.key.id;
    if (!id) return;
    if (msg.key.fromMe && this.ownSends.delete(id)) return;
    this.remember(msg);
    await this.resolve(lidsToResolve(msg.key));
    await this.learnGroup(msg.key.remoteJid);
    await this.apply(mapMessage(msg, this.context()), id, () => this.message(msg));
  }

  /**
   * An incoming call's log message; for a refused one (the "call" setting) the pipeline tells the
   * caller why once its log is stored — also when it waited for the caller's number.
   */
  async call(call: WACallEvent, outcome: 'received' | 'rejected'): Promise<void> {
    await this.resolve(callLidsToResolve(call));
    await this.apply(mapCall(call, this.context(), outcome), `call-${call.id}`, () => this.call(call, outcome));
  }

  async updates(updates: WAMessageUpdate[]): Promise<void> {
    for (const u of updates) {
      const ack = ackOfUpdate(u);
      if (ack) await this.events.ack(ack);
    }
  }

  async receipts(receipts: MessageUserReceiptUpdate[]): Promise<void> {
    for (const r of receipts) {
      const ack = ackOfReceipt(r);
      if (ack) await this.events.ack(ack);
    }
  }

  /** WhatsApp told us the number behind a LID: the messages waiting for it go in now. */
  async lidMapping({ lid, pn }: { lid: string; pn: string }): Promise<void> {
    const l = lidOf(lid);
    const number = phoneOf(pn);
    if (!l || !number) return;
    this.lidToPn.set(l, number);
    for (const waiting of this.waiting.take(l)) await waiting.replay();
  }

  /** The people this session has seen in WhatsApp's contact sync (no groups). */
  phoneBook(): PhoneBookContact[] {
    return [...this.book].map(([number, name]) => (name ? { number, name } : { number }));
  }

  async contacts(contacts: Partial<Contact>[]): Promise<void> {
    for (const c of contacts) {
      const number = phoneOf(c.phoneNumber) ?? phoneOf(c.id);
      const lid = lidOf(c.lid) ?? lidOf(c.id);
      if (number) this.rememberPerson(number, c.name || c.notify || c.verifiedName || undefined);
      if (number && lid) await this.lidMapping({ lid, pn: `${number}@s.whatsapp.net` });
      const profilePicUrl = c.imgUrl === null ? '' : c.imgUrl?.startsWith('http') ? c.imgUrl : undefined;
      if (number && (lid || profilePicUrl !== undefined)) {
        await this.events.contact({
          number,
          ...(lid ? { lid } : {}),
          ...(profilePicUrl !== undefined ? { profilePicUrl } : {}),
        });
      }
    }
  }

  /** The session ends: what still waits for a number is dropped (and logged). */
  stop(): void {
    this.report(this.waiting.clear(), 'session stopped');
  }

  private async apply(mapped: Mapped, id: string, replay: () => Promise<void>): Promise<void> {
    switch (mapped.kind) {
      case 'message':
        return this.deliver(mapped.message);
      case 'update':
        return this.events.update(mapped.update);
      case 'defer':
        this.log.info(
          { externalId: id, lid: mapped.lid },
          'beta: message from a LID without a known number waits for it',
        );
        this.report(this.waiting.add(mapped.lid, { id, replay }), 'no number for its LID in time');
        return;
      case 'ignore':
        this.log.debug({ externalId: id, reason: mapped.reason }, 'beta: message ignored');
    }
  }

  private async deliver(message: InboundMessage): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.events.message(message);
      } catch (err) {
        if (attempt >= DELIVERY_ATTEMPTS) {
          this.log.error({ err, externalId: message.externalId }, 'beta: inbound message could not be stored');
          return;
        }
        await new Promise((r) => setTimeout(r, Math.min(5_000, 250 * 2 ** attempt)));
      }
    }
  }

  private report(dropped: { id: string }[], reason: string): void {
    for (const d of dropped)
      this.log.warn({ externalId: d.id, reason }, 'beta: message from a LID dropped, never stored under the LID');
  }

  private context(): MapContext {
    return {
      pnForLid: (lid) => this.lidToPn.get(lid),
      groupName: (id) => this.groupNames.get(id) || undefined,
      ...(this.me ? { me: this.me } : {}),
      download: (msg) => this.opts.download(msg, this.sock),
    };
  }

  /** Asks the socket's LID store for numbers the message does not carry. */
  private async resolve(lids: string[]): Promise<void> {
    const store = this.sock?.signalRepository?.lidMapping;
    for (const lid of lids) {
      if (this.lidToPn.has(lid) || !store) continue;
      const number = phoneOf(await store.getPNForLID(lid).catch(() => null));
      if (number) this.lidToPn.set(lid, number);
    }
  }

  /** A group's subject, asked once per group and kept. */
  private async learnGroup(jid: string | null | undefined): Promise<void> {
    const id = groupIdOf(jid);
    if (!id || this.groupNames.has(id) || !this.sock?.groupMetadata) return;
    this.groupNames.set(id, '');
    const meta = await this.sock.groupMetadata(jid!).catch(() => undefined);
    if (meta?.subject) this.groupNames.set(id, meta.subject);
  }

  /** A later sync without a name keeps the name an earlier one gave. */
  private rememberPerson(number: string, name: string | undefined): void {
    if (!this.book.has(number) && this.book.size >= PHONE_BOOK_MAX) return;
    this.book.set(number, name ?? this.book.get(number));
  }

  private remember(msg: WAMessage): void {
    this.recent.delete(msg.key.id!);
    this.recent.set(msg.key.id!, msg);
    if (this.recent.size > RECENT_MAX) this.recent.delete(this.recent.keys().next().value!);
  }
}
