// Issue #20 §1 inside workerd: the issue's own cart (a .gr for 2 years at 9,90 € and a Linux Plus plan
// for a month at 2,99 €, net) costs 12,28 € + 3,71 € = 15,99 € on the cart page, in the order, on the
// receipt's lines and at AADE: one VAT rule, per line.
import { env } from 'cloudflare:workers';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { orders, sandboxMydataInvoices, saleDocumentLines, saleDocuments, users } from '../../db/schema';
import { readyCart, servicesAt } from './customers';
import { Browser, login } from './helpers';

const db = createDb(env.DB);

describe('the issue’s cart, from the page to AADE', () => {
  it('12,28 € + 3,71 € = 15,99 € everywhere', async () => {
    const s = servicesAt();
    const c = await readyCart('vatrule');
    const plan = await s.cart.addProduct(c.owner, { sku: 'sha_lin_plus', uniqueId: null });
    if (!plan.ok) throw new Error(`plan ${plan.code}`);
    await s.cart.update(c.owner, plan.items[0]!.id, { lengthMonths: 1 }, null);
    const view = await s.cart.view(c.owner, { lang: 'el', vatRateBp: 2400 });
    expect(view.lines.map((l) => [l.sku, l.lengthMonths, l.price?.totalCents])).toEqual([
      ['gr', 24, 990],
      ['sha_lin_plus', 1, 299],
    ]);
    expect(view.totals).toMatchObject({ subTotalCents: 1289, vatCents: 310, grandTotalCents: 1599, lineGrossCents: [1228, 371] });

    // The cart page, with prices shown with Greek VAT (the default display).
    const demo = DEMO_USERS[0]!;
    await db.update(users).set({ passwordHash: demo.passwordHash }).where(eq(users.id, c.id));
    const b = new Browser();
    expect((await login(b, c.email, demo.password)).status).toBe(303);
    const { html } = await b.open('/cart');
    const shown = [...html.matchAll(/data-testid="line-price" data-cents="\d+"[\s\S]*?<span class="font-semibold" data-price-net="(\d+)">([^<]+)</g)].map((m) => m[2]!.replace(/\u00a0/g, ' '));
    expect(shown).toEqual(['12,28 €', '3,71 €']);
    expect(html).toMatch(/data-testid="grand-total" data-cents="1599"/);

    // The order, its receipt's lines and what AADE registers.
    const placed = await s.orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({ subTotalCents: 1289, vatCents: 310, grandTotalCents: 1599 });
    expect(await servicesAt().orders.markPaid(placed.orderId)).toBe(true);
    const [receipt] = await db.select().from(saleDocuments).where(and(eq(saleDocuments.orderId, placed.orderId), eq(saleDocuments.kind, 'receipt')));
    expect(receipt).toMatchObject({ totalCents: 1599, vatCents: 310 });
    const lines = await db.select().from(saleDocumentLines).where(eq(saleDocumentLines.documentId, receipt!.id)).orderBy(asc(saleDocumentLines.position));
    expect(lines.map((l) => [l.netCents, l.vatCents, l.totalCents])).toEqual([
      [990, 238, 1228],
      [299, 72, 371],
    ]);
    const [record] = await db.select().from(sandboxMydataInvoices).where(and(eq(sandboxMydataInvoices.series, receipt!.series), eq(sandboxMydataInvoices.aa, String(receipt!.number))));
    expect(record).toMatchObject({ netCents: 1289, vatCents: 310, totalCents: 1599 });
  });
});
