// The back office's side menu (spec §6 "the backend side menu is built per user group", issue #22 §1).
// One entry per screen with the right its loader checks (core/staff/permissions.ts), so a group is
// never shown a link to a page that would answer 175.
import { staffCan, type StaffPermission } from '../../core/staff/permissions';

export type StaffMenuEntry = {
  /** The i18n key under `staff:menu.` and the entry's test id. */
  key: string;
  to: string;
  permission: StaffPermission;
};

/** Every screen of the back office, in menu order. */
export const STAFF_MENU: readonly StaffMenuEntry[] = [
  { key: 'dashboard', to: '/admin', permission: 'dashboard.view' },
  { key: 'customers', to: '/admin/customers', permission: 'customers.view' },
  { key: 'domains', to: '/admin/domains', permission: 'domains.view' },
  { key: 'hosting', to: '/admin/hosting', permission: 'hosting.view' },
  { key: 'orders', to: '/admin/orders', permission: 'orders.view' },
  { key: 'documents', to: '/admin/documents', permission: 'documents.view' },
  { key: 'mydata', to: '/admin/mydata', permission: 'mydata.view' },
  { key: 'coupons', to: '/admin/coupons', permission: 'coupons.view' },
  { key: 'catalog', to: '/admin/catalog', permission: 'catalog.view' },
  { key: 'legal_files', to: '/admin/legal-files', permission: 'documents.manage' },
  { key: 'erasures', to: '/admin/erasures', permission: 'customers.erase' },
  { key: 'notifications', to: '/admin/notifications', permission: 'notifications.manage' },
  { key: 'mail', to: '/admin/mail', permission: 'mail.view' },
  { key: 'audit', to: '/admin/audit', permission: 'audit.view' },
  { key: 'staff', to: '/admin/staff', permission: 'staff.manage' },
];

/** The entries a staff group may open. */
export function staffMenu(group: string | null | undefined): StaffMenuEntry[] {
  return STAFF_MENU.filter((e) => staffCan(group, e.permission));
}
