import { ADMIN_ONLY_SETTINGS, PLATFORM_SETTINGS, can, type PermissionSubject } from '@balcao/contracts';

/** The operator's own settings (the payment gateway's key): a company never reads nor writes them. */
export const isPlatformSetting = (key: string) => (PLATFORM_SETTINGS as readonly string[]).includes(key);

/**
 * The one rule for who sees which setting: the platform's only super users; secret ones only
 * admins (and super users).
 */
export function visibleSettings<T extends { key: string }>(rows: T[], viewer: PermissionSubject | null): T[] {
  const mine = viewer?.super ? rows : rows.filter((r) => !isPlatformSetting(r.key));
  if (viewer && (viewer.super || can(viewer, 'settings:manage'))) return mine;
  return mine.filter((r) => !(ADMIN_ONLY_SETTINGS as readonly string[]).includes(r.key));
}

export const isAdminOnlySetting = (key: string) => (ADMIN_ONLY_SETTINGS as readonly string[]).includes(key);
