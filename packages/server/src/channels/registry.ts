import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { and, eq, gt, ne, notExists, sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { channelLeases, whatsapps } from '../db/schema/index.js';
import type { Channel, ChannelEvents, ChannelFactory, EventsFor } from './channel.js';
export type { ChannelFactory, Whatsapp } from './channel.js';
import type { PhoneBookContact, SessionAction, Sessions } from '../platform/sessions.js';
import { LEASE_RENEW_MS, release, renew, tryAcquire } from './leases.js';
import type { DrainKicks, DrainOutbox } from './outbox-port.js';
import { Pacer } from './outbox-pacer.js';
import { sessionsLost } from '../platform/metrics.js';
import { withRequestId } from '../platform/request-id.js';

const SESSION_CHANNEL = 'balcao_session';
const OUTBOX_CHANNEL = 'balcao_outbox';
const SIGNAL_CHANNEL = 'balcao_signal';
const READ_CHANNEL = 'balcao_read';
/**
 * A NOTIFY payload must stay under 8000 bytes. Reading the newest message marks the earlier ones
 * of the chat read too, so the newest ids are the ones worth sending.
 */
const READ_MAX_IDS = 50;
const READ_MAX_BYTES = 4000;
/** When the process stops, how long the sends in flight have to finish before the sessions stop anyway. */
const STOP_DRAIN_MS = 10_000;

interface Live {
  channel: Channel;
  companyId: number;
  provider: string;
  draining: boolean;
  /** The drain under way, settled when it ends (a stop waits for its sends in flight). */
  drained?: Promise<void>;
  drainAgain: boolean;
  /** The running drain's ear (outbox-port.ts `DrainKicks`). */
  kicks: DrainKicks;
  retryTimer?: NodeJS.Timeout;
  /** The connection's send pace, kept across drains (a throttled connection stays slowed). */
  pacer: Pacer;
}

/**
 * The sessions this process holds. Every few seconds it renews its leases, drops sessions whose
 * lease it lost, and takes wanted sessions nobody holds (after a restart, or when another
 * process died). Requests from any process arrive by NOTIFY: session actions, and "the outbox of
 * connection N has work", which only the holder acts on.
 *
 * Everything that starts or stops a connection's channel (a session request; the pass taking,
 * dropping or logging out a session) is a step in that connection's queue (`serial`): steps on
 * one connection never overlap, and each decides from the state when it runs. A second "start"
 * thus restarts a session that is still starting, rather than stopping it while a pass that has
 * already decided goes on. Read receipts wait for the steps under way.
 */
export class SessionRegistry implements Sessions {
  readonly holder = randomUUID();
  private readonly live = new Map<number, Live>();
  /** Per connection, the last step queued (see `serial`); gone once the queue is empty. */
  private readonly steps = new Map<number, Promise<void>>();
  private timer?: NodeJS.Timeout;
  private listener?: pg.PoolClient;
  private ticking?: Promise<void>;
  private stopped = false;

  /**
   * `eventsFor`: the door into the pipeline (inbox/channel-events.ts) each channel reports through;
   * `drainOutbox`: what sends a connection's queued messages (modules/messages/outbox.ts). Both sit
   * above channels/: boot.ts hands them in.
   */
  constructor(
    private readonly deps: Deps,
    private readonly factories: Partial<Record<string, ChannelFactory>>,
    private readonly eventsFor: EventsFor,
    private readonly drainOutbox: DrainOutbox,
  ) {}

  async start(): Promise<void> {
    this.listener = await this.deps.pools.owner.connect();
    this.listener.on('notification', (n) => this.onNotification(n.channel, n.payload ?? ''));
    await this.listener.query(`LISTEN ${SESSION_CHANNEL}`);
    await this.listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
    await this.listener.query(`LISTEN ${SIGNAL_CHANNEL}`);
    await this.listener.query(`LISTEN ${READ_CHANNEL}`);
    await this.tick();
    this.timer = setInterval(() => void this.tick(), LEASE_RENEW_MS);
  }

  /** Asks the cluster to act on a connection's session (any process may call this). */
  async request(whatsappId: number, action: SessionAction): Promise<void> {
    await this.deps.pools.owner.query('select pg_notify($1, $2)', [SESSION_CHANNEL, `${whatsappId}:${action}`]);
  }

  /**
   * Tells the holder that a connection's outbox has messages to send: this process when it holds
   * the session (no round trip through the database's NOTIFY before a lone answer's send), else
   * by NOTIFY.
   */
  async kickOutbox(whatsappId: number): Promise<void> {
    if (this.live.has(whatsappId) && !this.stopped) return this.drain(whatsappId);
    await this.deps.pools.owner.query('select pg_notify($1, $2)', [OUTBOX_CHANNEL, String(whatsappId)]);
  }

  /**
   * Hands a provider-specific signal to the connection's live channel (`Channel.onSignal`),
   * wherever it runs. Fire and forget: nobody acts when no process holds the session.
   */
  async signal(whatsappId: number, payload: unknown): Promise<void> {
    await this.deps.pools.owner.query('select pg_notify($1, $2)', [
      SIGNAL_CHANNEL,
      JSON.stringify({ whatsappId, payload }),
    ]);
  }

  /**
   * Read receipts for a chat, through the live channel here when this process holds the session,
   * else by NOTIFY to the holder (the newest ids only, see READ_MAX_IDS). Nobody acts when no
   * process holds it. Failures are logged, never thrown.
   */
  async markRead(whatsappId: number, chatId: string, externalIds: string[]): Promise<void> {
    await this.steps.get(whatsappId); // a (re)start under way here: the new channel reads
    const channel = this.local(whatsappId);
    if (channel) return this.readLocally(channel, whatsappId, chatId, externalIds);
    let ids = externalIds.slice(-READ_MAX_IDS);
    let payload = JSON.stringify({ whatsappId, chatId, externalIds: ids });
    while (ids.length > 1 && Buffer.byteLength(payload) > READ_MAX_BYTES) {
      ids = ids.slice(Math.ceil(ids.length / 2));
      payload = JSON.stringify({ whatsappId, chatId, externalIds: ids });
    }
    if (Buffer.byteLength(payload) > READ_MAX_BYTES) {
      this.deps.log.warn({ whatsappId }, 'read receipt too large to forward');
      return;
    }
    await this.deps.pools.owner
      .query('select pg_notify($1, $2)', [READ_CHANNEL, payload])
      .catch((err: unknown) => this.deps.log.warn({ err, whatsappId }, 'read receipts failed'));
  }

  private async readLocally(channel: Channel, whatsappId: number, chatId: string, externalIds: string[]) {
    await channel
      .markRead(chatId, externalIds)
      .catch((err: unknown) => this.deps.log.warn({ err, whatsappId }, 'read receipts failed'));
  }

  phoneBook(whatsappId: number): Promise<PhoneBookContact[]> | null | undefined {
    const channel = this.local(whatsappId);
    if (!channel) return undefined;
    return channel.listContacts ? channel.listContacts() : null;
  }

  onWhatsApp(whatsappId: number, number: string): Promise<boolean> | null | undefined {
    const channel = this.local(whatsappId);
    if (!channel) return undefined;
    return channel.onWhatsApp ? channel.onWhatsApp(number) : null;
  }

  /** The live channel of a connection, when this process holds it. */
  local(whatsappId: number): Channel | undefined {
    return this.live.get(whatsappId)?.channel;
  }

  private onNotification(channel: string, payload: string): void {
    if (this.stopped) return;
    if (channel === OUTBOX_CHANNEL) return this.drain(Number(payload));
    if (channel === SIGNAL_CHANNEL) return this.onSignal(payload);
    if (channel === READ_CHANNEL) return this.onRead(payload);
    const [id, action] = payload.split(':');
    const whatsappId = Number(id);
    void this.serial(whatsappId, async () => {
      if (action === 'logout') return this.logoutLocal(whatsappId, this.live.get(whatsappId));
      // Start and restart alike start over when the channel runs here (a "try again" after it
      // gave up, or a second start while the first was starting): stop, then start anew.
      await this.stopLocal(whatsappId);
      await this.startLocal(whatsappId);
    });
  }

  /**
   * Runs `step` once every earlier step on this connection is over: one action at a time per
   * connection. Failures are logged; the queue goes on.
   */
  private serial(whatsappId: number, step: () => Promise<void>): Promise<void> {
    const next = (this.steps.get(whatsappId) ?? Promise.resolve())
      .then(step)
      .catch((err: unknown) => this.deps.log.error({ err, whatsappId }, 'session step failed'))
      .finally(() => {
        if (this.steps.get(whatsappId) === next) this.steps.delete(whatsappId);
      });
    this.steps.set(whatsappId, next);
    return next;
  }

  private onSignal(raw: string): void {
    let whatsappId: number;
    let payload: unknown;
    try {
      ({ whatsappId, payload } = JSON.parse(raw) as { whatsappId: number; payload: unknown });
    } catch {
      return;
    }
    const channel = this.live.get(whatsappId)?.channel;
    if (!channel?.onSignal) return;
    channel.onSignal(payload).catch((err: unknown) => this.deps.log.warn({ err, whatsappId }, 'channel signal failed'));
  }

  private onRead(raw: string): void {
    let read: { whatsappId: number; chatId: string; externalIds: string[] };
    try {
      read = JSON.parse(raw) as typeof read;
    } catch {
      return;
    }
    if (!Array.isArray(read.externalIds)) return;
    void (async () => {
      await this.steps.get(read.whatsappId); // a (re)start under way: the new channel reads
      const channel = this.local(read.whatsappId);
      if (channel) await this.readLocally(channel, read.whatsappId, read.chatId, read.externalIds);
    })();
  }

  /** Serialised: one pass at a time. */
  tick(): Promise<void> {
    this.ticking ??= this.pass().finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async pass(): Promise<void> {
    if (this.stopped) return;
    const db = this.deps.pools.platformDb;
    try {
      const held = await renew(db, this.holder);
      // Wanted sessions, but not those another process holds (their holder runs them).
      const heldElsewhere = db
        .select({ id: channelLeases.whatsappId })
        .from(channelLeases)
        .where(
          and(
            eq(channelLeases.whatsappId, whatsapps.id),
            ne(channelLeases.holder, this.holder),
            gt(channelLeases.expiresAt, sql`now()`),
          ),
        );
      const wanted = await db
        .select({ id: whatsapps.id })
        .from(whatsapps)
        .where(and(eq(whatsapps.sessionWanted, true), notExists(heldElsewhere)));
      const wantedIds = new Set(wanted.map((w) => w.id));
      // Each step acts on the channel seen now only: one started since is not theirs to stop.
      for (const [id, seen] of [...this.live]) {
        if (!held.has(id)) {
          sessionsLost.inc();
          await this.serial(id, async () => {
            if (this.live.get(id) === seen) await this.stopLocal(id);
          });
        } else if (!wantedIds.has(id)) {
          // No longer wanted means disconnected on purpose (or given up): log out, so a logout
          // request that arrived while the session was still starting is not lost.
          await this.serial(id, () => this.logoutLocal(id, seen));
        }
      }
      for (const id of wantedIds) {
        if (this.stopped) break;
        if (!this.live.has(id)) await this.serial(id, () => this.startLocal(id));
      }
    } catch (err) {
      this.deps.log.error({ err }, 'session registry pass failed');
    }
  }

  /** Starts the connection's channel here if it is wanted, not running here, and its lease ours. */
  private async startLocal(whatsappId: number): Promise<void> {
    if (this.stopped || this.live.has(whatsappId)) return;
    const db = this.deps.pools.platformDb;
    const [conn] = await db.select().from(whatsapps).where(eq(whatsapps.id, whatsappId));
    if (!conn?.sessionWanted) return;
    const factory = this.factories[conn.provider];
    if (!factory) {
      this.deps.log.warn({ whatsappId, provider: conn.provider }, 'no channel for this provider');
      return;
    }
    if (!(await tryAcquire(db, this.holder, whatsappId, conn.companyId))) return;
    const door = this.eventsFor(conn);
    // A connection that comes up sends what waited in its outbox.
    const events: ChannelEvents = {
      ...door,
      status: async (update) => {
        await door.status(update);
        if (update.status === 'CONNECTED') this.drain(whatsappId);
      },
    };
    const channel = factory(conn, events, this.deps);
    this.live.set(whatsappId, {
      channel,
      companyId: conn.companyId,
      provider: conn.provider,
      draining: false,
      drainAgain: false,
      kicks: {},
      pacer: new Pacer(conn.messagesPerSecond),
    });
    try {
      await channel.start();
    } catch (err) {
      this.deps.log.error({ err, whatsappId }, 'channel failed to start');
    }
    this.drain(whatsappId);
  }

  /** Logs the channel `seen` out, if it still runs here, and gives the lease up. */
  private async logoutLocal(whatsappId: number, seen: Live | undefined): Promise<void> {
    if (!seen || this.live.get(whatsappId) !== seen) return;
    await seen.channel.logout().catch((err: unknown) => this.deps.log.warn({ err, whatsappId }, 'logout failed'));
    await this.stopLocal(whatsappId);
    await release(this.deps.pools.platformDb, this.holder, whatsappId);
  }

  private async stopLocal(whatsappId: number): Promise<void> {
    const live = this.live.get(whatsappId);
    if (!live) return;
    this.live.delete(whatsappId);
    clearTimeout(live.retryTimer);
    await live.channel.stop().catch((err: unknown) => this.deps.log.warn({ err, whatsappId }, 'channel stop failed'));
  }

  /** Sends the connection's queued messages (`drainOutbox`); one drain at a time per connection. */
  private drain(whatsappId: number): void {
    const live = this.live.get(whatsappId);
    if (!live || this.stopped) return;
    if (live.draining) {
      live.drainAgain = true;
      live.kicks.more?.();
      return;
    }
    live.draining = true;
    live.drainAgain = false;
    // Under no request's id, even when a request's kick starts it: each send logs under its own
    // message's request (outbox.ts).
    live.drained = withRequestId(undefined, () =>
      this.drainOutbox(this.deps, whatsappId, live.companyId, live.channel, live.pacer, live.kicks, live.provider),
    )
      .then((result) => {
        if (result.retryInMs !== undefined) {
          clearTimeout(live.retryTimer);
          live.retryTimer = setTimeout(() => this.drain(whatsappId), result.retryInMs);
        }
      })
      .catch((err: unknown) => this.deps.log.error({ err, whatsappId }, 'outbox drain failed'))
      .finally(() => {
        live.draining = false;
        if (live.drainAgain) this.drain(whatsappId);
      });
  }

  heldCount(): number {
    return this.live.size;
  }

  /**
   * The sends in flight finish (no new one starts; bounded by STOP_DRAIN_MS), the sessions stop,
   * and their leases are given up at once; the other processes are asked to take those sessions
   * now rather than at their next pass.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.timer);
    for (const live of this.live.values()) live.kicks.stop?.();
    const drains = [...this.live.values()].map((l) => l.drained);
    await Promise.race([Promise.all(drains), new Promise((r) => setTimeout(r, STOP_DRAIN_MS).unref())]);
    await this.ticking;
    // Through each connection's queue: a start under way finishes first, then is stopped.
    const ids = new Set([...this.live.keys(), ...this.steps.keys()]);
    const held = [...this.live.keys()];
    await Promise.all([...ids].map((id) => this.serial(id, () => this.stopLocal(id))));
    await release(this.deps.pools.platformDb, this.holder).catch(() => {});
    await Promise.all(held.map((id) => this.request(id, 'start').catch(() => {})));
    this.listener?.release();
    this.listener = undefined;
  }
}
