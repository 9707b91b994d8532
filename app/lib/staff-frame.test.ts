import { describe, expect, it } from 'vitest';
import { isStaffFramePath } from './staff-frame';

describe('isStaffFramePath', () => {
  it('is the back office layout and its pages, and their single-fetch data', () => {
    for (const p of ['/admin', '/admin/', '/admin/orders', '/admin/customers/7/status', '/admin.data', '/admin/orders.data', '/admin/no-such-screen']) expect([p, isStaffFramePath(p)]).toEqual([p, true]);
  });

  it('is not the storefront, nor the invitation page drawn in the storefront frame', () => {
    for (const p of ['/', '/_root.data', '/administrator', '/admins', '/account/admin', '/admin/invitation', '/admin/invitation.data', '/cart']) expect([p, isStaffFramePath(p)]).toEqual([p, false]);
  });
});
