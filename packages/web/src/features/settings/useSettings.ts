import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Setting, SETTING_DEFAULTS, type SettingKey } from '@balcao/contracts';
import { api } from '../../lib/api';

const key = ['settings'] as const;

/** `GET /settings` → `[{key, value}]`. */
export function useSettings() {
  return useQuery({ queryKey: key, queryFn: () => api.get<Setting[]>('/settings') });
}

export function settingValue(list: Setting[] | undefined, k: SettingKey): string {
  return list?.find((s) => s.key === k)?.value ?? SETTING_DEFAULTS[k];
}

/** `PUT /settings/{key} {value}` → the setting; the cached list follows. */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key: k, value }: { key: SettingKey; value: string }) =>
      api.put<Setting>(`/settings/${encodeURIComponent(k)}`, { value }),
    onSuccess: (_saved, { key: k, value }) => {
      queryClient.setQueryData<Setting[]>(key, (old = []) =>
        old.some((s) => s.key === k) ? old.map((s) => (s.key === k ? { ...s, value } : s)) : [...old, { key: k, value }],
      );
    },
  });
}
