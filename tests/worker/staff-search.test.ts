// Issue #22 §1: the back office's global search (/admin/search?q=, right search.use). One box finds a
// domain (typed in Greek, in capitals or as punycode), a customer's e-mail, an order number, a document
// number and an ΑΦΜ; results are grouped by kind and link to their pages; one exact hit goes straight
// there. Every look-up is read through an index (EXPLAIN QUERY PLAN), capped, and customers and the
// storefront host get nothing.
import { env } from 'cloudflare:workers';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { domainToAscii } from '../../core/domains/punycode';
import { readSearch, SEARCH_LIMIT } from '../../core/staff/search-query';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { billingProfiles, domains, orders, saleDocuments, users } from '../../db/schema';
import { searchQueries } from '../../worker/services/staff/search';
import { uniqueName } from './customers';
import { Browser, login } from './helpers';
import { ADMIN, newStaff, staffBrowser } from './staff';

const db = createDb(env.DB);
let n = 0;

/** A customer with an ΑΦΜ on an invoice profile, a Greek name, a Latin name, an order and its invoice. */
async function customerWithEverything() {
  const now = new Date();
  const tag = uniqueName('s');
  const email = `${tag}@example.gr`;
  const [u] = await db.insert(users).values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Ελένη', lastName: 'Αναζήτηση', emailVerifiedAt: now, gdprProcessingAt: now, createdAt: now, updatedAt: now }).returning();
  const vat = String(100_000_000 + ((Date.now() + n++ * 7919) % 899_999_999)).slice(0, 9);
  const [profile] = await db
    .insert(billingProfiles)
    .values({ userId: u!.id, type: 'INV', name: 'Αναζήτηση ΙΚΕ', vatNumber: vat, taxOffice: 'Α Αθηνών', profession: 'Εμπόριο', address: 'Ερμού 1', city: 'Αθήνα', postcode: '10563', countryIso2: 'GR', createdAt: now })
    .returning();
  const greek = `καφενείο${tag.slice(-6)}.gr`.replace(/[^a-zα-ωάέήίόύώ0-9.-]/g, '');
  const latin = `${tag}.gr`;
  const domainRows = await db
    .insert(domains)
    .values(
      [greek, latin].map((fqdn) => ({
        userId: u!.id,
        fqdn,
        asciiFqdn: domainToAscii(fqdn),
        registryKey: domainToAscii(fqdn),
        tld: 'gr',
        registry: 'gr' as const,
        expiresAt: new Date(now.getTime() + 365 * 86_400_000),
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning();
  const [order] = await db
    .insert(orders)
    .values({ userId: u!.id, idempotencyKey: crypto.randomUUID(), paymentMethod: 'bank_transfer', billingProfileId: profile!.id, billing: {}, subTotalCents: 1000, vatCents: 240, grandTotalCents: 1240, vatRateBp: 2400, createdAt: now })
    .returning();
  const number = 900_000 + n++ + Math.floor(Math.random() * 90_000);
  const [doc] = await db
    .insert(saleDocuments)
    .values({ userId: u!.id, orderId: order!.id, kind: 'invoice', series: 'INV', number, status: 'COMPLETED', totalCents: 1240, createdAt: now })
    .returning();
  return { user: u!, vat, greek, latin, domainIds: domainRows.map((d) => d.id), order: order!, doc: doc! };
}

describe('/admin/search', () => {
  it('refuses customers, does not exist on the storefront host, and is open to support', async () => {
    const customer = new Browser();
    await login(customer, DEMO_USERS[0].email, DEMO_USERS[0].password);
    expect((await customer.fetch(`${ADMIN}/admin/search?q=demo`)).headers.get('Location')).toBe('/access_denied');
    expect((await customer.fetch('/admin/search?q=demo')).status).toBe(404);
    expect((await new Browser().fetch(`${ADMIN}/admin/search?q=demo`)).headers.get('Location')).toMatch(/^\/auth\/login/);
    const { b: support } = await staffBrowser('support');
    const page = await support.open(`${ADMIN}/admin/search`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('name="q"');
  });

  it('finds each kind and goes straight to the one exact hit', async () => {
    const c = await customerWithEverything();
    const { b } = await staffBrowser();
    const go = async (q: string) => b.fetch(`${ADMIN}/admin/search?q=${encodeURIComponent(q)}`);
    const lands = async (q: string, href: string) => {
      const res = await go(q);
      expect(res.status, q).toBe(303);
      expect(res.headers.get('Location'), q).toBe(href);
    };
    // A whole e-mail address, in any case.
    await lands(c.user.email.toUpperCase(), `/admin/customers/${c.user.id}`);
    // A Greek name typed in Greek, in capitals and as punycode.
    await lands(c.greek, `/admin/domains/${c.domainIds[0]}`);
    await lands(c.greek.toUpperCase(), `/admin/domains/${c.domainIds[0]}`);
    await lands(domainToAscii(c.greek), `/admin/domains/${c.domainIds[0]}`);
    await lands(c.latin, `/admin/domains/${c.domainIds[1]}`);
    // A document number as printed, or as typed loosely.
    await lands(`INV-${String(c.doc.number).padStart(6, '0')}`, `/admin/documents?email=${encodeURIComponent(c.user.email)}`);
    await lands(`inv ${c.doc.number}`, `/admin/documents?email=${encodeURIComponent(c.user.email)}`);
    // An order number.
    await lands(`ORD-${c.order.id}`, `/admin/customers/${c.user.id}#orders`);

    // The start of a Greek name lists its matches, grouped, with links (no redirect: not exact).
    const partial = await go(c.greek.slice(0, 5));
    expect(partial.status).toBe(200);
    const html = await partial.text();
    expect(html).toContain('data-kind="domain"');
    expect(html).toContain(`href="/admin/domains/${c.domainIds[0]}"`);
    // The ΑΦΜ is also read as an order number: both kinds are shown when both exist.
    const vatPage = await go(c.vat);
    const vatHtml = vatPage.status === 303 ? null : await vatPage.text();
    if (vatHtml === null) expect(vatPage.headers.get('Location')).toBe(`/admin/customers/${c.user.id}`);
    else expect(vatHtml).toContain(`href="/admin/customers/${c.user.id}"`);
    // With EL before it too.
    const el = await go(`EL${c.vat}`);
    expect(el.status === 303 ? el.headers.get('Location') : await el.text()).toContain(`/admin/customers/${c.user.id}`);
    // The start of an address without '@' finds the customer too (a list: the start names nobody exactly).
    const local = await go(c.user.email.split('@')[0]!);
    expect(local.status).toBe(200);
    expect(await local.text()).toContain(`href="/admin/customers/${c.user.id}"`);
    // Nothing found says so.
    expect(await (await go('nothing-like-this-anywhere.gr')).text()).toContain('data-testid="admin-search-none"');
  }, 30_000);

  it('lists a document for support without the link to a page support cannot open', async () => {
    const c = await customerWithEverything();
    const { b } = await staffBrowser('support');
    const res = await b.fetch(`${ADMIN}/admin/search?q=${encodeURIComponent(`INV-${c.doc.number}`)}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`INV-${String(c.doc.number).padStart(6, '0')}`);
    expect(html).not.toContain('href="/admin/documents');
  });

  it('lists a staff account as staff, never as a customer, and no hit leads to a 404 (issue #32 §3)', async () => {
    const member = await newStaff({ totp: false, group: 'support' });
    const now = new Date();
    const [profile] = await db
      .insert(billingProfiles)
      .values({ userId: member.id, type: 'INV', name: 'Προσωπικό ΙΚΕ', vatNumber: String(200_000_000 + (Date.now() % 699_999_999)).slice(0, 9), taxOffice: 'Α Αθηνών', profession: 'Εμπόριο', address: 'Ερμού 2', city: 'Αθήνα', postcode: '10563', countryIso2: 'GR', createdAt: now })
      .returning();
    const [order] = await db
      .insert(orders)
      .values({ userId: member.id, idempotencyKey: crypto.randomUUID(), paymentMethod: 'bank_transfer', billingProfileId: profile!.id, billing: {}, subTotalCents: 500, vatCents: 120, grandTotalCents: 620, vatRateBp: 2400, createdAt: now })
      .returning();
    const { b } = await staffBrowser();
    const go = (q: string) => b.fetch(`${ADMIN}/admin/search?q=${encodeURIComponent(q)}`);
    // The exact address goes to the staff page, not to a customer page that answers 404.
    const exact = await go(member.email);
    expect(exact.status).toBe(303);
    expect(exact.headers.get('Location')).toBe('/admin/staff');
    // The start of it lists the member under staff, not customers.
    const listed = await go(member.email.split('@')[0]!);
    const html = await listed.text();
    expect(html).toContain('data-kind="staff"');
    expect(html).not.toContain(`href="/admin/customers/${member.id}"`);
    expect(html).toContain('href="/admin/staff"');
    // An order a staff account placed goes to the staff page too.
    const byOrder = await go(`ORD-${order!.id}`);
    expect(byOrder.headers.get('Location') ?? (await byOrder.text())).not.toContain(`/admin/customers/${member.id}`);
    // Its ΑΦΜ too.
    const byVat = await go(profile!.vatNumber!);
    expect(byVat.headers.get('Location') ?? (await byVat.text())).not.toContain(`/admin/customers/${member.id}`);
    // Every link of a result page opens.
    for (const href of [...html.matchAll(/data-testid="admin-search-hit"[^]*?href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'))) {
      expect((await b.fetch(`${ADMIN}${href}`)).status, href).not.toBe(404);
    }
    // Support cannot open the staff page: the member is listed without the link.
    const { b: support } = await staffBrowser('support');
    const seen = await support.fetch(`${ADMIN}/admin/search?q=${encodeURIComponent(member.email)}`);
    expect(seen.status).toBe(200);
    const supportHtml = await seen.text();
    expect(supportHtml).toContain('data-kind="staff"');
    expect(supportHtml).not.toContain('href="/admin/staff"');
    expect(supportHtml).not.toContain(`href="/admin/customers/${member.id}"`);
  });

  it('caps each kind and reads every kind through an index', async () => {
    const c = await customerWithEverything();
    const prefix = c.user.email.slice(0, 2);
    const res = await (await staffBrowser()).b.fetch(`${ADMIN}/admin/search?q=${encodeURIComponent(prefix + '@')}`);
    expect(res.status).toBe(200);
    for (const text of [c.user.email, c.greek, c.greek.slice(0, 4), domainToAscii(c.greek), `ORD-${c.order.id}`, `INV-${c.doc.number}`, c.vat]) {
      const q = searchQueries(db, readSearch(text));
      for (const [kind, query] of Object.entries(q)) {
        const { sql: text_, params } = query.toSQL();
        const plan = await db.all<{ detail: string }>(sql.raw(`EXPLAIN QUERY PLAN ${inline(text_, params)}`));
        const lines = plan.map((p) => p.detail);
        // Every table is reached by a key or an index, never by reading it whole.
        expect(lines.filter((l) => /^SCAN (?!CONSTANT)/.test(l)), `${text} ${kind}: ${lines.join(' | ')}`).toEqual([]);
        expect(lines.some((l) => /^SEARCH /.test(l)), `${text} ${kind}: ${lines.join(' | ')}`).toBe(true);
        expect(query.toSQL().sql.toLowerCase(), kind).toContain('limit');
      }
    }
    expect(SEARCH_LIMIT).toBeLessThanOrEqual(10);
  });
});

/** The statement with its parameters written in (EXPLAIN takes no bindings through drizzle's sql.raw). */
function inline(statement: string, params: unknown[]): string {
  let i = 0;
  return statement.replace(/\?/g, () => {
    const p = params[i++];
    return typeof p === 'number' ? String(p) : `'${String(p).replace(/'/g, "''")}'`;
  });
}
