import {
  generateMessageIDV2,
  type BaileysEventMap,
  type ConnectionState,
  type WACallEvent,
  type WAMessage,
} from '@whiskeysockets/baileys';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { Deps } from '../../platform/context.js';
import {
  SendError,
  type Channel,
  type ChannelEvents,
  type OutboundMessage,
  type PhoneBookContact,
  type SentMessageRef,
  type StatusUpdate,
} from '../channel.js';
import type { ChannelFactory, Whatsapp } from '../channel.js';
import { clearAuthState, loadAuthState, type AuthRef, type DbAuthState } from './auth-state.js';
import { backoffDelay, closeCode, decideOnClose, type Backoff } from './close-policy.js';
import { Inbound } from './inbound.js';
import { chatJid, phoneOf, toJid } from './jid.js';
import { outboundContent } from './outbound.js';
import { downloadWithBaileys, makeBaileysSocket, type BetaSocket, type SocketMaker } from './socket.js';
import { storedContent } from './stored-content.js';
import { callsAccepted } from './calls.js';

export interface BetaOptions {
  makeSocket: SocketMaker;
  downloadMedia(msg: WAMessage, sock: BetaSocket | undefined, log: Logger): Promise<Buffer>;
  /** QR codes shown before giving up (the next one means the last went unscanned). */
  maxQrCodes: number;
  backoff: Backoff;
  /** Messages from LIDs waiting for their phone number: how many, how long. */
  lidWait: { max: number; ttlMs: number };
}

const DEFAULTS: BetaOptions = {
  makeSocket: makeBaileysSocket,
  downloadMedia: downloadWithBaileys,
  maxQrCodes: 3,
  backoff: { initialMs: 1_000, maxMs: 30_000 },
  lidWait: { max: 1_000, ttlMs: 15 * 60_000 },
};

/** The `beta` provider: WhatsApp Web multi-device through Baileys. */
export function createBetaChannel(options: Partial<BetaOptions> = {}): ChannelFactory {
  const opts = { ...DEFAULTS, ...options };
  return (conn, events, deps) => new BetaChannel(conn, events, deps, opts);
}

export const betaChannel: ChannelFactory = createBetaChannel();

/**
 * One connection's WhatsApp Web session. Status machine: OPENING → qrcode (each QR, `retries`
 * counting) → PAIRING (scanned, or a pairing code asked for) → CONNECTED; what a close leads to
 * is decided in close-policy.ts. Everything the socket reports runs one event at a time, in order.
 */
export class BetaChannel implements Channel {
  private sock?: BetaSocket;
  /** Bumped whenever the current socket is replaced or ended: events of an old one are ignored. */
  private gen = 0;
  private open = false;
  private stopped = true;
  private auth?: DbAuthState;
  private qrCount = 0;
  private pairingByCode = false;
  private attempt = 0;
  private lastStatus?: StatusUpdate['status'];
  private reconnectTimer?: NodeJS.Timeout;
  private queue: Promise<void> = Promise.resolve();
  private credsWrites: Promise<void> = Promise.resolve();
  private readonly ref: AuthRef;
  private readonly log: Logger;
  private readonly baileysLog: Logger;
  private readonly inbound: Inbound;

  constructor(
    conn: Whatsapp,
    private readonly events: ChannelEvents,
    private readonly deps: Deps,
    private readonly opts: BetaOptions,
  ) {
    this.ref = { id: conn.id, companyId: conn.companyId };
    this.log = deps.log.child({ whatsappId: conn.id, provider: 'beta' });
    // Baileys is chatty: its info and debug lines only when our own level asks for trace.
    this.baileysLog = this.log.child(
      { module: 'baileys' },
      { level: this.log.levelVal >= 40 || this.log.level === 'trace' ? this.log.level : 'warn' },
    );
    this.inbound = new Inbound(events, this.log, {
      lidWait: opts.lidWait,
      download: (msg, sock) => opts.downloadMedia(msg, sock, this.baileysLog),
    });
  }

