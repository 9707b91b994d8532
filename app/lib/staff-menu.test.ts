import { describe, expect, it } from 'vitest';
import { staffMenu, STAFF_MENU } from './staff-menu';

describe('the staff side menu', () => {
  it('gives an admin every screen', () => {
    expect(staffMenu('admin').map((e) => e.to)).toEqual(STAFF_MENU.map((e) => e.to));
  });

  it('gives support only what it may read: no money, catalogue, audit or staff screens', () => {
    // Coupons read-only (issue #22 §2: support sees the list, 175 on creating or editing); the e-mail
    // log read-only (issue #33 §3: resending stays with admins).
    expect(staffMenu('support').map((e) => e.key)).toEqual(['dashboard', 'customers', 'domains', 'hosting', 'orders', 'coupons', 'mail']);
  });

  it('gives customers and guests nothing', () => {
    expect(staffMenu('user')).toEqual([]);
    expect(staffMenu(null)).toEqual([]);
  });
});
