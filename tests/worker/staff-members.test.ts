// Issue #22 §1: staff accounts managed by an admin (decision 065). /admin/staff answers admins only
// (customers refused, the storefront host 404, support 175); an invitation is a single-use, expiring
// link that acts on its own address only, and an address that already has a customer account becomes
// staff only when its owner accepts with that account's password; group changes and disabling write
// their audit row in the same batch, never touch oneself or the last active admin (151), and a
// disabled member's sessions end. Invitations are limited per admin, attempt first, under 30 at once.
import { env } from 'cloudflare:workers';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { RATE_LIMITS } from '../../core/rate-limits';
import { STAFF_INVITATION_TTL_MS } from '../../core/staff/members';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { auditLog, staffInvitations, users } from '../../db/schema';
import { servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';
import { ADMIN, newStaff, staffBrowser, staffLogin } from './staff';

const db = createDb(env.DB);
const PASSWORD = 'Kalimera-Thalassa-42!';
const fresh = (p: string) => `${uniqueName(p)}@example.gr`;

async function auditRows(action: string, targetId: string | number) {
  return db.select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));
}

/** Invites through the page as `b`; returns the response. */
async function invite(b: Browser, email: string, group: 'admin' | 'support' = 'support') {
  const { token } = await b.open(`${ADMIN}/admin/staff`);
  return b.fetch(`${ADMIN}/admin/staff`, form({ _token: token, intent: 'invite', email, group }));
}

/** The newest invitation link sent to `to` (the sandbox mailbox). */
async function invitationLink(to: string): Promise<string> {
  const [m] = (await servicesAt().outbox.list({ to })).filter((x) => x.tag === 'staff_invitation');
  const link = /(http\S+\/admin\/invitation\?t=\S+)/.exec(m?.body ?? '')?.[1];
  if (!link) throw new Error(`no invitation mail to ${to}`);
  return link;
}

async function acceptNew(b: Browser, link: string, extra: Record<string, string> = {}) {
  const { token } = await b.open(link);
  const t = new URL(link).searchParams.get('t')!;
  // A used or unknown link shows no form (no token in the page): the cookie holds the same value.
  return b.fetch(link, form({ _token: token || b.csrf, t, first_name: 'Σοφία', last_name: 'Νέα', password: PASSWORD, password_confirmation: PASSWORD, gdpr_accept: 'on', ...extra }));
}

async function newCustomer(email = fresh('cust')) {
  const now = new Date();
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Άννα', lastName: 'Κ', gdprProcessingAt: now, emailVerifiedAt: now, createdAt: now, updatedAt: now })
    .returning();
  return u!;
}

