// The account as nested routes (issue #12 §1, decision 036) inside workerd: every area answers at its
// own URL behind the login, the old `/account?tab=X` URLs move permanently to their pages, the openPref
// cookie opens the preferences once, each area's action switches on its intent behind the CSRF check.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { billingProfiles, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { readyCart, servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);
const demo = DEMO_USERS[0];
const AREAS = ['/account', '/account/security', '/account/preferences', '/account/sessions', '/account/orders', '/account/billing'];

/** A fresh customer with the demo password, logged in in a new browser. */
async function customer() {
  const email = `${uniqueName('acct')}@example.gr`;
  const now = new Date();
  const [u] = await db
    .insert(users)
    .values({ email, emailVerifiedAt: now, passwordHash: demo.passwordHash, firstName: 'Ελένη', lastName: 'Ν', gdprProcessingAt: now, gdprValidityAt: now, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  const b = new Browser();
  expect((await login(b, email, demo.password)).status).toBe(303);
  return { id: u!.id, email, b };
}

describe('old tab URLs', () => {
  const moves: [string, string][] = [
    ['/account?tab=profile', '/account'],
    ['/account?tab=security', '/account/security'],
    ['/account?tab=preferences', '/account/preferences'],
    ['/account?tab=sessions', '/account/sessions'],
    ['/account?tab=orders', '/account/orders'],
    ['/account?tab=billing', '/account/billing'],
    ['/account?tab=domains', '/account/domains'],
    ['/account?tab=nonsense', '/account'],
    ['/account?tab=profile&welcome=1', '/account?welcome=1'],
  ];
  for (const [from, to] of moves) {
    it(`${from} moves permanently to ${to}, logged in or not`, async () => {
      const guest = await new Browser().fetch(from);
      expect(guest.status).toBe(301);
      expect(guest.headers.get('Location')).toBe(to);
      const b = new Browser();
      await login(b, 'demo@example.gr', demo.password);
      const res = await b.fetch(from);
      expect(res.status).toBe(301);
      expect(res.headers.get('Location')).toBe(to);
    });
  }
});

describe('the areas', () => {
  it('each needs a login and comes back to itself after it', async () => {
    for (const path of AREAS) {
      const res = await new Browser().fetch(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.get('Location')).toBe(`/auth/login?redirectTo=${encodeURIComponent(path)}`);
    }
  });

  it('each answers inside the layout: its nav item current, its own title, no page container of its own', async () => {
    const b = new Browser();
    await login(b, 'demo@example.gr', demo.password);
    for (const path of AREAS) {
      const { res, html } = await b.open(path);
      expect(res.status, path).toBe(200);
      expect(html).toContain('data-testid="account-nav"');
      expect(html.match(/<a [^>]*aria-current="page"[^>]*>/g)?.filter((a) => a.includes('data-testid="account-nav-')), path).toHaveLength(1);
      expect(html.match(/<h1\b/g)?.length, path).toBe(1);
      // The layout's container is the only one on the account part of the page.
      const main = html.slice(html.indexOf('data-testid="account-nav"'));
      expect(main.match(/mx-auto max-w-/g) ?? [], path).toEqual([]);
      expect(html).toContain('Μαρία Παπαδοπούλου');
    }
  });

  it('the profile shows the e-mail with its verified label and no two-factor secrets', async () => {
    const { b, email } = await customer();
    const { html } = await b.open('/account');
    expect(html).toContain(email);
    expect(html).toContain('data-verified="true"');
    expect(html).not.toContain('pendingSecret');
  });

  it('an unknown intent is refused, and a form without its CSRF token changes nothing', async () => {
    const { b, id } = await customer();
    const { token } = await b.open('/account/preferences');
    const unknown = await b.fetch('/account/preferences', form({ _token: token, intent: 'make_coffee' }));
    expect(unknown.status).toBe(400);
    const forged = await b.fetch('/account/preferences', form({ intent: 'preferences', locale: 'en', newsletter: 'on' }));
    expect(forged.status).toBe(403);
    const [u] = await db.select().from(users).where(eq(users.id, id));
    expect(u!.locale).toBe('el');
  });
});

describe('the openPref cookie', () => {
  it('opens the preferences from /account once, and goes', async () => {
    const { b } = await customer();
    b.cookies.set('openPref', '1');
    const res = await b.fetch('/account');
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/account/preferences');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('openPref=') && /max-age=0/i.test(c))).toBe(true);
    expect(b.cookies.has('openPref')).toBe(false);
    expect((await b.fetch('/account')).status).toBe(200);
  });

  it('the preferences page is a page of its own, no longer a redirect', async () => {
    const { b } = await customer();
    const { res, html } = await b.open('/account/preferences');
    expect(res.status).toBe(200);
    expect(html).toContain('data-testid="preferences-save"');
    expect(res.headers.getSetCookie().some((c) => c.startsWith('openPref='))).toBe(false);
  });
});

describe('area actions', () => {
  it('preferences: saved in the account', async () => {
    const { b, id } = await customer();
    const { token } = await b.open('/account/preferences');
    const res = await b.fetch('/account/preferences', form({ _token: token, intent: 'preferences', locale: 'en', newsletter: 'on' }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`data-code="${ErrorCode.PROFILE_UPDATED_SUCCESSFULLY}"`);
    const [u] = await db.select().from(users).where(eq(users.id, id));
    expect(u!.locale).toBe('en');
  });

  it('profile: the details change at /account (the index form posts to /account?index)', async () => {
    const { b, id } = await customer();
    const { token, html } = await b.open('/account');
    expect(html).toMatch(/<form [^>]*action="\/account\?index"/);
    const res = await b.fetch('/account?index', form({ _token: token, intent: 'update_profile', first_name: 'Ελένη', last_name: 'Νικολάου', country: 'GR', state_id: 'Αττική', city: 'Αθήνα', address: 'Οδός 2', postcode: '10431' }));
    expect(res.status).toBe(200);
    const [u] = await db.select().from(users).where(eq(users.id, id));
    expect(u!.lastName).toBe('Νικολάου');
  });

  it('security: a wrong current password is refused under its field, nothing changes', async () => {
    const { b, id } = await customer();
    const before = (await db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash;
    const { token } = await b.open('/account/security');
    const res = await b.fetch('/account/security', form({ _token: token, intent: 'change_password', current_password: 'Not-The-Password-9', password: 'Kainourgio-Synthimatiko-77', password_confirmation: 'Kainourgio-Synthimatiko-77' }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="[^"]*current_password[^"]*-error"/);
    expect(html).not.toContain('Kainourgio-Synthimatiko-77');
    expect((await db.select().from(users).where(eq(users.id, id)))[0]!.passwordHash).toBe(before);
    // Starting the authenticator enrolment shows its QR code on the same page.
    const started = await b.fetch('/account/security', form({ _token: token, intent: 'totp_start' }));
    expect(started.status).toBe(200);
    expect((await b.open('/account/security')).html).toContain('data-testid="totp-qr"');
  });

  it('billing: create, set as default and delete a profile, each back to /account/billing', async () => {
    const { b, id } = await customer();
    const { token } = await b.open('/account/billing');
    const create = (name: string) => b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', type: 'REC', name, address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR' }));
    for (const name of ['Ελένη Ν', 'Ελένη Νικολάου']) {
      const res = await create(name);
      expect(res.status).toBe(303);
      expect(res.headers.get('Location')).toBe('/account/billing');
    }
    const rows = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, id));
    expect(rows).toHaveLength(2);
    const second = rows.find((r) => !r.isDefault)!;
    expect((await b.fetch('/account/billing', form({ _token: token, intent: 'default_profile', id: String(second.id) }))).status).toBe(303);
    const after = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, id));
    expect(after.find((r) => r.isDefault)!.id).toBe(second.id);
    const page = await b.open('/account/billing');
    expect(page.html.match(/data-testid="billing-profile"/g)).toHaveLength(2);
    expect(page.html).toContain('data-testid="default-badge"');
    expect((await b.fetch('/account/billing', form({ _token: token, intent: 'delete_profile', id: String(rows.find((r) => r.id !== second.id)!.id) }))).status).toBe(303);
    expect(await db.select().from(billingProfiles).where(eq(billingProfiles.userId, id))).toHaveLength(1);
    // Someone else's profile: refused, nothing deleted.
    const other = await customer();
    const otherToken = (await other.b.open('/account/billing')).token;
    expect((await other.b.fetch('/account/billing', form({ _token: otherToken, intent: 'delete_profile', id: String(second.id) }))).status).toBe(404);
    expect(await db.select().from(billingProfiles).where(eq(billingProfiles.userId, id))).toHaveLength(1);
  });

  it('billing: a profile is edited with the same checks as a new one; unchanged is "no changes"', async () => {
    const { b, id } = await customer();
    const { token } = await b.open('/account/billing');
    await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', type: 'REC', name: 'Ελένη Ν', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR' }));
    const [p] = await db.select().from(billingProfiles).where(eq(billingProfiles.userId, id));
    const page = await b.open(`/account/billing?edit=${p!.id}`);
    expect(page.html).toContain('data-testid="edit-profile"');
    expect(page.html).toMatch(/name="address"[^>]*value="Οδός 1"/);
    const fields = { _token: token, intent: 'update_profile', id: String(p!.id), type: 'INV', name: 'Ελένη Ν Ο.Ε.', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR', tax_office: 'Α΄ Αθηνών' };
    // An invoice with a ΑΦΜ that fails its check digit: refused under the field, nothing changed.
    const editUrl = `/account/billing?edit=${p!.id}`;
    expect(page.html).toContain(`action="${editUrl}"`);
    const bad = await b.fetch(editUrl, form({ ...fields, vat_number: '090000046' }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toMatch(/id="edit-profile-vat_number-error"/);
    expect((await db.select().from(billingProfiles).where(eq(billingProfiles.id, p!.id)))[0]).toMatchObject({ type: 'REC', name: 'Ελένη Ν' });
    const ok = await b.fetch(editUrl, form({ ...fields, vat_number: '090000045' }));
    expect(ok.status).toBe(303);
    expect((await db.select().from(billingProfiles).where(eq(billingProfiles.id, p!.id)))[0]).toMatchObject({ type: 'INV', name: 'Ελένη Ν Ο.Ε.', vatNumber: '090000045', taxOffice: 'Α΄ Αθηνών' });
    const again = await b.fetch(editUrl, form({ ...fields, vat_number: '090000045' }));
    expect(await again.text()).toContain(`data-code="${ErrorCode.NO_CHANGE}"`);
    // Someone else's profile cannot be edited, nor opened for editing.
    const other = await customer();
    const otherPage = await other.b.open(`/account/billing?edit=${p!.id}`);
    expect(otherPage.html).not.toContain('data-testid="edit-profile"');
    const stolen = await other.b.fetch('/account/billing', form({ ...fields, _token: otherPage.token, name: 'Κάποιος άλλος', vat_number: '090000045' }));
    expect(stolen.status).toBe(404);
    expect((await db.select().from(billingProfiles).where(eq(billingProfiles.id, p!.id)))[0]!.name).toBe('Ελένη Ν Ο.Ε.');
  });

  it('sessions: "log out from the other devices" keeps this one and comes back to the list', async () => {
    const { b, email } = await customer();
    const phone = new Browser();
    await login(phone, email, demo.password);
    const { token } = await b.open('/account/sessions');
    const res = await b.fetch('/account/sessions', form({ _token: token, intent: 'logout_others' }));
    expect(res.status).toBe(303);
    expect(res.headers.get('Location')).toBe('/account/sessions');
    expect((await phone.fetch('/account/sessions')).status).toBe(303);
    const { html } = await b.open('/account/sessions');
    expect(html.match(/data-testid="session"/g)).toHaveLength(1);
  });

  it('orders: each order is a row linking to its page, with its status; none yet says so', async () => {
    const c = await readyCart('ordr');
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, useCredit: false });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    await db.update(users).set({ passwordHash: demo.passwordHash }).where(eq(users.id, c.id));
    const b = new Browser();
    expect((await login(b, c.email, demo.password)).status).toBe(303);
    const { html } = await b.open('/account/orders');
    expect(html).toContain(`data-testid="order-row" data-id="${placed.orderId}" data-status="pending"`);
    expect(html).toContain(`href="/orders/${placed.orderId}"`);
    const fresh = await customer();
    expect((await fresh.b.open('/account/orders')).html).toContain('data-testid="no-orders"');
  });
});
