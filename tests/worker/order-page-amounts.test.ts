// The order page (issue #20 §1): its lines carry VAT as the grand total under them does, and add up
// to it; statuses are words in the reader's language, never the stored codes ("PAID", "COMPLETED").
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { orders, users } from '../../db/schema';
import { Browser, login } from './helpers';

const db = createDb(env.DB);

describe('the order page', () => {
  it('lists the lines with VAT, adding up to the total with VAT, and translates every status', async () => {
    const demo = DEMO_USERS[0]!;
    const [u] = await db.select().from(users).where(eq(users.email, 'demo@example.gr'));
    const [order] = await db.select().from(orders).where(eq(orders.userId, u!.id));
    const b = new Browser();
    expect((await login(b, 'demo@example.gr', demo.password)).status).toBe(303);
    const { html } = await b.open(`/orders/${order!.id}`);
    // The demo order: 12,00 € + 48,00 € net at 24 % → 14,88 € + 59,52 € = 74,40 €.
    const cents = [...html.matchAll(/data-testid="order-item-price" data-cents="(\d+)"/g)].map((m) => Number(m[1]));
    expect(cents).toEqual([1488, 5952]);
    expect(cents.reduce((a, b) => a + b, 0)).toBe(order!.grandTotalCents);
    expect(html).toContain('14,88');
    expect(html).toContain('59,52');
    expect(html).toMatch(/data-testid="order-total" data-cents="7440"/);
    // Document statuses in Greek.
    expect(html).toContain('Εξοφλημένο');
    expect(html).toContain('Ολοκληρωμένο');
    expect(html).not.toMatch(/>\s*(PAID|COMPLETED|OPEN)\s*·/);
    expect(html).not.toMatch(/\b(PAID|COMPLETED)\b(?![^<]*")/);
  });
});
