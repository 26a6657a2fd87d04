import type { Logger } from 'pino';
import type { Topic } from '@balcao/contracts';
import type { Config } from '../config.js';
import { inTenant, unscoped, type DbPools, type Tx } from '../db/client.js';
import type { Secrets } from './secrets.js';
import type { Jobs } from './jobs.js';
import type { Storage } from './storage.js';
import type { Mailer } from './mail.js';
import type { Sessions } from './sessions.js';

/** Why a session ended; the web says "Sua conta foi acessada em outro computador." for 'replaced'. */
export type SessionEndReason =
  | 'replaced'
  | 'logout'
  | 'refresh-token-reuse'
  | 'password-changed'
  | 'password-reset'
  | 'account-removed';

/** Who may hear an event; the realtime publisher turns this into Socket.IO rooms. */
export type Audience =
  | { to: 'company' }
  | { to: 'admins' }
  | { to: 'user'; userId: number; alsoAdmins?: boolean }
  | { to: 'session'; sessionId: string }
  /** A ticket's events: admins, the queue's members (or allTicket users when queueless), its user. */
  | { to: 'ticket'; queueId: number | null; userId: number | null }
  | { to: 'super' };

export interface DomainEvent {
  companyId: number;
  topic: Topic;
  payload: { action: string } & Record<string, unknown>;
  audience: Audience;
}

export interface Publisher {
  publish(events: readonly DomainEvent[]): void;
  /** Sockets of the sessions are told why and closed (a newer login, logout, reuse, reset). */
  endSessions(companyId: number, userId: number, sessionIds: readonly string[], reason?: SessionEndReason): void;
  /** Moves a user's open sockets to the rooms their new profile, queues and allTicket allow. */
  refreshUser(userId: number, scope: { admin: boolean; queueIds: number[]; allTicket: boolean }): Promise<void>;
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

export function runTenant<T>(
  deps: Deps,
  companyId: number,
  fn: (tx: Tx, events: EventSink) => Promise<T>,
): Promise<T> {
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
