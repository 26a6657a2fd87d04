import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SETTING_DEFAULTS, type SettingKey } from '@balcao/contracts';
import { api } from '../../lib/api';
import type { SettingEntry } from '../../lib/types';

const key = ['settings'] as const;

/** `GET /settings` → `[{key, value}]`. */
export function useSettings() {
  return useQuery({ queryKey: key, queryFn: () => api.get<SettingEntry[]>('/settings') });
}

export function settingValue(list: SettingEntry[] | undefined, k: SettingKey): string {
  return list?.find((s) => s.key === k)?.value ?? SETTING_DEFAULTS[k];
}

/** `PUT /settings/{key} {value}` → the setting; the cached list follows. */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ key: k, value }: { key: SettingKey; value: string }) =>
      api.put<SettingEntry>(`/settings/${encodeURIComponent(k)}`, { value }),
    onSuccess: (_saved, { key: k, value }) => {
      queryClient.setQueryData<SettingEntry[]>(key, (old = []) =>
        old.some((s) => s.key === k) ? old.map((s) => (s.key === k ? { ...s, value } : s)) : [...old, { key: k, value }],
      );
    },
  });
}
