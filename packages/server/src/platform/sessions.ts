/**
 * What the product asks of the WhatsApp sessions, wherever they run. channels/registry.ts is the
 * one implementation; everything else knows only this (the machinery knows no provider).
 */
export type SessionAction = 'start' | 'restart' | 'logout';

/** A person of the connected phone's address book, as the provider knows them. */
export interface PhoneBookContact {
  /** Phone number digits (E.164 without '+'). */
  number: string;
  /** The name saved on the phone, else the person's WhatsApp name, when known. */
  name?: string;
}

export interface Sessions {
  start(): Promise<void>;
  /** Sends in flight finish (bounded), sessions stop, and their leases are given up at once. */
  stop(): Promise<void>;
  /** How many sessions this process holds (the metrics). */
  heldCount(): number;
  /** Asks the cluster to act on a connection's session (any process may call this). */
  request(whatsappId: number, action: SessionAction): Promise<void>;
  /** Tells the holder that a connection's outbox has messages to send. */
  kickOutbox(whatsappId: number): Promise<void>;
  /** A provider-specific signal for the connection's live channel, wherever it runs. */
  signal(whatsappId: number, payload: unknown): Promise<void>;
  /** Read receipts for a chat, through whichever process holds the session. */
  markRead(whatsappId: number, chatId: string, externalIds: string[]): Promise<void>;
  /**
   * The connected phone's address book when this process holds the session: `undefined` when
   * another process holds it (or none), `null` when the provider keeps no address book. Rejects
   * with the provider's SendError when the session is down.
   */
  phoneBook(whatsappId: number): Promise<PhoneBookContact[]> | null | undefined;
  /**
   * Whether a number (E.164 digits) has WhatsApp, asked of the connection's session when this
   * process holds it: `undefined` when another process holds it (or none), `null` when the
   * provider cannot tell (Cloud API, sandbox). Rejects with the provider's SendError when the
   * session is down. Callers pace their lookups: WhatsApp Web limits them.
   */
  onWhatsApp(whatsappId: number, number: string): Promise<boolean> | null | undefined;
}
