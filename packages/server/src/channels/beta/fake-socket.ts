import { EventEmitter } from 'node:events';
import type {
  AnyMessageContent,
  BaileysEventMap,
  MiscMessageGenerationOptions,
  WAMessage,
  WAMessageKey,
} from '@whiskeysockets/baileys';
import type { BetaSocket, SocketOptions } from './socket.js';

/** A close as Baileys reports it: a Boom whose `output.statusCode` says why. */
export function closeError(statusCode: number): Error {
  return Object.assign(new Error(`connection closed (${statusCode})`), { output: { statusCode } });
}

/**
 * Test double of a Baileys socket (tests only): the test plays WhatsApp's side through the
 * helpers (`showQr`, `pair`, `openAs`, `close`, `receive`), the channel uses the socket methods.
 * Nothing here touches the network.
 */
export class FakeSocket implements BetaSocket {
  private readonly emitter = new EventEmitter();
  readonly ev = {
    on: <E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void) => {
      this.emitter.on(event, listener);
    },
    off: <E extends keyof BaileysEventMap>(event: E, listener: (arg: BaileysEventMap[E]) => void) => {
      this.emitter.off(event, listener);
    },
  };
  user?: { id: string; lid?: string };
  readonly sent: { jid: string; content: AnyMessageContent; options?: MiscMessageGenerationOptions }[] = [];
  readonly reads: WAMessageKey[][] = [];
  readonly pairingRequests: string[] = [];
  readonly rejectedCalls: { callId: string; from: string }[] = [];
  /** Numbers WhatsApp knows: digits → the jid it answers with. */
  readonly onWhatsAppNumbers = new Map<string, string>();
  /** The LID → phone jid store of Baileys v7. */
  readonly lids = new Map<string, string>();
  readonly signalRepository = { lidMapping: { getPNForLID: async (lid: string) => this.lids.get(lid) ?? null } };
  ended = false;
  loggedOut = false;
  private isOpen = false;

  constructor(readonly opts: SocketOptions) {}

  emit<E extends keyof BaileysEventMap>(event: E, arg: BaileysEventMap[E]): void {
    this.emitter.emit(event, arg);
  }

  // — WhatsApp's side —

  showQr(qr: string): void {
    this.emit('connection.update', { qr });
  }

  /** What a successful scan does: Baileys fills the creds, saves them, announces a new login. */
  pair(meId: string): void {
    const update = { me: { id: meId, name: 'Loja' }, account: { details: Buffer.from('signed-device-identity') } };
    Object.assign(this.opts.auth.creds, update);
    this.emit('creds.update', update);
    this.emit('connection.update', { isNewLogin: true, qr: undefined });
  }

  openAs(meId: string): void {
    this.user = { id: meId };
    this.isOpen = true;
    this.emit('connection.update', { connection: 'open' });
  }

  /** WhatsApp closes the connection with this status code. */
  close(statusCode: number): void {
    this.isOpen = false;
    this.ended = true;
    this.emit('connection.update', {
      connection: 'close',
      lastDisconnect: { error: closeError(statusCode), date: new Date() },
    });
  }

  receive(messages: WAMessage[], type: 'notify' | 'append' = 'notify'): void {
    this.emit('messages.upsert', { messages, type });
  }

  // — the socket's methods —

  async sendMessage(
    jid: string,
    content: AnyMessageContent,
    options?: MiscMessageGenerationOptions,
  ): Promise<WAMessage> {
    if (!this.isOpen) throw closeError(428);
    this.sent.push({ jid, content, ...(options ? { options } : {}) });
    const sent: WAMessage = {
      key: { remoteJid: jid, fromMe: true, id: options?.messageId ?? `FAKE${this.sent.length}` },
      message: 'text' in content ? { conversation: content.text } : {},
      messageTimestamp: Math.floor(Date.now() / 1000),
    };
    // Baileys echoes what it sent (emitOwnEvents), right after the send.
    process.nextTick(() => this.receive([sent], 'append'));
    return sent;
  }

  async readMessages(keys: WAMessageKey[]): Promise<void> {
    this.reads.push(keys);
  }

  async onWhatsApp(...numbers: string[]): Promise<{ jid: string; exists: boolean }[]> {
    return numbers.map((n) => {
      const jid = this.onWhatsAppNumbers.get(n);
      return jid ? { jid, exists: true } : { jid: `${n}@s.whatsapp.net`, exists: false };
    });
  }

  async requestPairingCode(phoneNumber: string): Promise<string> {
    this.pairingRequests.push(phoneNumber);
    return 'ABCD1234';
  }

  async rejectCall(callId: string, from: string): Promise<void> {
    this.rejectedCalls.push({ callId, from });
  }

  async logout(): Promise<void> {
    this.loggedOut = true;
    this.end(closeError(401));
  }

  /** As Baileys: ending reports a close (with the error given, if any), once. */
  end(error: Error | undefined): void {
    if (this.ended) return;
    this.ended = true;
    this.isOpen = false;
    this.emit('connection.update', { connection: 'close', lastDisconnect: { error, date: new Date() } });
  }
}
