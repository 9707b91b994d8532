// Billing profiles, complete (issue #13 §1; spec §2 Account area, §3 Billing profile, §7 VAT widget
// reload, §8 codes 3000–3002): the account page's answers, ΔΟΥ from the list, the VIES evidence kept
// and shown, the reload call, the live event's real rate, and the VAT location evidence of an order.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { billingProfiles, orders, users, vatChecks } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { addReadyDomain, readyCart, servicesAt, uniqueName } from './customers';
import { Browser, form, json, login } from './helpers';
import { ADMIN, staffBrowser } from './staff';

const db = createDb(env.DB);
const demo = DEMO_USERS[0];

async function customer() {
  const email = `${uniqueName('bill')}@example.gr`;
  const now = new Date();
  const [u] = await db
    .insert(users)
    .values({ email, emailVerifiedAt: now, passwordHash: demo.passwordHash, firstName: 'Ελένη', lastName: 'Ν', gdprProcessingAt: now, gdprValidityAt: now, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  const b = new Browser();
  expect((await login(b, email, demo.password)).status).toBe(303);
  const { token } = await b.open('/account/billing');
  return { id: u!.id, email, b, token };
}

const rec = { type: 'REC', name: 'Ελένη Ν', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR' };
const greekInvoice = { type: 'INV', name: 'Ελένη Ν Ο.Ε.', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', country: 'GR', vat_number: '090000045', tax_office: '1101', profession: 'Προγραμματίστρια' };

const profilesOf = (userId: number) => db.select().from(billingProfiles).where(eq(billingProfiles.userId, userId));

/** A socket on the user's own live room, as a logged-in tab opens it; collects the frames. */
async function listen(b: Browser, userId: number) {
  const res = await b.fetch(`/parties/user/u-${userId}`, { headers: { Upgrade: 'websocket' } });
  const ws = res.webSocket;
  if (!ws) throw new Error(`no socket (${res.status})`);
  ws.accept();
  const frames: string[] = [];
  ws.addEventListener('message', (e) => frames.push(String(e.data)));
  return {
    frames,
    async next(event: string) {
      const start = Date.now();
      while (Date.now() - start < 3000) {
        const f = frames.find((x) => x.includes(event));
        if (f) return JSON.parse(f) as { data: { billingProfile: Record<string, unknown> } };
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no ${event} in ${frames.join('\n')}`);
    },
    close: () => ws.close(),
  };
}

describe('billing profiles: the §8 answers', () => {
  it("3000: someone else's or a missing profile id, for edit, delete and default", async () => {
    const owner = await customer();
    await owner.b.fetch('/account/billing', form({ _token: owner.token, intent: 'create_profile', ...rec }));
    const [p] = await profilesOf(owner.id);
    const other = await customer();
    for (const intent of ['update_profile', 'delete_profile', 'default_profile']) {
      for (const id of [String(p!.id), '999999999']) {
        const res = await other.b.fetch('/account/billing', form({ _token: other.token, intent, id, ...rec, name: 'Κάποιος' }));
        expect(res.status, `${intent} ${id}`).toBe(404);
        expect(await res.text()).toContain(`data-code="${ErrorCode.BILLING_NOT_FOUND}"`);
      }
    }
    expect((await profilesOf(owner.id))[0]).toMatchObject({ name: 'Ελένη Ν', isDefault: true });
    // Opening someone else's profile for editing says so too, and opens no form.
    const page = await other.b.open(`/account/billing?edit=${p!.id}`);
    expect(page.html).toContain(`data-code="${ErrorCode.BILLING_NOT_FOUND}"`);
    expect(page.html).not.toContain('data-testid="edit-profile"');
  });

  it('3001: a successful edit is a success notice', async () => {
    const { b, id, token } = await customer();
    await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', ...rec }));
    const [p] = await profilesOf(id);
    const res = await b.fetch(`/account/billing?edit=${p!.id}`, form({ _token: token, intent: 'update_profile', id: String(p!.id), ...rec, city: 'Πειραιάς' }));
    expect(res.status).toBe(303);
    const page = await b.open(res.headers.get('Location')!);
    expect(page.html).toMatch(new RegExp(`data-code="${ErrorCode.BILLING_PROFILE_UPDATED}"[^>]*|[^<]*data-code="${ErrorCode.BILLING_PROFILE_UPDATED}"`));
    expect(page.html).toContain('data-testid="billing-done"');
    expect((await profilesOf(id))[0]!.city).toBe('Πειραιάς');
  });

  it('3002: the default profile is not deleted (an alert); another one is', async () => {
    const { b, id, token } = await customer();
    await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', ...rec }));
    await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', ...rec, name: 'Δεύτερο' }));
    const rows = await profilesOf(id);
    const def = rows.find((r) => r.isDefault)!;
    const res = await b.fetch('/account/billing', form({ _token: token, intent: 'delete_profile', id: String(def.id) }));
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(html).toContain(`data-code="${ErrorCode.BILLING_SET_DEFAULT_NOT_ALLOWED}"`);
    expect(html).toMatch(/role="alert"/);
    expect(await profilesOf(id)).toHaveLength(2);
    const other = rows.find((r) => !r.isDefault)!;
    expect((await b.fetch('/account/billing', form({ _token: token, intent: 'delete_profile', id: String(other.id) }))).status).toBe(303);
    expect(await profilesOf(id)).toHaveLength(1);
  });
});

describe('billing profiles: ΑΦΜ and ΔΟΥ', () => {
  it('a Greek invoice names a ΔΟΥ of the list (by its code from the select); anything else is refused under the field', async () => {
    const { b, id, token } = await customer();
    const bad = await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', ...greekInvoice, tax_office: 'Κάπου στην Αθήνα' }));
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toMatch(/id="new-profile-tax_office-error"/);
    // The form keeps what was typed.
    expect(html).toMatch(/name="vat_number"[^>]*value="090000045"/);
    expect(await profilesOf(id)).toHaveLength(0);
    const ok = await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', ...greekInvoice }));
    expect(ok.status).toBe(303);
    expect((await profilesOf(id))[0]).toMatchObject({ type: 'INV', vatNumber: '090000045', taxOffice: 'Α΄ Αθηνών', profession: 'Προγραμματίστρια' });
    const page = await b.open('/account/billing');
    expect(page.html).toContain('Α΄ Αθηνών');
    // The edit form's select has the stored office chosen.
    const [p] = await profilesOf(id);
    const edit = await b.open(`/account/billing?edit=${p!.id}`);
    expect(edit.html).toMatch(/<option value="1101" selected="">/);
  });

  it('a wrong ΑΦΜ check digit is refused', async () => {
    const { b, id, token } = await customer();
    const res = await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', ...greekInvoice, vat_number: '090000046' }));
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/id="new-profile-vat_number-error"/);
    expect(await profilesOf(id)).toHaveLength(0);
  });
});

describe('billing profiles: VIES evidence', () => {
  it('an EU business VIES confirms is vat_waived, with its consultation kept and shown on the profile', async () => {
    const { b, id, token } = await customer();
    const res = await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', type: 'INV', name: 'Beispiel Handels GmbH', vat_number: 'DE 123 456 789', address: 'Musterstraße 12', city: 'Berlin', postcode: '10115', country: 'DE' }));
    expect(res.status).toBe(303);
    const [p] = await profilesOf(id);
    expect(p).toMatchObject({ vatWaived: true, vatNumber: '123456789' });
    expect(p!.vatCheckId).not.toBeNull();
    const [check] = await db.select().from(vatChecks).where(eq(vatChecks.id, p!.vatCheckId!));
    expect(check).toMatchObject({ countryCode: 'DE', vatNumber: '123456789', valid: true });
    expect(check!.requestIdentifier).toMatch(/^WAPI/);
    const page = await b.open('/account/billing');
    expect(page.html).toContain('data-testid="vies-evidence"');
    expect(page.html).toContain(check!.requestIdentifier!);
  });
});

describe('the VAT widget reload call (spec §7)', () => {
  it('answers the default profile with its real rate: a reverse-charged DE business 1.00, a CY receipt 1.19, a GR one 1.24', async () => {
    const { b, id, token } = await customer();
    const call = async () => {
      const res = await b.fetch('/api/user/vat-widget', json({ _token: b.csrf }));
      expect(res.status).toBe(200);
      return (await res.json()) as { success: boolean; data: { billingProfile: Record<string, unknown> | null; country: string; quote: string } };
    };
    // No profile yet: the widget still gets its country and quote.
    expect(await call()).toMatchObject({ success: true, data: { billingProfile: null, country: 'GR', quote: '1.24' } });
    await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', type: 'INV', name: 'Beispiel Handels GmbH', vat_number: 'DE123456789', address: 'Musterstraße 12', city: 'Berlin', postcode: '10115', country: 'DE' }));
    const [de] = await profilesOf(id);
    expect(await call()).toMatchObject({ success: true, data: { billingProfile: { vat_waived: true, rate: '1.00', country: 'DE', type: 'inv', name: 'Beispiel Handels GmbH', id: de!.id }, country: 'GR', quote: '1.24' } });
    await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', ...rec, name: 'Ελένη στην Κύπρο', city: 'Λευκωσία', postcode: '1065', country: 'CY' }));
    const cy = (await profilesOf(id)).find((p) => p.countryIso2 === 'CY')!;
    await b.fetch('/account/billing', form({ _token: token, intent: 'default_profile', id: String(cy.id) }));
    expect(await call()).toMatchObject({ success: true, data: { billingProfile: { vat_waived: false, rate: '1.19', country: 'CY', type: 'rec', name: 'Ελένη στην Κύπρο', id: cy.id } } });
    // The VAT control names the default profile: 'receipt' for a receipt, an invoice by its name.
    expect((await b.open('/settings')).html).toMatch(/data-testid="vat-profile" data-type="rec"[^>]*>[^]*?Απόδειξη/);
    await b.fetch('/account/billing', form({ _token: token, intent: 'default_profile', id: String(de!.id) }));
    expect((await b.open('/settings')).html).toMatch(/data-testid="vat-profile" data-type="inv"[^>]*>[^]*?Beispiel Handels GmbH/);
    // A guest has no profile; the call still answers (no account needed to show prices).
    const guest = new Browser();
    await guest.open('/');
    const g = await guest.fetch('/api/user/vat-widget', json({ _token: guest.csrf }));
    expect(await g.json()).toMatchObject({ success: true, data: { billingProfile: null } });
  });

  it('DefaultProfileWasUpdated carries the profile country\'s rate, not always 1.24', async () => {
    const { b, id, token } = await customer();
    await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', ...rec }));
    await b.fetch('/account/billing', form({ _token: token, intent: 'create_profile', ...rec, name: 'Κύπρος', city: 'Λευκωσία', postcode: '1065', country: 'CY' }));
    const cy = (await profilesOf(id)).find((p) => p.countryIso2 === 'CY')!;
    const live = await listen(b, id);
    try {
      await b.fetch('/account/billing', form({ _token: token, intent: 'default_profile', id: String(cy.id), unique_id: 'page-7' }));
      const m = await live.next('DefaultProfileWasUpdated');
      expect(m.data.billingProfile).toMatchObject({ vat_waived: false, rate: '1.19', country: 'CY', type: 'rec', id: cy.id });
    } finally {
      live.close();
    }
  });
});

describe('VAT location evidence of an order', () => {
  it('is recorded at placing; a receipt billed to GR from a DE request is flagged, one from GR is not', async () => {
    const s = servicesAt();
    const c = await readyCart('evid');
    const flagged = await s.orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, requestCountry: 'DE' });
    expect(flagged.ok).toBe(true);
    if (!flagged.ok) return;
    const [o] = await db.select().from(orders).where(eq(orders.id, flagged.orderId));
    expect(o).toMatchObject({ vatEvidence: { billingCountry: 'GR', requestCountry: 'DE', cardCountry: null }, vatEvidenceConflict: true });
    await addReadyDomain(c.id, c.owner);
    const fine = await s.orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, requestCountry: 'GR' });
    if (!fine.ok) throw new Error('not placed');
    const [f] = await db.select().from(orders).where(eq(orders.id, fine.orderId));
    expect(f).toMatchObject({ vatEvidence: { billingCountry: 'GR', requestCountry: 'GR' }, vatEvidenceConflict: false });
    // The card's country, later, settles the first one.
    expect(await s.orders.recordCardCountry(flagged.orderId, 'GR')).toMatchObject({ conflict: false });
    const [settled] = await db.select().from(orders).where(eq(orders.id, flagged.orderId));
    expect(settled).toMatchObject({ vatEvidence: { billingCountry: 'GR', requestCountry: 'DE', cardCountry: 'GR' }, vatEvidenceConflict: false });
  });

  it('the checkout passes the request country (CF-IPCountry); staff see the conflict on /admin/orders', async () => {
    const c = await readyCart('evidr');
    const b = new Browser();
    // The customer of readyCart has no password: give it the demo one to log in through the form.
    await db.update(users).set({ passwordHash: demo.passwordHash }).where(eq(users.id, c.id));
    expect((await login(b, c.email, demo.password)).status).toBe(303);
    const page = await b.open('/cart/checkout');
    const key = /name="key" value="([^"]+)"/.exec(page.html)?.[1] ?? crypto.randomUUID();
    const res = await b.fetch('/cart/checkout', { ...form({ _token: page.token, intent: 'place_order', profile_id: String(c.profileId), method: 'bank_transfer', agree: 'on', key }), headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'CF-IPCountry': 'IT' } });
    expect(res.status).toBe(303);
    const [o] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(o).toMatchObject({ vatEvidence: { billingCountry: 'GR', requestCountry: 'IT' }, vatEvidenceConflict: true });
    const staff = await staffBrowser();
    const admin = await staff.b.open(`${ADMIN}/admin/orders?view=vat`);
    expect(admin.html).toContain(`data-testid="admin-order-${o!.id}"`);
    expect(admin.html).toMatch(new RegExp(`data-testid="vat-evidence-conflict"[^>]*>[^<]*`));
    expect(admin.html).toContain('IT');
  });
});
