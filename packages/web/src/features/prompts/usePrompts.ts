/**
 * AI prompts' calls (automation §7): the paged list kept live by `company-{id}-prompt`, save,
 * delete (its answer's `message`, when the server sends one, is shown), and every prompt for the
 * pickers of the queue and connection modals.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Prompt, PromptBody, PromptsPage } from '@balcao/contracts';
import { api } from '../../lib/api';
import type { PagedListSpec } from '../../lib/list/listChange';
import { readAllPages } from '../../lib/list/readAllPages';
import { useDeleteRow } from '../../lib/list/usePagedList';

const KEY = 'prompts';

/** `GET /prompt?searchParam=&pageNumber=` → `{prompts, count, hasMore}`, by name. */
export const promptsList: PagedListSpec<PromptsPage, 'prompts', 'prompt'> = {
  key: [KEY, 'paged'],
  path: '/prompt',
  rowsKey: 'prompts',
  topic: 'prompt',
  read: (e) => (e.action === 'delete' ? { type: 'remove', id: e.promptId } : { type: 'upsert', row: e.prompt }),
  newRows: 'refetch',
};

/** `POST /prompt` or `PUT /prompt/{id}`; the pickers read the list again. */
export function useSavePrompt() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: PromptBody }) =>
      id ? api.put<Prompt>(`/prompt/${id}`, body) : api.post<Prompt>('/prompt', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: [KEY] }),
  });
}

/** `DELETE /prompt/{id}`; answers the server's `message`, if any. */
export function useDeletePrompt() {
  const qc = useQueryClient();
  const remove = useDeleteRow(promptsList, () => void qc.invalidateQueries({ queryKey: [KEY, 'all'] }));
  return {
    isPending: remove.isPending,
    mutateAsync: async (id: number) => {
      const answer = (await remove.mutateAsync(id)) as { message?: unknown } | undefined;
      return typeof answer?.message === 'string' && answer.message ? answer.message : undefined;
    },
  };
}

/** Every prompt of the company, by name, for a picker (`enabled` false: none asked). */
export function useAllPrompts(enabled = true) {
  return useQuery({
    queryKey: [KEY, 'all'],
    queryFn: ({ signal }) => readAllPages<Prompt, 'prompts'>('/prompt', 'prompts', signal),
    enabled,
    retry: false,
  });
}
