import type { Logger } from 'pino';
import type { DomainEvent } from './domain-event.js';
import type { Config } from '../config.js';
import { inTenant, unscoped, type DbPools, type Tx } from '../db/client.js';
import type { Secrets } from './secrets.js';
import type { Jobs } from './jobs.js';
import type { Storage } from './storage.js';
import type { Mailer } from './mail.js';
import type { Sessions } from './sessions.js';
import { Effects, type EventSink, type Uow } from './unit-of-work.js';

export type { Audience, DomainEvent, RoomScope } from './domain-event.js';
export type { AfterCommit, EventSink, Uow } from './unit-of-work.js';

/**
 * The realtime hub as use cases reach it: events recorded in a transaction's sink are published
 * here after commit; outside a transaction, a use case publishes its events itself. Session ends
 * and room changes are events too (`modules/auth/auth-events.ts`, `modules/users/user-events.ts`).
 */
export interface Publisher {
  publish(events: readonly DomainEvent[]): void;
}

export interface Deps {
  config: Config;
  log: Logger;
  pools: DbPools;
  secrets: Secrets;
  realtime: Publisher;
  jobs: Jobs;
  storage: Storage;
  mailer: Mailer;
  /** WhatsApp sessions held by this process, and the way to reach the others'. */
  sessions: Sessions;
}

/** The verified caller, resolved once at the edge from the token and fresh database rows. */
export interface Actor {
  userId: number;
  companyId: number;
  profile: string;
  super: boolean;
  sessionId: string;
}

/**
 * A transaction's work: its transaction and event sink, and the same two with the after-commit
 * effects as one value (`uow`), for code that queues outbound messages or other effects.
 */
export type Work<T> = (tx: Tx, events: EventSink, uow: Uow) => Promise<T>;

/** What every use case receives: who asks, and the two ways to reach the database. */
export interface Ctx {
  deps: Deps;
  actor: Actor;
  /** Tenant-scoped transaction; events recorded in it are published after commit. */
  tenant<T>(fn: Work<T>, companyId?: number): Promise<T>;
  /** Platform transaction (super users' work, cross-tenant reads); events as above. */
  platform<T>(fn: Work<T>): Promise<T>;
}

/**
 * Runs `fn` in a tenant transaction; after its commit, publishes its events, then runs its
 * after-commit effects (outbox kicks and the like) before answering. A rollback drops both.
 */
export async function runTenant<T>(deps: Deps, companyId: number, fn: Work<T>): Promise<T> {
  const events: EventSink = [];
  const effects = new Effects();
  const result = await inTenant(deps.pools.db, companyId, (tx) => fn(tx, events, { tx, events, afterCommit: effects }));
  return committed(deps, events, effects, result);
}

export async function runPlatform<T>(deps: Deps, fn: Work<T>): Promise<T> {
  const events: EventSink = [];
  const effects = new Effects();
  const result = await unscoped(deps.pools.platformDb, (tx) => fn(tx, events, { tx, events, afterCommit: effects }));
  return committed(deps, events, effects, result);
}

async function committed<T>(deps: Deps, events: EventSink, effects: Effects, result: T): Promise<T> {
  deps.realtime.publish(events);
  if (effects.pending) await effects.flush(deps.sessions, deps.log);
  return result;
}

export function makeCtx(deps: Deps, actor: Actor): Ctx {
  return {
    deps,
    actor,
    tenant: (fn, companyId = actor.companyId) => runTenant(deps, companyId, fn),
    platform: (fn) => runPlatform(deps, fn),
  };
}
