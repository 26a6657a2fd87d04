import { domainEvent, type DomainEvent } from '../../platform/domain-event.js';
import type { AnnouncementView } from './announcement-view.js';

/**
 * The `announcement` topic reaches every company's users, each as `company-{their id}-announcement`.
 * An active announcement goes to everyone. An inactive one only to super users (who manage it);
 * everyone else hears it deleted, so one switched off leaves every pop-over at once.
 * `companyId` names the writer's company; a broadcast does not use it.
 */
export const announcementEvents = {
  saved(companyId: number, action: 'create' | 'update', record: AnnouncementView): DomainEvent[] {
    if (record.status) return [domainEvent(companyId, 'announcement', { action, record }, { to: 'everyone' })];
    const toSuper = domainEvent(companyId, 'announcement', { action, record }, { to: 'everyone', only: 'super' });
    if (action === 'create') return [toSuper];
    return [
      toSuper,
      domainEvent(companyId, 'announcement', { action: 'delete', id: record.id }, { to: 'everyone', only: 'others' }),
    ];
  },
  deleted: (companyId: number, id: number) =>
    domainEvent(companyId, 'announcement', { action: 'delete', id }, { to: 'everyone' }),
};
