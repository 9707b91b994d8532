import { describe, expect, it } from 'vitest';
import { STAFF_PERMISSIONS, isStaffGroup, staffCan, staffRights } from './permissions';

describe('staff permissions', () => {
  it('gives an admin every right', () => {
    for (const p of STAFF_PERMISSIONS) expect(staffCan('admin', p)).toBe(true);
  });

  it('gives support only reading rights, and never money, catalogue, coupon changes or staff', () => {
    const rights = staffRights('support');
    expect(rights).toEqual(['dashboard.view', 'search.use', 'customers.view', 'customers.assist', 'domains.view', 'hosting.view', 'orders.view', 'coupons.view', 'mail.view']);
    for (const p of ['money.manage', 'catalog.manage', 'coupons.manage', 'staff.manage', 'customers.manage', 'domains.manage', 'hosting.manage', 'mail.resend'] as const) {
      expect(staffCan('support', p)).toBe(false);
    }
  });

  it('gives customers, guests and unknown groups nothing', () => {
    for (const g of ['user', 'guest', '', null, undefined, 'ADMIN']) {
      expect(staffRights(g)).toEqual([]);
      expect(isStaffGroup(g)).toBe(false);
    }
    expect(isStaffGroup('support')).toBe(true);
  });
});
