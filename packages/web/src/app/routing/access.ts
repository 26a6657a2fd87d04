/**
 * Who may see which part of the app. The side menu and the route guards read the same rules
 * (foundation §2 side menu, §6 roles); the server enforces them again.
 */
import { can, hasFeature, isSuper } from '../../lib/permissions';
import type { SessionUser } from '@balcao/contracts';

export type Rule = (user: SessionUser | null | undefined) => boolean;

const admin: Rule = (u) => can(u, 'drawer-admin-items:view');

export const access = {
  everyone: (() => true) as Rule,
  dashboard: ((u) => can(u, 'dashboard:view')) as Rule,
  kanban: ((u) => hasFeature(u, 'useKanban')) as Rule,
  schedules: ((u) => hasFeature(u, 'useSchedules')) as Rule,
  chats: ((u) => hasFeature(u, 'useInternalChat')) as Rule,
  announcements: ((u) => isSuper(u)) as Rule,
  admin,
  campaigns: ((u) => admin(u) && hasFeature(u, 'useCampaigns')) as Rule,
  flows: admin,
  prompts: ((u) => admin(u) && hasFeature(u, 'useOpenAi')) as Rule,
  integrations: ((u) => admin(u) && hasFeature(u, 'useIntegrations')) as Rule,
  externalApi: ((u) => admin(u) && hasFeature(u, 'useExternalApi')) as Rule,
  settings: ((u) => can(u, 'settings:manage')) as Rule,
  users: ((u) => can(u, 'users:manage')) as Rule,
  /** Invoices and paying them (/financeiro, the subscription page's sign-now). */
  billing: ((u) => can(u, 'invoices:manage')) as Rule,
} satisfies Record<string, Rule>;
