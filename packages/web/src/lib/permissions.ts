import { can, type Permission, type PlanFeature, type SuperPermission } from '@balcao/contracts';
import type { User } from './types';

export { can };
export type Capability = Permission | SuperPermission;

/** Plan feature flags (foundation §3). Deny on doubt: a missing plan or flag hides the feature. */
export function hasFeature(user: User | null | undefined, feature: PlanFeature): boolean {
  return user?.company?.plan?.[feature] === true;
}

export const isSuper = (user: User | null | undefined) => user?.super === true;

export function companySetting(user: User | null | undefined, key: string): string | undefined {
  return user?.company?.settings?.find((s) => s.key === key)?.value;
}
