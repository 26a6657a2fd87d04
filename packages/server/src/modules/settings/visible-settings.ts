import { ADMIN_ONLY_SETTINGS, can, type PermissionSubject } from '@balcao/contracts';

/** The one rule for secret settings: only admins (and super users) see their values. */
export function visibleSettings<T extends { key: string }>(rows: T[], viewer: PermissionSubject | null): T[] {
  if (viewer && (viewer.super || can(viewer, 'settings:manage'))) return rows;
  return rows.filter((r) => !(ADMIN_ONLY_SETTINGS as readonly string[]).includes(r.key));
}

export const isAdminOnlySetting = (key: string) => (ADMIN_ONLY_SETTINGS as readonly string[]).includes(key);