  async start(): Promise<void> {
    this.stopped = false;
    this.qrCount = 0;
    this.attempt = 0;
    this.pairingByCode = false;
    await this.setStatus({ status: 'OPENING' });
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    await this.endSocket();
    await this.queue;
    await this.credsWrites;
    this.inbound.stop();
  }

  async logout(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    const sock = this.retire();
    if (sock) {
      await withTimeout(sock.logout(), 10_000).catch((err: unknown) =>
        this.log.warn({ err }, 'beta: logout request failed'),
      );
      await Promise.resolve(sock.end(undefined)).catch(() => {});
    }
    await this.queue;
    await this.credsWrites;
    await clearAuthState(this.deps, this.ref);
    this.inbound.stop();
    await this.setStatus({ status: 'DISCONNECTED' });
  }

  async send(msg: OutboundMessage): Promise<{ externalId: string }> {
    const sock = this.sock;
    if (!sock || !this.open) throw new SendError('WhatsApp is not connected', true);
    const jid = toJid(msg.to, msg.isGroup);
    const quoted = msg.quoted ? await this.quotedMessage(jid, msg.quoted) : undefined;
    const messageId = msg.ref ? fixedMessageId(msg.ref) : generateMessageIDV2(sock.user?.id);
    this.inbound.sending(messageId);
    try {
      const sent = await sock.sendMessage(jid, outboundContent(msg), { messageId, ...(quoted ? { quoted } : {}) });
      return { externalId: sent?.key.id ?? messageId };
    } catch (err) {
      this.inbound.sendFailed(messageId);
      throw sendError(err);
    }
  }

  /** WhatsApp's "delete for everyone": a revoke naming our message's key in its chat. */
  async deleteForEveryone(ref: SentMessageRef): Promise<void> {
    const sock = this.sock;
    if (!sock || !this.open) throw new SendError('WhatsApp is not connected', true);
    // The chat's jid as the send used it, so the key names the message WhatsApp holds.
    const remoteJid = toJid(ref.to, ref.isGroup);
    const messageId = generateMessageIDV2(sock.user?.id);
    // The revoke's own echo is ours, not an inbound message.
    this.inbound.sending(messageId);
    try {
      await sock.sendMessage(remoteJid, { delete: { remoteJid, fromMe: true, id: ref.externalId } }, { messageId });
    } catch (err) {
      this.inbound.sendFailed(messageId);
      throw sendError(err);
    }
  }

