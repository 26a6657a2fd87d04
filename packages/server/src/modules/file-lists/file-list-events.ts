import { domainEvent } from '../../platform/domain-event.js';
import type { FileListView } from './file-list-view.js';

/** The `file` topic: lists are the company's, everyone of it hears `company-{id}-file`. */
export const fileListEvents = {
  saved: (companyId: number, action: 'create' | 'update', record: FileListView) =>
    domainEvent(companyId, 'file', { action, record }, { to: 'company' }),
  deleted: (companyId: number, id: number) =>
    domainEvent(companyId, 'file', { action: 'delete', id }, { to: 'company' }),
};
