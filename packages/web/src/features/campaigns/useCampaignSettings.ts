import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CAMPAIGN_SETTING_DEFAULTS, type CampaignSetting, type CampaignSettingsBody } from '@balcao/contracts';
import { api } from '../../lib/api';

export type CampaignSettings = Required<CampaignSettingsBody['settings']>;

const settingsKey = ['campaignSettings'] as const;

/** A stored value (JSON text) of the expected kind, else the default. */
function parsed<T>(raw: string | undefined, fallback: T, ok: (v: unknown) => boolean): T {
  if (raw === undefined) return fallback;
  try {
    const value: unknown = JSON.parse(raw);
    return ok(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

const isSeconds = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isVariables = (v: unknown) =>
  Array.isArray(v) && v.every((x) => typeof x?.key === 'string' && typeof x?.value === 'string');

/** `GET /campaign-settings` (`[{key, value: JSON text}]`) read as the settings, defaults where a key is missing. */
export function readCampaignSettings(rows: CampaignSetting[]): CampaignSettings {
  const raw = (key: string) => rows.find((r) => r.key === key)?.value;
  const d = CAMPAIGN_SETTING_DEFAULTS;
  return {
    messageInterval: parsed(raw('messageInterval'), d.messageInterval, isSeconds),
    longerIntervalAfter: parsed(raw('longerIntervalAfter'), d.longerIntervalAfter, isSeconds),
    greaterInterval: parsed(raw('greaterInterval'), d.greaterInterval, isSeconds),
    variables: parsed(raw('variables'), d.variables, isVariables),
  };
}

export const useCampaignSettings = () =>
  useQuery({
    queryKey: settingsKey,
    queryFn: async ({ signal }) =>
      readCampaignSettings(await api.get<CampaignSetting[]>('/campaign-settings', undefined, { signal })),
  });

/** `POST /campaign-settings {settings}`. */
export function useSaveCampaignSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (settings: CampaignSettings) => api.post('/campaign-settings', { settings }),
    onSuccess: (_r, settings) => qc.setQueryData(settingsKey, settings),
  });
}
