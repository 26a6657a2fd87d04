import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Onboarding, OnboardingBody } from '@balcao/contracts';
import { api } from '../../lib/api';

const queryKey = ['onboarding'];

/** `GET /onboarding`, read afresh on each visit: the steps are ticked from what the company did. */
export function useOnboarding(enabled: boolean) {
  return useQuery({
    queryKey,
    queryFn: () => api.get<Onboarding>('/onboarding'),
    enabled,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** `PUT /onboarding`: closes (or reopens) the checklist for the whole company. */
export function useDismissOnboarding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: OnboardingBody) => api.put<Onboarding>('/onboarding', body),
    onSuccess: (answer) => client.setQueryData(queryKey, answer),
  });
}
