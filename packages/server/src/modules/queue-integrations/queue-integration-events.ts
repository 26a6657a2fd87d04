import { domainEvent } from '../../platform/domain-event.js';
import type { QueueIntegrationView } from './queue-integration-view.js';

/**
 * The `queueIntegration` topic, to admins only: its page is theirs (queue-integrations:manage),
 * and the records carry a webhook's signing key.
 */
export const queueIntegrationEvents = {
  saved: (companyId: number, action: 'create' | 'update', queueIntegration: QueueIntegrationView) =>
    domainEvent(companyId, 'queueIntegration', { action, queueIntegration }, { to: 'admins' }),
  deleted: (companyId: number, integrationId: number) =>
    domainEvent(companyId, 'queueIntegration', { action: 'delete', integrationId }, { to: 'admins' }),
};
