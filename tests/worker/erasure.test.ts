// Issue #24 §3, GDPR Art. 17: the customer asks to close the account on /account/privacy (refused with
// the reason while names or unpaid documents remain); an administrator carries it out on the admin host
// (support: 175). What the law keeps stays (documents with the buyer as invoiced, orders); the rest is
// anonymised, the customer is told at the old address first, sessions end, one audit row.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { auditLog, billingProfiles, consentEvents, contacts, erasureRequests, notifications, orders, saleDocuments, sandboxSavedCards, savedPaymentMethods, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';
import { ADMIN, staffBrowser } from './staff';

const db = createDb(env.DB);
const demo = DEMO_USERS[0];
const NO_RIGHT_TEXT = 'Δεν έχετε δικαίωμα να εκτελέσετε αυτή την ενέργεια.';

async function customer() {
  const now = new Date();
  const email = `${uniqueName('erase')}@example.gr`;
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: demo.passwordHash, firstName: 'Θεοδώρα', lastName: 'Παππά', mobile: '+306911111111', city: 'Βόλος', address: 'Οδός 5', postcode: '38221', emailVerifiedAt: now, gdprProcessingAt: now, gdprValidityAt: now, newsletter: true, createdAt: now, updatedAt: now })
    .returning();
  const b = new Browser();
  expect((await login(b, email, demo.password)).status).toBe(303);
  return { u: u!, b };
}

let seq = 0;
async function document(userId: number, kind: 'debit' | 'receipt', status: 'OPEN' | 'PAID', billing: Record<string, unknown> | null = null) {
  const number = 200_000 + Math.floor(Math.random() * 700_000) * 10 + (seq++ % 10);
  const [d] = await db
    .insert(saleDocuments)
    .values({ userId, kind, series: kind === 'debit' ? 'TDE' : 'TRE', number, status, totalCents: 1240, vatCents: 240, netCents: 1000, billing, reason: 'manual', createdAt: new Date() })
    .returning();
  return d!;
}

async function ask(b: Browser, confirm = true) {
  const page = await b.open('/account/privacy');
  const res = await b.fetch('/account/privacy', form({ _token: page.token, intent: 'request_erasure', ...(confirm ? { confirm_erasure: 'on' } : {}) }));
  return { res, html: await res.text() };
}

