import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CAMPAIGN_FILE_FIELD,
  type Campaign,
  type CampaignDetail,
  type CampaignPage,
  type CampaignUpdateBody,
} from '@balcao/contracts';
import { api } from '../../lib/api';
import { applyListChange, type PagedListSpec } from '../../lib/list/listChange';
import { useDeleteRow } from '../../lib/list/usePagedList';

export const campaignsKey = ['campaigns'] as const;
export const campaignKey = (id: number) => [...campaignsKey, 'one', id] as const;

/**
 * `GET /campaigns?searchParam=&pageNumber=` → `{records, count, hasMore}`, kept in step with
 * `company-{id}-campaign`: a listed campaign is patched (its status as it runs), a deleted one
 * leaves, a new one reads the lists again (newest first; whether it matches is the server's).
 */
export const campaignsList: PagedListSpec<CampaignPage, 'records', 'campaign'> = {
  key: [...campaignsKey, 'paged'],
  path: '/campaigns',
  rowsKey: 'records',
  topic: 'campaign',
  read: (e) => (e.action === 'delete' ? { type: 'remove', id: e.id } : { type: 'upsert', row: e.record }),
  newRows: 'refetch',
};

/**
 * `GET /campaigns/{id}`: the campaign with its counts (the report, the modal). Read afresh on
 * each opening: while neither is open, its events patch only the lists.
 */
export const useCampaign = (id: number | undefined) =>
  useQuery({
    queryKey: campaignKey(id ?? 0),
    // The counts alone: the report's per-contact lists are the spec's client's (lists=false).
    queryFn: ({ signal }) => api.get<CampaignDetail>(`/campaigns/${id}`, { lists: 'false' }, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });

export const useDeleteCampaign = () => useDeleteRow(campaignsList);

/** `POST /campaigns/{id}/cancel|restart|send-now`: the answer, if a campaign, patches the lists at once (its event follows). */
export function useCampaignAction(action: 'cancel' | 'restart' | 'send-now') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<Campaign | undefined>(`/campaigns/${id}/${action}`),
    onSuccess: (answer, id) => {
      if (answer && typeof answer === 'object' && 'status' in answer)
        applyListChange(qc, campaignsList, { type: 'upsert', row: answer });
      void qc.invalidateQueries({ queryKey: campaignKey(id) });
    },
  });
}

/** `POST /campaigns` or `PUT /campaigns/{id}`. */
export const saveCampaign = (id: number | undefined, body: CampaignUpdateBody) =>
  id ? api.put<Campaign>(`/campaigns/${id}`, body) : api.post<Campaign>('/campaigns', body);

/** `POST /campaigns/{id}/media-upload` (multipart `file`; spaces in the name as underscores, automation §5). */
export function uploadCampaignMedia(id: number, file: File) {
  const form = new FormData();
  form.append(CAMPAIGN_FILE_FIELD, file, file.name.replace(/\s/g, '_'));
  return api.post(`/campaigns/${id}/media-upload`, form);
}

export const removeCampaignMedia = (id: number) => api.delete(`/campaigns/${id}/media-upload`);
