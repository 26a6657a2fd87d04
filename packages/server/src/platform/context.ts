import type { Logger } from 'pino';
import type { DomainEvent } from './domain-event.js';
import type { Config } from '../config.js';
import { inTenant, unscoped, type DbPools, type Tx } from '../db/client.js';
import type { Secrets } from './secrets.js';
import type { Jobs } from './jobs.js';
import type { Storage } from './storage.js';
import type { Mailer } from './mail.js';
import type { Sessions } from './sessions.js';

export type { Audience, DomainEvent, RoomScope } from './domain-event.js';

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

export type EventSink = DomainEvent[];

/** What every use case receives: who asks, and the two ways to reach the database. */
export interface Ctx {
  deps: Deps;
  actor: Actor;
  /** Tenant-scoped transaction; events recorded in it are published after commit. */
  tenant<T>(fn: (tx: Tx, events: EventSink) => Promise<T>, companyId?: number): Promise<T>;
  /** Platform transaction (super users' work, cross-tenant reads); events as above. */
  platform<T>(fn: (tx: Tx, events: EventSink) => Promise<T>): Promise<T>;
}

export function runTenant<T>(deps: Deps, companyId: number, fn: (tx: Tx, events: EventSink) => Promise<T>): Promise<T> {
  const events: EventSink = [];
  return inTenant(deps.pools.db, companyId, (tx) => fn(tx, events)).then((result) => {
    deps.realtime.publish(events);
    return result;
  });
}

export function runPlatform<T>(deps: Deps, fn: (tx: Tx, events: EventSink) => Promise<T>): Promise<T> {
  const events: EventSink = [];
  return unscoped(deps.pools.platformDb, (tx) => fn(tx, events)).then((result) => {
    deps.realtime.publish(events);
    return result;
  });
}

export function makeCtx(deps: Deps, actor: Actor): Ctx {
  return {
    deps,
    actor,
    tenant: (fn, companyId = actor.companyId) => runTenant(deps, companyId, fn),
    platform: (fn) => runPlatform(deps, fn),
  };
}
