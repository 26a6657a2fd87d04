/**
 * Flow campaigns' calls (automation §7): the whole list (`GET /flowcampaign` → `{flow}`), save,
 * delete; and the flows a campaign may start. No realtime topic: lists are read again after a change.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Flow,
  FlowCampaign,
  FlowCampaignBody,
  FlowCampaignList,
  FlowCampaignUpdateBody,
  FlowPage,
} from '@balcao/contracts';
import { api } from '../../lib/api';

const KEY = ['flowCampaigns'] as const;

export function useFlowCampaigns() {
  return useQuery({
    queryKey: [...KEY, 'all'],
    queryFn: async ({ signal }) => (await api.get<FlowCampaignList>('/flowcampaign', undefined, { signal })).flow,
  });
}

/** `POST /flowcampaign`, then `PUT` when the status chosen differs from the new campaign's; or `PUT` alone. */
export function useSaveFlowCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, status }: { id?: number; body: FlowCampaignBody; status: boolean }) => {
      if (id) return api.put<FlowCampaign>('/flowcampaign', { ...body, id, status } satisfies FlowCampaignUpdateBody);
      const created = await api.post<FlowCampaign>('/flowcampaign', body);
      return created.status === status
        ? created
        : api.put<FlowCampaign>('/flowcampaign', { ...body, id: created.id, status } satisfies FlowCampaignUpdateBody);
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteFlowCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/flowcampaign/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Flows are few; the picker reads up to this many pages of 20. */
const FLOW_PAGES = 10;

/** Every flow, by name, for the campaign's picker. */
export function useAllFlows() {
  return useQuery({
    queryKey: ['flows', 'all'],
    queryFn: async ({ signal }) => {
      const flows: Flow[] = [];
      for (let pageNumber = 1; pageNumber <= FLOW_PAGES; pageNumber++) {
        const page = await api.get<FlowPage>('/flowbuilder', { pageNumber }, { signal });
        flows.push(...page.flows);
        if (!page.hasMore) break;
      }
      return flows;
    },
  });
}
