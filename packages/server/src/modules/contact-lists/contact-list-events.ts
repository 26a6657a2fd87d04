import { domainEvent } from '../../platform/domain-event.js';
import type { ContactListItemView, ContactListView } from './contact-list-view.js';

/** The `contactList` topic: lists are the company's, everyone of it hears `company-{id}-contactList`. */
export const contactListEvents = {
  saved: (companyId: number, action: 'create' | 'update', contactList: ContactListView) =>
    domainEvent(companyId, 'contactList', { action, contactList }, { to: 'company' }),
  deleted: (companyId: number, contactListId: number) =>
    domainEvent(companyId, 'contactList', { action: 'delete', contactListId }, { to: 'company' }),
};

/**
 * The `contactListItem` topic: each payload names its list (`contactListId`), the spec's per-list
 * channel; an import tells its progress, then `reload`.
 */
export const contactListItemEvents = {
  saved: (companyId: number, action: 'create' | 'update', record: ContactListItemView) =>
    domainEvent(
      companyId,
      'contactListItem',
      { action, contactListId: record.contactListId, record },
      { to: 'company' },
    ),
  deleted: (companyId: number, contactListId: number, id: number) =>
    domainEvent(companyId, 'contactListItem', { action: 'delete', contactListId, id }, { to: 'company' }),
  progress: (companyId: number, contactListId: number, rows: number, added: number, refused: number) =>
    domainEvent(
      companyId,
      'contactListItem',
      { action: 'progress', contactListId, rows, added, refused },
      { to: 'company' },
    ),
  reload: (companyId: number, contactListId: number) =>
    domainEvent(companyId, 'contactListItem', { action: 'reload', contactListId }, { to: 'company' }),
};
