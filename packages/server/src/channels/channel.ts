import type { ConnectionStatus, MediaType } from '@balcao/contracts';
import type { PhoneBookContact } from '../platform/sessions.js';
import type { Deps } from '../platform/context.js';
import type { whatsapps } from '../db/schema/index.js';

/**
 * The one interface every WhatsApp provider implements (beta = Baileys, cloud = WhatsApp
 * Business Cloud API, sandbox = the built-in simulated phone). The registry starts a channel in
 * the process that holds the connection's lease; the channel reports what happens through
 * `ChannelEvents`, and the inbox pipeline (inbox/) stores it before anything reacts.
 */

export { CONNECTION_STATUSES, MEDIA_TYPES, type ConnectionStatus, type MediaType } from '@balcao/contracts';
export type { PhoneBookContact } from '../platform/sessions.js';

export interface InboundMedia {
  mimetype: string;
  fileName?: string;
  /** Fetches the bytes (Baileys decrypts, Cloud API downloads through the Graph API). */
  download(): Promise<Buffer>;
}

/** A message seen on WhatsApp, ours (sent from the phone) or the customer's. */
export interface InboundMessage {
  externalId: string;
  /** The chat: a phone number in digits, or a group id. Never a LID. */
  chatId: string;
  isGroup: boolean;
  fromMe: boolean;
  /** The customer (1:1) or the group; `name` is their push name or the group subject. */
  contact: { number: string; name?: string; lid?: string };
  /** Who wrote it, inside a group. */
  participant?: { number: string; name?: string };
  timestamp: Date;
  type: MediaType;
  body: string;
  media?: InboundMedia;
  quotedExternalId?: string;
}

export type MessageUpdate =
  | { kind: 'edit'; externalId: string; body: string }
  | { kind: 'delete'; externalId: string }
  | { kind: 'reaction'; externalId: string; emoji: string; from: string };

export interface AckUpdate {
  externalId: string;
  ack: number;
  error?: string;
}

export interface StatusUpdate {
  status: ConnectionStatus;
  qrcode?: string;
  retries?: number;
  /** The connected number, once known. */
  number?: string;
}

export interface ChannelEvents {
  status(update: StatusUpdate): Promise<void>;
  /** Resolves once the message is stored: providers acknowledge upstream only after it. */
  message(message: InboundMessage): Promise<void>;
  ack(update: AckUpdate): Promise<void>;
  update(update: MessageUpdate): Promise<void>;
  contact(update: { number: string; name?: string; lid?: string; profilePicUrl?: string }): Promise<void>;
}

export interface OutboundMessage {
  /** Phone number digits or group id. */
  to: string;
  isGroup: boolean;
  body: string;
  media?: { data: Buffer; mimetype: string; fileName: string; type: MediaType };
  quoted?: { externalId: string; fromMe: boolean; participant?: string };
}

/** A message we sent, to delete for everyone in its chat. */
export interface SentMessageRef {
  /** The chat, as `OutboundMessage.to`: phone number digits or group id. */
  to: string;
  isGroup: boolean;
  /** The provider's id of the message, as `send` answered it. */
  externalId: string;
}

/** A send that failed: `retry` tells the outbox whether to try again later (connection down, throttled). */
export class SendError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

export interface Channel {
  start(): Promise<void>;
  /** Stops this process's session without logging out (shutdown, lease handed over). */
  stop(): Promise<void>;
  /** Disconnects the number: the auth state is cleared, a new pairing is needed. */
  logout(): Promise<void>;
  send(message: OutboundMessage): Promise<{ externalId: string }>;
  markRead(chatId: string, externalIds: string[]): Promise<void>;
  /**
   * Deletes a message we sent for everyone in the chat ("delete for everyone"). Absent when the
   * provider cannot (Cloud API has no such operation): the message is then deleted in Balcão only.
   * Throws SendError like `send` (retry: the session is down, try again later).
   */
  deleteForEveryone?(message: SentMessageRef): Promise<void>;
  checkNumber(number: string): Promise<{ exists: boolean; number: string }>;
  /**
   * The phone book, as far as the provider can tell (sandbox: its simulated customers; beta: the
   * contacts WhatsApp synced to this session). Absent when the provider cannot (Cloud API).
   * Throws SendError when the session is not connected.
   */
  listContacts?(): Promise<PhoneBookContact[]>;
  /** Beta only: pairing by code instead of QR. */
  requestPairingCode?(phoneNumber: string): Promise<string>;
  /**
   * A provider-specific signal sent from any process through `SessionRegistry.signal` (the
   * sandbox's simulated QR scan). The payload is what the sender passed, as JSON.
   */
  onSignal?(payload: unknown): Promise<void>;
}

/** A connection row as the registry hands it to its provider. */
export type Whatsapp = typeof whatsapps.$inferSelect;
/** How a provider makes its channel for a connection (channels/providers.ts lists them). */
export type ChannelFactory = (conn: Whatsapp, events: ChannelEvents, deps: Deps) => Channel;
