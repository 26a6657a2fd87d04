/**
 * Queue integrations' calls (automation §7): the paged list kept live by
 * `company-{id}-queueIntegration`, save, delete, the Dialogflow test, and every integration for
 * the pickers of the queue and connection modals.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  IntegrationTestBody,
  IntegrationTestResult,
  QueueIntegration,
  QueueIntegrationBody,
  QueueIntegrationsPage,
} from '@balcao/contracts';
import { api } from '../../lib/api';
import type { PagedListSpec } from '../../lib/list/listChange';
import { readAllPages } from '../../lib/list/readAllPages';
import { useDeleteRow } from '../../lib/list/usePagedList';

const KEY = 'queueIntegrations';

/** `GET /queueIntegration?searchParam=&pageNumber=` → `{queueIntegrations, count, hasMore}`, by name. */
export const queueIntegrationsList: PagedListSpec<QueueIntegrationsPage, 'queueIntegrations', 'queueIntegration'> = {
  key: [KEY, 'paged'],
  path: '/queueIntegration',
  rowsKey: 'queueIntegrations',
  topic: 'queueIntegration',
  read: (e) =>
    e.action === 'delete' ? { type: 'remove', id: e.integrationId } : { type: 'upsert', row: e.queueIntegration },
  // By name: where a new one falls (and whether it matches the search) is the server's answer.
  newRows: 'refetch',
};

/** `POST /queueIntegration` or `PUT /queueIntegration/{id}`; the pickers read the list again. */
export function useSaveQueueIntegration() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: QueueIntegrationBody }) =>
      id
        ? api.put<QueueIntegration>(`/queueIntegration/${id}`, body)
        : api.post<QueueIntegration>('/queueIntegration', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}

export const useDeleteQueueIntegration = () => {
  const qc = useQueryClient();
  return useDeleteRow(queueIntegrationsList, () => void qc.invalidateQueries({ queryKey: [KEY, 'all'] }));
};

/** `POST /queueIntegration/testSession`: whether the Dialogflow agent answers. */
export function useTestDialogflow() {
  return useMutation({
    mutationFn: (body: IntegrationTestBody) => api.post<IntegrationTestResult>('/queueIntegration/testSession', body),
  });
}

/** Every integration of the company, by name, for a picker (`enabled` false: none asked). */
export function useAllQueueIntegrations(enabled = true) {
  return useQuery({
    queryKey: [KEY, 'all'],
    queryFn: ({ signal }) =>
      readAllPages<QueueIntegration, 'queueIntegrations'>('/queueIntegration', 'queueIntegrations', signal),
    enabled,
    retry: false,
  });
}
