import type { ConnectionStatus, MediaType } from '@balcao/contracts';
import type { PhoneBookContact } from '../platform/sessions.js';
import type { Deps } from '../platform/context.js';
import type { whatsapps } from '../db/schema/index.js';

/**
 * The one interface every WhatsApp provider implements (beta = Baileys, cloud = WhatsApp
 * Business Cloud API, sandbox = the built-in simulated phone). The registry starts a channel in
 * the process that holds the connection's lease; the channel reports what happens through
 * `ChannelEvents`, the one door into the inbox pipeline (inbox/channel-events.ts), which stores it
 * before anything reacts. A provider verifies, fetches and maps; it knows nothing of tickets.
 */

export { CONNECTION_STATUSES, MEDIA_TYPES, type ConnectionStatus, type MediaType } from '@balcao/contracts';
export type { PhoneBookContact } from '../platform/sessions.js';

/** Which connection of which company a report belongs to. */
export interface ConnectionRef {
  id: number;
  companyId: number;
  /** `whatsapps.provider`, when the caller knows it (the metrics count by it). */
  provider?: string;
}

export interface InboundMedia {
  mimetype: string;
  fileName?: string;
  /**
   * Fetches the bytes (Baileys decrypts, Cloud API downloads through the Graph API). Throws
   * `MediaUnavailable` when the provider can never give them; any other error is worth a retry.
   */
  download(): Promise<Buffer>;
}

/**
 * A media file the provider will never give (expired, too large, refused): the message is kept as
 * a chat message saying so rather than failing its delivery forever. `details` go to the log.
 */
export class MediaUnavailable extends Error {
  constructor(
    message: string,
    readonly details: { status?: number; code?: number } = {},
  ) {
    super(message);
  }
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
  /** A call the provider refused for the company (the "call" setting): the caller is told why once it is stored. */
  refusedCall?: boolean;
}

export type MessageUpdate =
  | { kind: 'edit'; externalId: string; body: string }
  | { kind: 'delete'; externalId: string }
  | { kind: 'reaction'; externalId: string; emoji: string; from: string };

export interface AckUpdate {
  externalId: string;
  ack: number;
  error?: string;
  /**
   * The reference our send carried (`OutboundMessage.ref`), when the provider echoes it (Cloud API:
   * `biz_opaque_callback_data`): it settles a message whose send was cut short before its id was
   * recorded.
   */
  ref?: string;
}

export interface StatusUpdate {
  status: ConnectionStatus;
  qrcode?: string;
  retries?: number;
  /** The connected number, once known. */
  number?: string;
}

/** What a provider saw at once (a webhook delivery, or one report of a session). */
export interface InboundBatch {
  messages?: InboundMessage[];
  /** Edits, deletions, reactions: applied after the messages (one may point at a message of the batch). */
  updates?: MessageUpdate[];
  acks?: AckUpdate[];
}

/** What became of a batch. `skipped`: messages the company ignores (groups, when it says so). */
export interface DeliverySummary {
  stored: number;
  duplicates: number;
  acks: number;
  updates: number;
  skipped: number;
}

/**
 * The one door into the pipeline, for every provider (implemented in inbox/channel-events.ts and
 * handed to providers, never imported by them). Storing is idempotent: a report seen again
 * changes nothing.
 */
export interface ChannelEvents {
  status(update: StatusUpdate): Promise<void>;
  /**
   * Resolves once everything in the batch is stored and what reacts to its messages (rating
   * reply, chatbot) has run: providers acknowledge upstream only after it. Acks naming a message
   * not stored yet (a status that overtook its send) are tried again shortly before giving up.
   */
  deliver(batch: InboundBatch): Promise<DeliverySummary>;
  /** `deliver` of one message. */
  message(message: InboundMessage): Promise<void>;
  /**
   * One ack as a session reports it, applied once: a session's reports wait in one line, which
   * an ack of a message never stored (a group the company ignores) must not hold up.
   */
  ack(update: AckUpdate): Promise<void>;
  /** `deliver` of one update. */
  update(update: MessageUpdate): Promise<void>;
  contact(update: { number: string; name?: string; lid?: string; profilePicUrl?: string }): Promise<void>;
}

/** The door of a connection (composed in boot.ts; the registry and the webhook routes receive it). */
export type EventsFor = (conn: ConnectionRef) => ChannelEvents;

export interface OutboundMessage {
  /** Phone number digits or group id. */
  to: string;
  isGroup: boolean;
  body: string;
  media?: { data: Buffer; mimetype: string; fileName: string; type: MediaType };
  quoted?: { externalId: string; fromMe: boolean; participant?: string };
  /** Cloud API: a message template (name, language, Meta's send components); `body` is its filled text. */
  template?: { name: string; language: string; components: unknown[] };
  /**
   * Names the stored message (`outboundRef`), the same on every attempt: Cloud API sends it as
   * `biz_opaque_callback_data` (echoed in its statuses), beta and sandbox derive the message id
   * from it, so a send repeated after a crash is the same message.
   */
  ref?: string;
}

/**
 * How the outbox may use a channel. Absent: one send at a time, unpaced, and a message whose send
 * was cut short is sent again at once (the provider makes a repeat the same message).
 */
export interface SendPolicy {
  /** Sends in flight at once (across recipients; one recipient's stay in order). */
  concurrency: number;
  /** Paced by the connection's `messages_per_second`. */
  paced: boolean;
  /**
   * A message whose send was cut short is sent again only after OUTBOX_IN_DOUBT_MS without a
   * status settling it (the provider reports sends by our `ref`).
   */
  inDoubtWaits: boolean;
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
    readonly more: {
      /** The provider asked us to slow down (the outbox slows the connection's pace). */
      throttled?: boolean;
      /** The provider may have taken the message (no answer, 5xx): its send stays in doubt. */
      unsure?: boolean;
    } = {},
  ) {
    super(message);
  }
}

export interface Channel {
  /** How the outbox sends through it (absent: one at a time, see SendPolicy). */
  readonly sendPolicy?: SendPolicy;
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
   * Whether the number has WhatsApp, when the provider can tell (beta: WhatsApp Web's on-WhatsApp
   * lookup). Absent when it cannot (Cloud API answers no such question; the sandbox's answer
   * would be made up). Throws SendError when the session is not connected.
   */
  onWhatsApp?(number: string): Promise<boolean>;
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
/** How a provider makes its channel for a connection (channel-providers.ts lists them). */
export type ChannelFactory = (conn: Whatsapp, events: ChannelEvents, deps: Deps) => Channel;
