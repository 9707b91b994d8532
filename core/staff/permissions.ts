// Staff groups and what each may do in the back office (spec §6 "the backend side menu is built per
// user group"; issue #22 §1). One table decides the side menu, every admin page's loader and every
// admin action, so a link is never shown for a page that would refuse, and a page never trusts the
// menu: a missing right is 175 insufficient_permissions wherever it is met.
export const STAFF_GROUPS = ['admin', 'support'] as const;
export type StaffGroup = (typeof STAFF_GROUPS)[number];

/** Every right the back office checks. `*.view` reads; every other right changes something. */
export const STAFF_PERMISSIONS = [
  'dashboard.view',
  'search.use',
  'customers.view',
  'customers.manage',
  // Carrying out an erasure request (GDPR Art. 17, issue #24 §3): admins only.
  'customers.erase',
  // Issue #33 §3: resending a customer's e-mail verification link and sending a password-reset link,
  // each to the customer's own address, rate-limited and audited: safe enough for support.
  'customers.assist',
  'domains.view',
  'domains.manage',
  'hosting.view',
  'hosting.manage',
  'orders.view',
  'money.manage',
  'documents.view',
  'documents.manage',
  'mydata.view',
  'mydata.manage',
  'coupons.view',
  'coupons.manage',
  'catalog.view',
  'catalog.manage',
  'notifications.manage',
  'staff.manage',
  'audit.view',
  // Issue #33 §3: the e-mail log (read) and sending a message of it again (admins).
  'mail.view',
  'mail.resend',
] as const;
export type StaffPermission = (typeof STAFF_PERMISSIONS)[number];

/**
 * Support reads customers, their domains and orders to answer the phone; it changes nothing and sees
 * neither money screens nor the catalogue (issue #22 §1). Admin has every right.
 */
const SUPPORT_RIGHTS: ReadonlySet<StaffPermission> = new Set<StaffPermission>([
  'dashboard.view',
  'search.use',
  'customers.view',
  'domains.view',
  // Hosting services too; suspending one (hosting.manage) stays with admins (issue #23 §2).
  'hosting.view',
  'orders.view',
  // Reading a coupon's terms and who used it answers "why was my coupon refused?" (issue #22 §2);
  // creating and changing coupons is money, so coupons.manage stays with admins.
  'coupons.view',
  // The e-mail log answers "did you send me …?" (issue #33 §3); resending from it stays with admins,
  // while the two safe actions on a customer's page (customers.assist) are support's too.
  'mail.view',
  'customers.assist',
]);

export function isStaffGroup(group: string | null | undefined): group is StaffGroup {
  return typeof group === 'string' && (STAFF_GROUPS as readonly string[]).includes(group);
}

export function staffCan(group: string | null | undefined, permission: StaffPermission): boolean {
  if (group === 'admin') return true;
  if (group === 'support') return SUPPORT_RIGHTS.has(permission);
  return false;
}

/** The rights of a group, for the side menu and the header's "what you can do" line. */
export function staffRights(group: string | null | undefined): StaffPermission[] {
  return STAFF_PERMISSIONS.filter((p) => staffCan(group, p));
}
