import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import type { DomainEvent } from './domain-event.js';
import type { Logger } from 'pino';
import type { Sessions } from './sessions.js';

export type EventSink = DomainEvent[];

/** Work that must wait for the commit: never run when the transaction rolls back. */
export interface AfterCommit {
  /** The connection's outbox has new queued messages: its session holder is told after commit (once per connection). */
  kickOutbox(whatsappId: number): void;
  /** Any other effect; a failure is logged, never the caller's (the data is committed). */
  run(effect: () => Promise<unknown>): void;
}

/**
 * One transaction's unit of work, passed as one value: the transaction, the events published
 * after its commit, and the effects that follow them (`runTenant`, `runPlatform`).
 */
export interface Uow {
  tx: Tx;
  events: EventSink;
  afterCommit: AfterCommit;
}

/** The effects a unit of work collected; allocated lazily, so a transaction without any costs nothing. */
export class Effects implements AfterCommit {
  private kicks: Set<number> | undefined;
  private others: (() => Promise<unknown>)[] | undefined;

  kickOutbox(whatsappId: number): void {
    (this.kicks ??= new Set()).add(whatsappId);
  }

  run(effect: () => Promise<unknown>): void {
    (this.others ??= []).push(effect);
  }

  get pending(): boolean {
    return this.kicks !== undefined || this.others !== undefined;
  }

  /** Hands the effects collected here to `target` (a savepoint's effects to its transaction's). */
  moveTo(target: AfterCommit): void {
    for (const whatsappId of this.kicks ?? []) target.kickOutbox(whatsappId);
    for (const effect of this.others ?? []) target.run(effect);
    this.kicks = this.others = undefined;
  }

  /** After commit, in order: the kicks (one per connection), then the other effects. Failures are logged. */
  async flush(sessions: Sessions, log: Logger): Promise<void> {
    if (this.kicks) {
      for (const whatsappId of this.kicks) {
        await sessions
          .kickOutbox(whatsappId)
          .catch((err: unknown) => log.warn({ err, whatsappId }, 'outbox kick failed'));
      }
    }
    if (this.others) {
      for (const effect of this.others) {
        await effect().catch((err: unknown) => log.error({ err }, 'after-commit effect failed'));
      }
    }
  }
}

/**
 * `fn` as a part of `uow`'s transaction that fails alone: run after a SAVEPOINT, its writes rolled
 * back to it when it throws (the error goes on to the caller, the transaction stays usable), and
 * its events and effects handed to `uow` only when it succeeds. One transaction then carries many
 * such parts (a bulk's chunk of tickets, one commit instead of one per ticket).
 */
export async function inSavepoint<T>(uow: Uow, fn: (own: Uow) => Promise<T>): Promise<T> {
  const { tx } = uow;
  const events: EventSink = [];
  const effects = new Effects();
  // Never released: a release is one more round trip per part, and an open savepoint costs
  // nothing here (the next one nests inside it; a rollback goes to the innermost of the name).
  await tx.execute(sql`savepoint part`);
  let result: T;
  try {
    result = await fn({ tx, events, afterCommit: effects });
  } catch (err) {
    await tx.execute(sql`rollback to savepoint part`);
    throw err;
  }
  uow.events.push(...events);
  effects.moveTo(uow.afterCommit);
  return result;
}
