import type { Deps } from '../platform/context.js';
import type { Channel } from './channel.js';
import type { Pacer } from './outbox-pacer.js';

/**
 * The running drain's ear: `more()` says messages were queued meanwhile. The drain reads past the
 * last one it loaded before it ends, rather than the newcomer waiting for this drain to finish and
 * the next to start (an answer while other tickets' answers are being sent). The caller still
 * drains again afterwards: a message committed after a later one was read sorts before it.
 */
export interface DrainKicks {
  more?: () => void;
  /** The process is stopping: start no more sends; those in flight finish and are recorded. */
  stop?: () => void;
}

/**
 * Sends a connection's queued messages through its channel (modules/messages/outbox.ts
 * `drainOutbox`). The message domain's work, a layer above channels/: boot.ts hands it to the
 * session registry, which calls it for the sessions it holds. `provider` labels the metrics.
 */
export type DrainOutbox = (
  deps: Deps,
  whatsappId: number,
  companyId: number,
  channel: Channel,
  pacer?: Pacer,
  kicks?: DrainKicks,
  provider?: string,
) => Promise<{ sent: number; retryInMs?: number }>;