describe('/admin/staff: who may open it', () => {
  it('refuses customers, does not exist on the storefront host, and gives support 175 in the loader and the action', async () => {
    const customer = new Browser();
    await login(customer, DEMO_USERS[0].email, DEMO_USERS[0].password);
    expect((await customer.fetch(`${ADMIN}/admin/staff`)).headers.get('Location')).toBe('/access_denied');
    expect((await customer.fetch('/admin/staff')).status).toBe(404);
    expect((await customer.fetch('/admin/invitation?t=x')).status).toBe(404);

    const { b: support } = await staffBrowser('support');
    expect((await support.fetch(`${ADMIN}/admin/staff`)).status).toBe(403);
    const target = fresh('bysupport');
    const res = await support.fetch(`${ADMIN}/admin/staff`, form({ _token: support.csrf, intent: 'invite', email: target, group: 'admin' }));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('175');
    expect(await db.select().from(staffInvitations).where(eq(staffInvitations.email, target))).toHaveLength(0);

    const { b: admin } = await staffBrowser('admin');
    const page = await admin.open(`${ADMIN}/admin/staff`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="staff-members"');
    expect(page.html).toContain(DEMO_USERS[1].email);
  });
});

describe('invitations', () => {
  it('a new address: the link sets a password, is good once, and the member enrols two-factor at the first login', async () => {
    const { b: admin, staff } = await staffBrowser();
    const email = fresh('invitee');
    const res = await invite(admin, email, 'support');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toContain('done=invited');
    // Nothing exists for the address yet but the invitation, with its audit row.
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await auditRows('staff.invited', email)).toMatchObject([{ actorUserId: staff.id, targetType: 'staff_invitation' }]);
    const link = await invitationLink(email);
    expect(link.startsWith(`${ADMIN}/admin/invitation?t=`)).toBe(true);

    // A weak password is refused by the house rules and the link still works.
    const invitee = new Browser();
    expect((await acceptNew(invitee, link, { password: 'abc', password_confirmation: 'abc' })).status).toBe(400);
    const accepted = await acceptNew(invitee, link);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('Location')).toBe('/admin/invitation?accepted=1');
    const [u] = await db.select().from(users).where(eq(users.email, email));
    expect(u).toMatchObject({ userGroup: 'support', status: 'active', firstName: 'Σοφία', totpEnabledAt: null });
    expect(u!.emailVerifiedAt).not.toBeNull();
    expect(await auditRows('staff.invitation_accepted', email)).toHaveLength(1);

    // Single use: the same link again changes nothing and says so.
    const again = await acceptNew(new Browser(), link, { first_name: 'Άλλος' });
    expect(again.status).toBe(410);
    expect((await new Browser().open(link)).html).toContain('data-testid="staff-accept-invalid"');
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);

    // The first login leads to the two-factor enrolment before anything else.
    const b = new Browser();
    const logged = await staffLogin(b, { email, password: PASSWORD, secret: null }, '/admin');
    expect(logged.status).toBe(303);
    const home = await b.fetch(`${ADMIN}/admin/search`);
    expect(home.headers.get('Location')).toBe(`/admin/two-factor?redirectTo=${encodeURIComponent('/admin/search')}`);
  }, 30_000);

  it('an expired link, a replaced link and an unknown one are refused', async () => {
    const { b: admin, staff } = await staffBrowser();
    const email = fresh('late');
    expect((await invite(admin, email)).status).toBe(303);
    const first = await invitationLink(email);
    // A newer invitation replaces the open one.
    expect((await invite(admin, email)).status).toBe(303);
    const second = await invitationLink(email);
    expect(second).not.toBe(first);
    expect((await acceptNew(new Browser(), first)).status).toBe(410);
    // Three days later the newer one has expired too (checked at the service's clock).
    const later = servicesAt(Date.now() + STAFF_INVITATION_TTL_MS + 1000);
    const t = new URL(second).searchParams.get('t')!;
    expect(await later.staffInvitations.view(t)).toBeNull();
    expect(await later.staffInvitations.accept(t, { kind: 'new', firstName: 'Α', lastName: 'Β', password: PASSWORD, locale: 'el' }, '192.0.2.1')).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    expect((await acceptNew(new Browser(), `${ADMIN}/admin/invitation?t=nothing`)).status).toBe(410);
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    // An address that is staff already is not invited (151).
    const res = await invite(admin, staff.email);
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('data-code="151"');
  }, 30_000);

  it('acts on its own address only: a signed-in customer opening the link does not become staff', async () => {
    const { b: admin } = await staffBrowser();
    const email = fresh('own');
    await invite(admin, email);
    const link = await invitationLink(email);
    // Another person, signed in as a customer, opens the forwarded link and accepts it.
    const other = await newCustomer();
    const b = new Browser();
    expect((await login(b, other.email, DEMO_USERS[0].password)).status).toBe(303);
    expect((await acceptNew(b, link)).status).toBe(303);
    const [still] = await db.select().from(users).where(eq(users.id, other.id));
    expect(still!.userGroup).toBe('user');
    // The account made is the invitation's address, with the password typed (the customer's session is no staff session).
    const [made] = await db.select().from(users).where(eq(users.email, email));
    expect(made!.userGroup).toBe('support');
    expect((await b.fetch(`${ADMIN}/admin/search`)).headers.get('Location')).not.toBe('/admin/search');
  }, 30_000);

  it('an address with a customer account: nothing changes until its owner accepts with that account password', async () => {
    const { b: admin } = await staffBrowser();
    const customer = await newCustomer();
    const session = new Browser();
    expect((await login(session, customer.email, DEMO_USERS[0].password)).status).toBe(303);
    const res = await invite(admin, customer.email, 'support');
    expect(res.headers.get('Location')).toContain('done=invited_existing');
    // Invited is not staff.
    expect((await db.select().from(users).where(eq(users.id, customer.id)))[0]!.userGroup).toBe('user');
    const link = await invitationLink(customer.email);
    const b = new Browser();
    const page = await b.open(link);
    expect(page.html).toContain('name="current_password"');
    expect(page.html).not.toContain('name="password_confirmation"');
    const t = new URL(link).searchParams.get('t')!;
    // A new password instead of the account's own is no acceptance.
    const wrong = await b.fetch(link, form({ _token: page.token, t, current_password: 'Not-The-Password-1' }));
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('data-code="2000"');
    expect((await db.select().from(users).where(eq(users.id, customer.id)))[0]!.userGroup).toBe('user');
    const right = await b.fetch(link, form({ _token: page.token, t, current_password: DEMO_USERS[0].password }));
    expect(right.status).toBe(303);
    const [u] = await db.select().from(users).where(eq(users.id, customer.id));
    expect(u!.userGroup).toBe('support');
    expect(u!.passwordHash).toBe(DEMO_USERS[0].passwordHash);
    expect(await auditRows('staff.invitation_accepted', customer.id)).toHaveLength(1);
    // Its customer session has ended.
    expect((await session.fetch('/account')).status).toBe(303);
  }, 30_000);

  it('the password guesses of an existing account are counted first: 30 at once check at most 5', async () => {
    const { staff } = await staffBrowser();
    const customer = await newCustomer();
    const s = servicesAt();
    expect(await s.staffInvitations.invite({ userId: staff.id, ip: null }, { email: customer.email, group: 'support', origin: ADMIN, locale: 'el' })).toMatchObject({ ok: true, existingAccount: true });
    const t = new URL(await invitationLink(customer.email)).searchParams.get('t')!;
    const answers = await Promise.all(Array.from({ length: 30 }, () => servicesAt().staffInvitations.accept(t, { kind: 'existing', password: 'Wrong-Guess-123' }, '192.0.2.9')));
    expect(answers.filter((a) => !a.ok && a.code === ErrorCode.LOGIN_FAILED)).toHaveLength(5);
    // Spent: even the right password no longer works with this link.
    expect(await servicesAt().staffInvitations.accept(t, { kind: 'existing', password: DEMO_USERS[0].password }, '192.0.2.9')).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
  }, 30_000);

  it('30 parallel invitations by one admin: the attempt is taken first, so exactly the limit are sent', async () => {
    const { b: admin, staff } = await staffBrowser();
    const { token } = await admin.open(`${ADMIN}/admin/staff`);
    const emails = Array.from({ length: 30 }, (_, i) => fresh(`par${i}`));
    const results = await Promise.all(emails.map((email) => admin.fetch(`${ADMIN}/admin/staff`, form({ _token: token, intent: 'invite', email, group: 'support' }))));
    const limit = RATE_LIMITS['staff_invite:actor'].limit;
    expect(results.filter((r) => r.status === 303)).toHaveLength(limit);
    expect(results.filter((r) => r.status === 429)).toHaveLength(30 - limit);
    expect(await db.select().from(staffInvitations).where(inArray(staffInvitations.email, emails))).toHaveLength(limit);
    expect(await db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.invited'), eq(auditLog.actorUserId, staff.id)))).toHaveLength(limit);
  }, 60_000);
});

