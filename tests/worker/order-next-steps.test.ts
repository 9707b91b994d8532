// Issue #25 §6: the order page says what comes next for each item carried out, with a link to the
// portal page where it is done; a document number never breaks mid-number (one no-break span).
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentNumber } from '../../core/documents/format';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { orders, saleDocuments, users } from '../../db/schema';
import { Browser, login } from './helpers';
import { staffBrowser } from './staff';

const db = createDb(env.DB);

describe('the order page: what comes next', () => {
  it('links each completed item to its portal page, and keeps every document number on one line', async () => {
    const demo = DEMO_USERS[0]!;
    const [u] = await db.select().from(users).where(eq(users.email, 'demo@example.gr'));
    const [order] = await db.select().from(orders).where(eq(orders.userId, u!.id));
    const b = new Browser();
    expect((await login(b, 'demo@example.gr', demo.password)).status).toBe(303);
    const { html } = await b.open(`/orders/${order!.id}`);
    // The demo order: a renewed kafeneio.gr and a Linux hosting plan, both carried out.
    expect(html).toMatch(/data-testid="next-step" data-step="manage_domain"[^>]*>[\s\S]*?href="\/account\/domains\/kafeneio\.gr"/);
    expect(html).toMatch(/data-testid="next-step" data-step="setup_hosting"[^>]*>[\s\S]*?href="\/account\/hosting[/"]/);
    expect(html).toContain('Διαχείριση του domain');
    expect(html).toContain('Ρύθμιση της φιλοξενίας');
    const docs = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, order!.id)));
    expect(docs.length).toBeGreaterThan(0);
    for (const d of docs) expect(html).toMatch(new RegExp(`class="[^"]*whitespace-nowrap[^"]*"[^>]*>${documentNumber(d)}<`));
  });

  it("writes a document's number the one way (REC-000001), on one line, on the document page and the staff's customer page", async () => {
    const demo = DEMO_USERS[0]!;
    const [u] = await db.select().from(users).where(eq(users.email, 'demo@example.gr'));
    const [doc] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.userId, u!.id), eq(saleDocuments.kind, 'receipt')));
    const number = documentNumber(doc!);
    expect(number).toMatch(/^[A-Z]+-\d{6}$/);
    const b = new Browser();
    await login(b, 'demo@example.gr', demo.password);
    const page = await b.open(`/account/documents/${doc!.id}`);
    expect(page.html).toMatch(new RegExp(`data-testid="document-title"[^>]*>[^<]*<span class="whitespace-nowrap">${number}</span>`));
    const { b: staff } = await staffBrowser();
    const customer = await staff.open(`http://admin.localhost/admin/customers/${u!.id}`);
    expect(customer.res.status).toBe(200);
    expect(customer.html).toContain(`<span class="whitespace-nowrap">${number}</span>`);
    expect(customer.html).not.toContain(`>${doc!.series}-${doc!.number}<`);
  });
});
