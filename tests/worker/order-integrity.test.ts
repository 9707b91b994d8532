// Issue #10 §2: an order cannot change after it is priced. Two submissions with the same idempotency
// key, with an item added to the cart in between, must not attach that item to the first order (whose
// totals are fixed); the order's items always sum to its subtotal.
import { env } from 'cloudflare:workers';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import type { RegistryPort } from '../../worker/adapters/registry/port';
import { addReadyDomain, readyCart, servicesAt } from './customers';

const db = createDb(env.DB);

/** A services instance whose .gr availability check waits at a gate the test opens. */
function gated() {
  const s = servicesAt();
  const registries = s.orders.registries();
  const real = registries.gr;
  let reached!: () => void;
  let open!: () => void;
  const arrived = new Promise<void>((r) => (reached = r));
  const gate = new Promise<void>((r) => (open = r));
  registries.gr = {
    ...real,
    check: async (refs) => {
      reached();
      await gate;
      return real.check(refs);
    },
  } as RegistryPort;
  return { s, arrived, open };
}

describe('placing an order with a key already being placed', () => {
  it('does not attach items added meanwhile to the order whose totals are fixed', async () => {
    const c = await readyCart('race');
    const key = crypto.randomUUID();
    const input = { profileId: c.profileId, method: 'bank_transfer' as const, idempotencyKey: key, lang: 'el' as const, uniqueId: null };
    // A reads the cart (one name) and waits at the availability check.
    const a = gated();
    const placingA = a.s.orders.placeOrder(c.owner, input);
    await a.arrived;
    // Meanwhile a second name joins the cart, and a second submission of the same page reads it.
    const second = await addReadyDomain(c.id, c.owner);
    const b = gated();
    const placingB = b.s.orders.placeOrder(c.owner, input);
    await b.arrived;
    // A places its order first; then B's batch runs against the same key.
    a.open();
    const ra = await placingA;
    b.open();
    const rb = await placingB;
    expect(ra.ok).toBe(true);
    if (!ra.ok) return;
    // B finds A's order (same key), it does not change it.
    expect(rb).toMatchObject({ ok: true, orderId: ra.orderId, reused: true });
    const [order] = await db.select().from(orders).where(eq(orders.idempotencyKey, key));
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items.map((i) => i.name)).toEqual([c.name]);
    expect(items.reduce((sum, i) => sum + i.priceCents, 0)).toBe(order!.subTotalCents);
    // The name added meanwhile was not ordered: it is still in the cart.
    expect((await servicesAt().cart.items(c.owner)).map((i) => i.id)).toEqual([second.itemId]);
  });

  it("every order's items sum to its subtotal", async () => {
    const c = await readyCart('sum');
    await addReadyDomain(c.id, c.owner);
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [row] = await db.all<{ items: number; sub: number }>(
      sql`SELECT (SELECT SUM(price_cents) FROM order_items WHERE order_id = ${placed.orderId}) AS items, sub_total_cents AS sub FROM orders WHERE id = ${placed.orderId}`,
    );
    expect(row!.items).toBe(row!.sub);
    expect(row!.items).toBeGreaterThan(0);
  });
});
