import type { Logger } from 'pino';
import { SendError, type Channel, type ChannelEvents, type OutboundMessage, type SendPolicy } from '../channel.js';
import type { ChannelFactory, Whatsapp } from '../channel.js';
import { GraphClient, GraphError } from './graph-client.js';
import { digits } from './map-inbound.js';
import { messageBody } from './outbound-body.js';

const RECHECK_MIN_MS = 5_000;
const RECHECK_MAX_MS = 5 * 60_000;
/**
 * Sends in flight at once: enough to keep ~1,000 sends/s going against a Graph API answering in
 * tens of milliseconds; the pace itself is the connection's messages per second.
 */
const SENDS_IN_FLIGHT = 64;
/** Meta's refusal of free text outside the customer's 24-hour window ("re-engagement message"). */
const WINDOW_CLOSED = 131047;
/** What the conversation and the campaign report show for it. */
export const WINDOW_CLOSED_REASON = "The customer's 24-hour window is closed: send a template";

/**
 * The official WhatsApp Business Cloud API. There is no socket to hold: "starting" checks the
 * phone number id and token (`GET /{phoneNumberId}`: 200 → CONNECTED, else DISCONNECTED; an
 * outage is checked again with backoff), sends go over HTTP, and everything inbound arrives by
 * the webhook (webhook-routes.ts), in whichever process receives it.
 *
 * No `deleteForEveryone`: Meta's Messages API sends messages and marks received ones read, but
 * has no operation to delete (revoke) a message the business sent — only the customer's own
 * revokes are reported, by webhook. A message deleted in Balcão stays on the customer's phone.
 */
export const cloudChannel: ChannelFactory = (conn, events, deps) =>
  new CloudChannel(conn, events, deps.config.WHATSAPP_CLOUD_API_URL, deps.log);

export class CloudChannel implements Channel {
  /** Meta reports each send by status with our `biz_opaque_callback_data`: a cut-short send waits for it. */
  readonly sendPolicy: SendPolicy = { concurrency: SENDS_IN_FLIGHT, paced: true, inDoubtWaits: true };
  private readonly graph?: GraphClient;
  private connected = false;
  private stopped = false;
  private recheck?: NodeJS.Timeout;
  private recheckMs = RECHECK_MIN_MS;

  constructor(
    private readonly conn: Pick<Whatsapp, 'id' | 'phoneNumberId' | 'accessToken'>,
    private readonly events: ChannelEvents,
    baseUrl: string,
    private readonly log: Logger,
  ) {
    if (conn.accessToken) this.graph = new GraphClient({ baseUrl, accessToken: conn.accessToken });
  }

  async start(): Promise<void> {
    this.stopped = false;
    clearTimeout(this.recheck);
    if (!this.graph || !this.conn.phoneNumberId) {
      this.connected = false;
      await this.events.status({ status: 'DISCONNECTED' });
      return;
    }
    try {
      const phone = await this.graph.phoneNumber(this.conn.phoneNumberId);
      if (this.stopped) return;
      this.connected = true;
      this.recheckMs = RECHECK_MIN_MS;
      const number = digits(phone.display_phone_number ?? '');
      await this.events.status({ status: 'CONNECTED', ...(number ? { number } : {}) });
    } catch (err) {
      if (this.stopped) return;
      this.connected = false;
      this.log.warn({ whatsappId: this.conn.id, err: describe(err) }, 'cloud api: phone number check failed');
      await this.events.status({ status: 'DISCONNECTED' });
      // An outage (5xx, network) may pass: check again later. A refusal (bad token or id) needs the admin.
      if (err instanceof GraphError && err.retryable) this.scheduleRecheck();
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.connected = false;
    clearTimeout(this.recheck);
  }

  async logout(): Promise<void> {
    await this.stop();
    await this.events.status({ status: 'DISCONNECTED' });
  }

  async send(msg: OutboundMessage): Promise<{ externalId: string }> {
    if (!this.graph || !this.conn.phoneNumberId || !this.connected)
      throw new SendError('connection is not connected', true);
    if (msg.isGroup) throw new SendError('the Cloud API connection cannot send to groups', false);
    try {
      const mediaId = msg.media
        ? await this.graph.uploadMedia(this.conn.phoneNumberId, msg.media.data, msg.media.mimetype, msg.media.fileName)
        : undefined;
      const res = await this.graph.sendMessage(this.conn.phoneNumberId, messageBody(msg, mediaId));
      const externalId = res.messages?.[0]?.id;
      if (!externalId) throw new SendError('the Cloud API answered without a message id', false);
      return { externalId };
    } catch (err) {
      if (!(err instanceof GraphError)) throw err;
      if (err.unauthorized) {
        // The token stopped working: the messages wait until the admin fixes it and restarts.
        this.connected = false;
        await this.events.status({ status: 'DISCONNECTED' });
        throw new SendError(err.message, true);
      }
      if (err.code === WINDOW_CLOSED) throw new SendError(WINDOW_CLOSED_REASON, false);
      throw new SendError(err.message, err.retryable, { throttled: err.throttled, unsure: err.unsure });
    }
  }

  /** Marking the newest message read marks the earlier ones of the chat too (Meta's rule). */
  async markRead(_chatId: string, externalIds: string[]): Promise<void> {
    const last = externalIds.at(-1);
    if (!this.graph || !this.conn.phoneNumberId || !last) return;
    try {
      await this.graph.markRead(this.conn.phoneNumberId, last);
    } catch (err) {
      this.log.warn({ whatsappId: this.conn.id, err: describe(err) }, 'cloud api: mark read failed');
    }
  }

  /** The Cloud API has no lookup of numbers: every number is taken as it is. */
  async checkNumber(number: string): Promise<{ exists: boolean; number: string }> {
    return { exists: true, number: digits(number) };
  }

  private scheduleRecheck(): void {
    const delay = this.recheckMs;
    this.recheckMs = Math.min(RECHECK_MAX_MS, this.recheckMs * 2);
    this.recheck = setTimeout(() => void this.start().catch(() => {}), delay);
    this.recheck.unref();
  }
}

/** An error for the log: message and codes only (never a request, never the token). */
function describe(err: unknown) {
  return err instanceof GraphError
    ? { message: err.message, status: err.status, code: err.code }
    : { message: err instanceof Error ? err.message : String(err) };
}
