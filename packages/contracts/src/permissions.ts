/**
 * Permissions are data: one table of `resource:action` rules used by the server's guards and
 * the web's `can()`. Deny on doubt: an unknown permission or profile is never granted.
 */
export const PROFILES = ['admin', 'user'] as const;
export type Profile = (typeof PROFILES)[number];

export const PERMISSIONS = [
  // the spec's list (foundation §6, operations §6)
  'dashboard:view',
  'drawer-admin-items:view',
  'tickets-manager:showall',
  'user-modal:editProfile',
  'user-modal:editQueues',
  'ticket-options:deleteTicket',
  'contacts-page:deleteContact',
  'connections-page:actionButtons',
  'connections-page:addConnection',
  'connections-page:editOrDeleteConnection',
  // ours, for the server side of the admin pages
  'users:manage',
  'settings:manage',
  'company:manage-own',
  'tag-modal:editKanban',
  'quick-messages:manageAll',
  'ticket-notes:deleteAny',
  'queues:manage',
  /** Queue integrations (read and write: the records hold webhook signing keys). */
  'queue-integrations:manage',
  /** AI prompts (read and write). */
  'prompts:manage',
  /** The company's invoices (/financeiro) and paying them (checkout, subscription page). */
  'invoices:manage',
  // ours, for who sees and hears what (checked on every request and socket, never by profile name)
  /** Every ticket of the company whatever its queue or user; assigns and opens tickets for others. */
  'tickets:manageAll',
  /** The admins' realtime room: users' changes, admin-only settings, every ticket's events. */
  'realtime:admins',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const RULES: Record<Profile, readonly Permission[]> = {
  admin: PERMISSIONS,
  user: [],
};

/** Platform-operator powers come from the super flag, not from the profile. */
export const SUPER_PERMISSIONS = ['companies:manage', 'plans:manage', 'helps:manage', 'announcements:manage'] as const;
export type SuperPermission = (typeof SUPER_PERMISSIONS)[number];

export interface PermissionSubject {
  profile: string;
  super?: boolean;
}

export function can(subject: PermissionSubject | null | undefined, permission: Permission | SuperPermission): boolean {
  try {
    if (!subject) return false;
    if ((SUPER_PERMISSIONS as readonly string[]).includes(permission)) return subject.super === true;
    const rules = RULES[subject.profile as Profile];
    return rules ? (rules as readonly string[]).includes(permission) : false;
  } catch {
    return false;
  }
}