  async markRead(chatId: string, externalIds: string[]): Promise<void> {
    const sock = this.sock;
    if (!sock || !this.open) throw new SendError('WhatsApp is not connected', true);
    const remoteJid = chatJid(chatId);
    const keys = externalIds.map((id) => this.inbound.seen(id)?.key ?? { remoteJid, id, fromMe: false });
    if (keys.length) await sock.readMessages(keys);
  }

  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    const digits = number.replace(/\D/g, '');
    const sock = this.sock;
    if (!sock || !this.open) throw new SendError('WhatsApp is not connected', true);
    if (!digits) return { exists: false, number: digits };
    const [found] = (await sock.onWhatsApp(digits)) ?? [];
    return found?.exists ? { exists: true, number: phoneOf(found.jid) ?? digits } : { exists: false, number: digits };
  }

  async onWhatsApp(number: string): Promise<boolean> {
    return (await this.checkNumber(number)).exists;
  }

  /**
   * The contacts WhatsApp synced to this session since it started (Baileys keeps no store of its
   * own): a session restarted a moment ago may know few of them yet.
   */
  async listContacts(): Promise<PhoneBookContact[]> {
    if (!this.sock || !this.open) throw new SendError('WhatsApp is not connected', true);
    return this.inbound.phoneBook();
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    const sock = this.sock;
    if (!sock || this.open) throw new Error(this.open ? 'already connected' : 'the session is not started');
    this.pairingByCode = true;
    try {
      const code = await sock.requestPairingCode(phoneNumber.replace(/\D/g, ''));
      await this.enqueue(() => this.setStatus({ status: 'PAIRING' }));
      return code;
    } catch (err) {
      this.pairingByCode = false;
      throw err;
    }
  }

  // — the socket's life —

  private async connect(): Promise<void> {
    if (this.stopped) return;
    await this.credsWrites;
    let auth: DbAuthState;
    let sock: BetaSocket;
    try {
      auth = await loadAuthState(this.deps, this.ref);
      if (this.stopped) return;
      sock = this.opts.makeSocket({
        auth: auth.state,
        logger: this.baileysLog,
        getMessage: (key) => storedContent(this.deps, this.ref, key.id),
      });
    } catch (err) {
      this.log.error({ err }, 'beta: could not open a socket');
      this.attempt++;
      await this.enqueue(() => this.setStatus({ status: 'OPENING' }));
      this.schedule(backoffDelay(this.attempt, this.opts.backoff));
      return;
    }
    const gen = ++this.gen;
    this.auth = auth;
    this.sock = sock;
    this.open = false;
    this.inbound.use(sock);
    this.listen(sock, gen, auth);
  }

  private listen(sock: BetaSocket, gen: number, auth: DbAuthState): void {
    const on = <E extends keyof BaileysEventMap>(event: E, fn: (arg: BaileysEventMap[E]) => Promise<void>) =>
      sock.ev.on(event, (arg) => void this.enqueue(() => fn(arg)));
    // Connection events of a replaced or ended socket are stale; its messages are not.
    on('connection.update', (u) => (gen === this.gen ? this.onConnection(u, sock) : Promise.resolve()));
    sock.ev.on('creds.update', () => {
      if (gen !== this.gen) return;
      this.credsWrites = this.credsWrites
        .then(() => auth.saveCreds())
        .catch((err: unknown) => this.log.error({ err }, 'beta: creds not saved'));
    });
    on('messages.upsert', (u) => this.inbound.upsert(u));
    on('messages.update', (u) => this.inbound.updates(u));
    on('message-receipt.update', (u) => this.inbound.receipts(u));
    on('call', (u) => this.onCalls(u, sock));
    on('lid-mapping.update', (u) => this.inbound.lidMapping(u));
    on('contacts.upsert', (u) => this.inbound.contacts(u));
    on('contacts.update', (u) => this.inbound.contacts(u));
  }

  private async onConnection(u: Partial<ConnectionState>, sock: BetaSocket): Promise<void> {
    if (u.qr) await this.onQr(u.qr);
    if (u.isNewLogin) await this.setStatus({ status: 'PAIRING' });
    if (u.connection === 'open') {
      this.open = true;
      this.attempt = 0;
      this.qrCount = 0;
      this.pairingByCode = false;
      const number = phoneOf(sock.user?.id);
      if (number) this.inbound.me = number;
      await this.setStatus({ status: 'CONNECTED', ...(number ? { number } : {}) });
    } else if (u.connection === 'close') {
      await this.onClose(closeCode(u.lastDisconnect?.error));
    }
  }

  /**
   * Incoming calls. When the company takes none (the "call" setting, disabled by default) a
   * ringing call is refused on the spot (the pipeline then tells the caller so in a message);
   * either way the call is logged on the ticket.
   */
  private async onCalls(calls: WACallEvent[], sock: BetaSocket): Promise<void> {
    for (const call of calls) {
      const refuse = call.status === 'offer' && !(await callsAccepted(this.deps, this.ref.companyId));
      if (refuse) {
        await sock
          .rejectCall(call.id, call.from)
          .catch((err: unknown) => this.log.warn({ err }, 'beta: call not refused'));
      }
      await this.inbound.call(call, refuse ? 'rejected' : 'received');
    }
  }

  private async onQr(qrcode: string): Promise<void> {
    if (this.pairingByCode) return; // the person types a code on the phone: QR codes are not shown
    this.qrCount++;
    if (this.qrCount > this.opts.maxQrCodes)
      return this.disconnect(`${this.opts.maxQrCodes} QR codes not scanned`, true);
    await this.setStatus({ status: 'qrcode', qrcode, retries: this.qrCount });
  }

  private async onClose(code: number | undefined): Promise<void> {
    this.open = false;
    this.retire();
    const paired = Boolean(this.auth?.state.creds.account);
    const pairing = this.pairingByCode || this.lastStatus === 'qrcode' || this.lastStatus === 'PAIRING';
    const decision = decideOnClose(code, { paired, pairing, attempt: this.attempt + 1 }, this.opts.backoff);
    this.log.info({ code, decision }, 'beta: connection closed');
    if (decision.action === 'disconnect') return this.disconnect(decision.reason, decision.clearAuth);
    if (decision.delayMs > 0) this.attempt++;
    await this.setStatus({ status: decision.status });
    this.schedule(decision.delayMs);
  }

  /** Gives up: no socket, no retry, DISCONNECTED (and the pairing forgotten when it is worthless). */
  private async disconnect(reason: string, clearAuth: boolean): Promise<void> {
    this.log.info({ reason }, 'beta: disconnected');
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    await this.endSocket();
    if (clearAuth) {
      await this.credsWrites;
      await clearAuthState(this.deps, this.ref);
    }
    await this.setStatus({ status: 'DISCONNECTED' });
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.reconnectTimer);
    if (this.stopped) return;
    this.reconnectTimer = setTimeout(() => {
      this.connect().catch((err: unknown) => this.log.error({ err }, 'beta: reconnect failed'));
    }, delayMs);
  }

  /** Forgets the current socket (its later connection events are ignored) and hands it back. */
  private retire(): BetaSocket | undefined {
    const sock = this.sock;
    this.sock = undefined;
    this.open = false;
    this.gen++;
    return sock;
  }

  private async endSocket(): Promise<void> {
    const sock = this.retire();
    if (sock) await Promise.resolve(sock.end(undefined)).catch(() => {});
  }

  private async quotedMessage(jid: string, q: NonNullable<OutboundMessage['quoted']>): Promise<WAMessage> {
    const seen = this.inbound.seen(q.externalId);
    if (seen?.message) return seen;
    const content = await storedContent(this.deps, this.ref, q.externalId);
    const participant = q.participant ? toJid(q.participant, false) : undefined;
    return {
      key: { remoteJid: jid, id: q.externalId, fromMe: q.fromMe, ...(participant ? { participant } : {}) },
      message: content ?? { conversation: '' },
    };
  }

  private async setStatus(update: StatusUpdate): Promise<void> {
    this.lastStatus = update.status;
    await this.events
      .status(update)
      .catch((err: unknown) => this.log.error({ err, update }, 'beta: status not recorded'));
  }

  /** Runs after everything reported before it; a failure is logged and does not stop the line. */
  private enqueue(fn: () => Promise<void>): Promise<void> {
    const run = this.queue.then(fn).catch((err: unknown) => this.log.error({ err }, 'beta: event handling failed'));
    this.queue = run;
    return run;
  }
}

/** A failed socket send: refused for good on a 4xx close code, else worth retrying (connection trouble). */
function sendError(err: unknown): SendError {
  const code = closeCode(err);
  const refused = code !== undefined && code >= 400 && code < 500 && ![408, 428, 429, 440].includes(code);
  return new SendError(err instanceof Error ? err.message : String(err), !refused);
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The WhatsApp message id of a stored message (`OutboundMessage.ref`), shaped like WhatsApp Web's
 * own (3EB0 + hex). Fixed before the send, so a send repeated after a crash cut the first one short
 * is the same message: WhatsApp keeps one message per id in a chat, as with its own resends.
 */
export function fixedMessageId(ref: string): string {
  return `3EB0${createHash('sha256').update(ref).digest('hex').slice(0, 18).toUpperCase()}`;
}
