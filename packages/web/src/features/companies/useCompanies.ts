import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { makeCrud } from '../../lib/crud';
import type { Company, ScheduleDay } from '@balcao/contracts';

/** Companies for operators: `GET /companies/list`, `POST /companies`, `PUT|DELETE /companies/{id}`. */
export const companiesCrud = makeCrud<Company, Record<string, unknown>>('companies', '/companies/list', '/companies');

/** The own company (its business hours live in `schedules`). */
export function useCompany(companyId: number) {
  return useQuery({
    queryKey: ['companies', 'one', companyId],
    queryFn: () => api.get<Company>(`/companies/${companyId}`),
  });
}

export function useSaveSchedules(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (schedules: ScheduleDay[]) => api.put(`/companies/${companyId}/schedules`, { schedules }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['companies', 'one', companyId] }),
  });
}
