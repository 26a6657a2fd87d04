import type { QuickMessagePage } from '@balcao/contracts';
import type { PagedListSpec } from '../../lib/list/listChange';
import { useDeleteRow } from '../../lib/list/usePagedList';

export const quickMessagesKey = ['quick-messages'] as const;

/**
 * `GET /quick-messages?searchParam=&pageNumber=&userId=` → `{records, hasMore}`: mine and the
 * shared ones. `company-{id}-quickmessage`: a known answer is patched, a deleted one (or one no
 * longer shared) leaves; any other answer reloads the lists (whether it is mine or shared, and
 * matches the search, is the server's call).
 */
export const quickMessagesList: PagedListSpec<QuickMessagePage, 'records', 'quickmessage'> = {
  key: [...quickMessagesKey, 'paged'],
  path: '/quick-messages',
  rowsKey: 'records',
  topic: 'quickmessage',
  read: (e) => (e.action === 'delete' ? { type: 'remove', id: e.id } : { type: 'upsert', row: e.record }),
  newRows: 'refetch',
};

export const useDeleteQuickMessage = () => useDeleteRow(quickMessagesList);