describe('asking to close the account', () => {
  it('is refused with the reason while the account has active domains (the demo customer)', async () => {
    const b = new Browser();
    await login(b, demo.email, demo.password);
    const page = await b.open('/account/privacy');
    expect(page.html).toContain('data-testid="erasure-blocked"');
    expect(page.html).toContain('data-code="43011"');
    const { res, html } = await ask(b);
    expect(res.status).toBe(409);
    expect(html).toContain('data-code="43011"');
    expect(html).toContain('ενεργά domains');
  });

  it('is refused while a document is unpaid, and allowed once it is paid', async () => {
    const { u, b } = await customer();
    const debt = await document(u.id, 'debit', 'OPEN');
    const { res, html } = await ask(b);
    expect(res.status).toBe(409);
    expect(html).toContain('data-code="43012"');
    expect(html).toContain('απλήρωτα παραστατικά');
    expect(await db.select().from(erasureRequests).where(eq(erasureRequests.userId, u.id))).toHaveLength(0);
    await db.update(saleDocuments).set({ status: 'PAID' }).where(eq(saleDocuments.id, debt.id));
    expect((await ask(b)).res.status).toBe(200);
  });

  it('needs the confirmation box, records one open request, and says so on a second ask', async () => {
    const { u, b } = await customer();
    expect((await ask(b, false)).res.status).toBe(400);
    const first = await ask(b);
    expect(first.res.status).toBe(200);
    expect(first.html).toContain('data-code="43010"');
    const again = await ask(b);
    expect(again.res.status).toBe(409);
    expect(again.html).toContain('data-code="43013"');
    const rows = await db.select().from(erasureRequests).where(eq(erasureRequests.userId, u.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending', email: u.email, ip: b.ip });
    expect((await b.open('/account/privacy')).html).toContain('data-testid="erasure-pending"');
  });
});

describe('carrying an erasure out on the admin host', () => {
  it('keeps documents and orders, anonymises the rest, tells the customer first, ends the sessions and audits once', async () => {
    const { u, b } = await customer();
    const now = new Date();
    const asInvoiced = { name: 'Θεοδώρα Παππά', address: 'Οδός 5', city: 'Βόλος', vatNumber: null };
    const [profile] = await db.insert(billingProfiles).values({ userId: u.id, type: 'REC', name: 'Θεοδώρα Παππά', address: 'Οδός 5', city: 'Βόλος', postcode: '38221', countryIso2: 'GR', isDefault: true, createdAt: now }).returning();
    const [order] = await db
      .insert(orders)
      .values({ userId: u.id, idempotencyKey: crypto.randomUUID(), paymentMethod: 'bank_transfer', billingProfileId: profile!.id, billing: asInvoiced, subTotalCents: 1000, vatCents: 240, grandTotalCents: 1240, vatRateBp: 2400, createdAt: now })
      .returning();
    const receipt = await document(u.id, 'receipt', 'PAID', asInvoiced);
    await db.insert(contacts).values({ userId: u.id, firstName: 'Θεοδώρα', lastName: 'Παππά', email: 'theo@example.gr', phone: '+306911111111', address: 'Οδός 5', city: 'Βόλος', postcode: '38221', countryIso2: 'GR', createdAt: now, updatedAt: now });
    await db.insert(notifications).values({ userId: u.id, type: 3, messageKey: 'test', dedupeKey: `erasure-test-${u.id}`, createdAt: now });
    // A card saved with the processor for renewals (issue #25 §1): the token goes here and there.
    const token = uniqueName('pm_erase_');
    await db.insert(sandboxSavedCards).values({ token, customerRef: `user-${u.id}`, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040, createdAt: now });
    expect(await servicesAt().savedCards.recordSaved(u.id, { token, brand: 'visa', last4: '4242', expMonth: 12, expYear: 2040 })).toBe('saved');
    expect((await ask(b)).res.status).toBe(200);
    const [req] = await db.select().from(erasureRequests).where(eq(erasureRequests.userId, u.id));

    const { b: admin } = await staffBrowser('admin');
    const list = await admin.open(`${ADMIN}/admin/erasures`);
    expect(list.res.status).toBe(200);
    expect(list.html).toContain(`data-user="${u.id}"`);
    const done = await admin.fetch(`${ADMIN}/admin/erasures`, form({ _token: admin.csrf, intent: 'carry_out', id: String(req!.id) }));
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('data-code="43014"');

    // The sandbox provider's copies of what was sent there (the notice of this erasure among them) are
    // gone with the address (issue #33 §3, decision 100): the development mailbox is no record.
    expect(await servicesAt().outbox.list({ to: u.email })).toHaveLength(0);
    expect(await servicesAt().outbox.list({ to: `erased-${u.id}@invalid` })).toHaveLength(0);
    const [after] = await db.select().from(users).where(eq(users.id, u.id));
    expect(after).toMatchObject({ email: `erased-${u.id}@invalid`, firstName: 'erased', lastName: 'erased', mobile: null, city: null, address: null, postcode: null, newsletter: false, status: 'suspended' });
    const [c] = await db.select().from(contacts).where(eq(contacts.userId, u.id));
    expect(c).toMatchObject({ firstName: 'erased', email: `erased-${u.id}@invalid`, phone: '', address: '' });
    const [p] = await db.select().from(billingProfiles).where(eq(billingProfiles.id, profile!.id));
    expect(p).toMatchObject({ name: 'erased', address: '', city: '' });
    // What the law keeps: the document with the buyer as invoiced, and the order.
    const [keptDoc] = await db.select().from(saleDocuments).where(eq(saleDocuments.id, receipt.id));
    expect(keptDoc!.billing).toEqual(asInvoiced);
    expect(await db.select().from(orders).where(eq(orders.id, order!.id))).toHaveLength(1);
    expect(await db.select().from(notifications).where(eq(notifications.userId, u.id))).toHaveLength(0);
    expect(await db.select().from(savedPaymentMethods).where(eq(savedPaymentMethods.userId, u.id))).toHaveLength(0);
    const [atProcessor] = await db.select().from(sandboxSavedCards).where(eq(sandboxSavedCards.token, token));
    expect(atProcessor!.deletedAt, 'the processor forgot the card').not.toBeNull();
    const withdrawn = await db.select().from(consentEvents).where(and(eq(consentEvents.userId, u.id), eq(consentEvents.source, 'erasure')));
    expect(withdrawn.map((r) => r.kind).sort()).toEqual(['communication', 'newsletter', 'processing', 'validity']);
    expect(withdrawn.every((r) => r.granted === false)).toBe(true);
    const [closed] = await db.select().from(erasureRequests).where(eq(erasureRequests.id, req!.id));
    expect(closed).toMatchObject({ status: 'completed', email: null, ip: null, summary: { contacts: 1, billingProfiles: 1, documentsKept: 1 } });
    // Sessions ended; the old address and password open nothing.
    expect((await b.fetch('/account')).status).toBe(303);
    expect((await login(new Browser(), u.email, demo.password)).status).toBe(401);

    // A second click changes nothing and writes no second audit row.
    const twice = await admin.fetch(`${ADMIN}/admin/erasures`, form({ _token: admin.csrf, intent: 'carry_out', id: String(req!.id) }));
    expect(twice.status).toBe(200);
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.action, 'customer.erased'), eq(auditLog.targetId, String(u.id))));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits[0]!.detail)).not.toContain(u.email);
  });

  it('is refused when the customer bought a name (or owes) since asking', async () => {
    const { u, b } = await customer();
    expect((await ask(b)).res.status).toBe(200);
    await document(u.id, 'debit', 'OPEN');
    const [req] = await db.select().from(erasureRequests).where(eq(erasureRequests.userId, u.id));
    const { b: admin } = await staffBrowser('admin');
    const res = await admin.fetch(`${ADMIN}/admin/erasures`, form({ _token: admin.csrf, intent: 'carry_out', id: String(req!.id) }));
    expect(res.status).toBe(409);
    expect(await res.text()).toContain('data-code="43012"');
    const [still] = await db.select().from(users).where(eq(users.id, u.id));
    expect(still!.email).toBe(u.email);
    expect((await servicesAt().outbox.list({ to: u.email })).filter((m) => m.tag === 'gdpr:erasure')).toHaveLength(0);
  });

  it('is for administrators only: support gets 175 on the page and on the action, customers the login', async () => {
    const { u, b } = await customer();
    expect((await ask(b)).res.status).toBe(200);
    const [req] = await db.select().from(erasureRequests).where(eq(erasureRequests.userId, u.id));
    const { b: support } = await staffBrowser('support');
    const page = await support.fetch(`${ADMIN}/admin/erasures`);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain(NO_RIGHT_TEXT);
    const post = await support.fetch(`${ADMIN}/admin/erasures`, form({ _token: support.csrf, intent: 'carry_out', id: String(req!.id) }));
    expect(post.status).toBe(403);
    expect(await post.text()).toContain(NO_RIGHT_TEXT);
    expect((await b.fetch(`${ADMIN}/admin/erasures`)).status).not.toBe(200);
    const [still] = await db.select().from(erasureRequests).where(eq(erasureRequests.id, req!.id));
    expect(still!.status).toBe('pending');
  });
});
