import { domainEvent } from '../../platform/domain-event.js';
import type { QueueView } from './queue-view.js';

/** The `queue` topic. Every staff member lists queues (transfer dialog, filters): the whole company hears. */
export const queueEvents = {
  saved: (companyId: number, action: 'create' | 'update', queue: QueueView) =>
    domainEvent(companyId, 'queue', { action, queue }, { to: 'company' }),
  deleted: (companyId: number, queueId: number) =>
    domainEvent(companyId, 'queue', { action: 'delete', queueId }, { to: 'company' }),
};
