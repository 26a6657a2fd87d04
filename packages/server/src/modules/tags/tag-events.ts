import { domainEvent } from '../../platform/domain-event.js';
import type { TagView } from './tag-view.js';

/** The `tag` topic. Tags are company-wide: everyone of the company hears `company-{id}-tag`. */
export const tagEvents = {
  saved: (companyId: number, action: 'create' | 'update', tag: TagView) =>
    domainEvent(companyId, 'tag', { action, tag }, { to: 'company' }),
  deleted: (companyId: number, tagId: number) =>
    domainEvent(companyId, 'tag', { action: 'delete', tagId }, { to: 'company' }),
};
