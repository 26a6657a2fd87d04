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
