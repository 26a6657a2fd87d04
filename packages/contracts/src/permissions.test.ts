import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS } from './permissions.js';

describe('can', () => {
  it('gives admins every profile permission and users none', () => {
    for (const p of PERMISSIONS) {
      expect(can({ profile: 'admin' }, p)).toBe(true);
      expect(can({ profile: 'user' }, p)).toBe(false);
    }
  });

  it('ties platform powers to the super flag, not the profile', () => {
    expect(can({ profile: 'admin' }, 'companies:manage')).toBe(false);
    expect(can({ profile: 'user', super: true }, 'companies:manage')).toBe(true);
  });

  it('denies on doubt', () => {
    expect(can(null, 'dashboard:view')).toBe(false);
    expect(can({ profile: 'owner' }, 'dashboard:view')).toBe(false);
    expect(can({ profile: 'admin' }, 'nothing:here' as never)).toBe(false);
  });
});
