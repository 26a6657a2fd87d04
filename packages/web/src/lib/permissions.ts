import { can, type Permission, type PlanFeature, type SessionUser, type SuperPermission } from '@balcao/contracts';

export { can };
export type Capability = Permission | SuperPermission;

/** Plan feature flags (foundation §3). Deny on doubt: a missing plan or flag hides the feature. */
export function hasFeature(user: SessionUser | null | undefined, feature: PlanFeature): boolean {
  return user?.company?.plan?.[feature] === true;
}

export const isSuper = (user: SessionUser | null | undefined) => user?.super === true;

export function companySetting(user: SessionUser | null | undefined, key: string): string | undefined {
  return user?.company?.settings?.find((s) => s.key === key)?.value;
}
