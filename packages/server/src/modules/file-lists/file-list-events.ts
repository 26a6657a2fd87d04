import { domainEvent } from '../../platform/domain-event.js';
import type { FileListView } from './file-list-view.js';

/**
 * The `file` topic: lists are the company's, everyone of it hears `company-{id}-file`. The list and
 * its id go twice: `record`/`id` (Balcão's web) and `files`/`fileId` (the spec's client).
 */
export const fileListEvents = {
  saved: (companyId: number, action: 'create' | 'update', record: FileListView) =>
    domainEvent(companyId, 'file', { action, record, files: record }, { to: 'company' }),
  deleted: (companyId: number, id: number) =>
    domainEvent(companyId, 'file', { action: 'delete', id, fileId: id }, { to: 'company' }),
};
