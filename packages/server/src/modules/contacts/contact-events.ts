import { domainEvent } from '../../platform/domain-event.js';
import type { ContactView } from './contact-view.js';

/** The `contact` topic. Contacts are company-wide: every user of the company hears each change. */
export const contactEvents = {
  /** Created or changed (by a user, or by what a session learnt of it). */
  updated: (companyId: number, contact: ContactView) =>
    domainEvent(companyId, 'contact', { action: 'update', contact }, { to: 'company' }),
  deleted: (companyId: number, contactId: number) =>
    domainEvent(companyId, 'contact', { action: 'delete', contactId }, { to: 'company' }),
  /** An import added `count` contacts: one event for the whole import, lists open elsewhere reload. */
  imported: (companyId: number, count: number) =>
    domainEvent(companyId, 'contact', { action: 'reload', count }, { to: 'company' }),
};
