import type { Topic } from '@balcao/contracts';
import type { Audience, DomainEvent } from '../../src/platform/domain-event.js';

/**
 * A test's own event, outside the catalogue (a marker, a bare ticket), to see where the hub sends
 * it. The server's events are made by `domainEvent()` alone, which checks their payloads.
 */
export const rawEvent = (
  companyId: number,
  topic: Topic,
  payload: { action: string } & Record<string, unknown>,
  audience: Audience,
) => ({ companyId, topic, payload, audience }) as unknown as DomainEvent;
