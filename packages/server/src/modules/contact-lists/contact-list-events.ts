import { domainEvent } from '../../platform/domain-event.js';
import type { ContactListItemView, ContactListView } from './contact-list-view.js';

/**
 * The `contactList` topic: lists are the company's, everyone of it hears `company-{id}-contactList`;
 * each change is told again as the spec's client hears it (`ContactList`, `{record}` / `{id}`).
 */
export const contactListEvents = {
  saved: (companyId: number, action: 'create' | 'update', contactList: ContactListView) => [
    domainEvent(companyId, 'contactList', { action, contactList }, { to: 'company' }),
    domainEvent(companyId, 'ContactList', { action, record: contactList }, { to: 'company' }),
  ],
  deleted: (companyId: number, contactListId: number) => [
    domainEvent(companyId, 'contactList', { action: 'delete', contactListId }, { to: 'company' }),
    domainEvent(companyId, 'ContactList', { action: 'delete', id: contactListId }, { to: 'company' }),
  ],
};

/**
 * The `contactListItem` topic: each payload names its list (`contactListId`), the spec's per-list
 * channel; an import tells its progress, then `reload`. Changes and reloads are told again as the
 * spec's client hears them (`ContactListItem`; a reload on the list's own channel, with records).
 */
export const contactListItemEvents = {
  saved: (companyId: number, action: 'create' | 'update', record: ContactListItemView) => [
    domainEvent(
      companyId,
      'contactListItem',
      { action, contactListId: record.contactListId, record },
      { to: 'company' },
    ),
    domainEvent(companyId, 'ContactListItem', { action, record }, { to: 'company' }),
  ],
  deleted: (companyId: number, contactListId: number, id: number) => [
    domainEvent(companyId, 'contactListItem', { action: 'delete', contactListId, id }, { to: 'company' }),
    domainEvent(companyId, 'ContactListItem', { action: 'delete', id }, { to: 'company' }),
  ],
  progress: (companyId: number, contactListId: number, rows: number, added: number, refused: number) =>
    domainEvent(
      companyId,
      'contactListItem',
      { action: 'progress', contactListId, rows, added, refused },
      { to: 'company' },
    ),
  /** `firstPage`: the list's first page (`loadFirstPage`), the records the client's page lays over its own. */
  reload: (companyId: number, contactListId: number, firstPage: ContactListItemView[]) => [
    domainEvent(companyId, 'contactListItem', { action: 'reload', contactListId }, { to: 'company' }),
    domainEvent(
      companyId,
      'ContactListItem',
      { action: 'reload', records: firstPage },
      { to: 'company' },
      { channel: contactListId },
    ),
  ],
};