describe('changing members', () => {
  it('changes a group and disables a member with their sessions, each with its audit row; never oneself (151)', async () => {
    const { b: admin, staff: me } = await staffBrowser();
    const member = await newStaff({ totp: true, group: 'support' });
    const memberBrowser = new Browser();
    expect((await staffLogin(memberBrowser, member)).status).toBe(303);
    expect((await memberBrowser.fetch(`${ADMIN}/admin/search`)).status).toBe(200);

    const { token } = await admin.open(`${ADMIN}/admin/staff`);
    const group = await admin.fetch(`${ADMIN}/admin/staff`, form({ _token: token, intent: 'group', id: String(member.id), group: 'admin' }));
    expect(group.headers.get('Location')).toBe('/admin/staff?done=group');
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]!.userGroup).toBe('admin');
    expect(await auditRows('staff.group_changed', member.id)).toMatchObject([{ actorUserId: me.id, detail: { group: 'admin', before: { group: 'support', status: 'active' } } }]);
    // The same group again is no change and writes no row.
    await admin.fetch(`${ADMIN}/admin/staff`, form({ _token: token, intent: 'group', id: String(member.id), group: 'admin' }));
    expect(await auditRows('staff.group_changed', member.id)).toHaveLength(1);

    // Disabling asks first (without the confirmation the post leads to the confirmation step).
    const ask = await admin.fetch(`${ADMIN}/admin/staff`, form({ _token: token, intent: 'disable', id: String(member.id) }));
    expect(ask.headers.get('Location')).toBe(`/admin/staff?confirm=${member.id}`);
    expect((await admin.open(`${ADMIN}/admin/staff?confirm=${member.id}`)).html).toContain('data-testid="staff-confirm"');
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]!.status).toBe('active');
    const disabled = await admin.fetch(`${ADMIN}/admin/staff`, form({ _token: token, intent: 'disable', id: String(member.id), confirmed: '1' }));
    expect(disabled.headers.get('Location')).toBe('/admin/staff?done=disabled');
    expect((await db.select().from(users).where(eq(users.id, member.id)))[0]).toMatchObject({ status: 'suspended', suspension: 'staff' });
    expect(await auditRows('staff.disabled', member.id)).toHaveLength(1);
    // Their session has ended.
    expect((await memberBrowser.fetch(`${ADMIN}/admin/search`)).status).toBe(303);
    const enabled = await admin.fetch(`${ADMIN}/admin/staff`, form({ _token: token, intent: 'enable', id: String(member.id) }));
    expect(enabled.headers.get('Location')).toBe('/admin/staff?done=enabled');
    expect(await auditRows('staff.enabled', member.id)).toHaveLength(1);

    // Oneself: neither demoted nor disabled.
    for (const fields of [{ intent: 'group', group: 'support' }, { intent: 'disable', confirmed: '1' }] as Record<string, string>[]) {
      const res = await admin.fetch(`${ADMIN}/admin/staff`, form({ _token: token, id: String(me.id), ...fields }));
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('data-code="151"');
    }
    expect((await db.select().from(users).where(eq(users.id, me.id)))[0]).toMatchObject({ userGroup: 'admin', status: 'active' });
    expect(await auditRows('staff.group_changed', me.id)).toHaveLength(0);
    // A customer is no member to change.
    const customer = await newCustomer();
    expect((await admin.fetch(`${ADMIN}/admin/staff`, form({ _token: token, intent: 'group', id: String(customer.id), group: 'admin' }))).status).toBe(404);
    expect((await db.select().from(users).where(eq(users.id, customer.id)))[0]!.userGroup).toBe('user');
  }, 60_000);

  it('the last active admin is never demoted or disabled (151), even by two admins demoting each other at once', async () => {
    const a = await newStaff({ totp: true });
    const b = await newStaff({ totp: true });
    // Only these two are active admins from here on (this file's storage is its own).
    await db.update(users).set({ status: 'suspended', suspension: 'staff' }).where(and(eq(users.userGroup, 'admin'), ne(users.id, a.id), ne(users.id, b.id)));
    const s = servicesAt();
    const [ab, ba] = await Promise.all([s.staffMembers.changeGroup({ userId: a.id, ip: null }, b.id, 'support'), servicesAt().staffMembers.changeGroup({ userId: b.id, ip: null }, a.id, 'support')]);
    expect([ab.ok, ba.ok].filter(Boolean)).toHaveLength(1);
    const refused = ab.ok ? ba : ab;
    expect(refused).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    const admins = await db.select({ id: users.id }).from(users).where(and(eq(users.userGroup, 'admin'), eq(users.status, 'active')));
    expect(admins).toHaveLength(1);
    const last = admins[0]!.id;
    const other = last === a.id ? b.id : a.id;
    // Neither demoted nor disabled by anyone, and no audit row for the refusal.
    expect(await servicesAt().staffMembers.disable({ userId: other, ip: null }, last)).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    expect(await servicesAt().staffMembers.changeGroup({ userId: other, ip: null }, last, 'support')).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    expect(await auditRows('staff.disabled', last)).toHaveLength(0);
    expect(await auditRows('staff.group_changed', last)).toHaveLength(0);
    // Through the page too: the last admin cannot disable themselves, and the support member has no right.
    const lastBrowser = new Browser();
    expect((await staffLogin(lastBrowser, last === a.id ? a : b)).status).toBe(303);
    const res = await lastBrowser.fetch(`${ADMIN}/admin/staff`, form({ _token: lastBrowser.csrf, intent: 'disable', id: String(last), confirmed: '1' }));
    expect(res.status).toBe(403);
    expect(await res.text()).toContain('data-code="151"');
  }, 60_000);
});
