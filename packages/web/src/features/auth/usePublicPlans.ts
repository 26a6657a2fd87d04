import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { Plan } from '@balcao/contracts';

/** `GET /plans/list`: public, a bare array of plans. */
export function usePublicPlans() {
  return useQuery({
    queryKey: ['plans', 'public'],
    queryFn: () => api.get<Plan[]>('/plans/list', undefined, { auth: false }),
  });
}
