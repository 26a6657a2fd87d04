import { SETTING_DEFAULTS } from '@balcao/contracts';

export function defaultSettings(companyId: number) {
  return Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ companyId, key, value }));
}
