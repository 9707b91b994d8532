// Issue #10 §2 coupons: limits in all and per customer, a minimum order, 'never ordered' counting
// pending orders, no free auto-paid order unless the coupon allows it, each use recorded in the
// order's own batch (so racing orders cannot exceed a limit), and a cancelled order giving its use back.
import { env } from 'cloudflare:workers';
import { eq, isNull, and } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { couponRedemptions, coupons, orders, users } from '../../db/schema';
import { hashPassword } from '../../worker/security/password-hash';
import { addReadyDomain, gatedServices, newCustomer, readyCart, servicesAt, uniqueName } from './customers';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);

async function testCoupon(over: Partial<typeof coupons.$inferInsert>) {
  const code = uniqueName('T').toUpperCase().replace(/[^A-Z0-9]/g, '');
  await db.insert(coupons).values({ code, kind: 'percent', value: 1000, status: 'active', audience: 'all', neverOrdered: false, createdAt: new Date(), ...over });
  return code;
}

const liveUses = (code: string) => db.select().from(couponRedemptions).where(and(eq(couponRedemptions.couponCode, code), isNull(couponRedemptions.releasedAt)));


type Cart = Awaited<ReturnType<typeof readyCart>>;
const place = (s: ReturnType<typeof servicesAt>, c: Cart, coupon?: string) =>
  s.orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null, coupon });

/** Two placements that both pass the checks before either batch runs. */
async function race(a: Cart, b: Cart, code: string) {
  const ga = gatedServices();
  const gb = gatedServices();
  const pa = place(ga.s, a, code);
  const pb = place(gb.s, b, code);
  await Promise.all([ga.arrived, gb.arrived]);
  ga.open();
  gb.open();
  return Promise.all([pa, pb]);
}

describe('coupon limits', () => {
  it('two customers racing for the last use: one order gets it, the other is refused and nothing of it is kept', async () => {
    const code = await testCoupon({ maxRedemptions: 1 });
    const [a, b] = [await readyCart('lastuse-a'), await readyCart('lastuse-b')];
    const results = await race(a, b, code);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, field: 'coupon', detail: { key: 'validation:coupon_used_up' } });
    expect(await liveUses(code)).toHaveLength(1);
    const loser = results[0]!.ok ? b : a;
    expect(await db.select().from(orders).where(eq(orders.userId, loser.id))).toHaveLength(0);
    // The preview says so too.
    expect(await servicesAt().orders.coupon(loser.id, code, 5000)).toMatchObject({ ok: false, key: 'validation:coupon_used_up' });
  });

  it('once per customer: a second order of the same customer cannot use it; cancelling the unpaid order gives the use back', async () => {
    const code = await testCoupon({ maxPerCustomer: 1 });
    const c = await readyCart('percust');
    const first = await place(servicesAt(), c, code);
    if (!first.ok) throw new Error(`place ${first.code}`);
    const [use] = await liveUses(code);
    expect(use).toMatchObject({ userId: c.id, orderId: first.orderId });
    expect(await servicesAt().orders.coupon(c.id, code, 5000)).toMatchObject({ ok: false, key: 'validation:coupon_already_used' });
    expect(await servicesAt().orders.cancelOrder(c.id, first.orderId)).toEqual({ ok: true });
    expect(await liveUses(code)).toHaveLength(0);
    expect(await servicesAt().orders.coupon(c.id, code, 5000)).toMatchObject({ ok: true });
  });

  it('a first-order coupon: a pending order counts as ordered, and two first orders racing get it once', async () => {
    const code = await testCoupon({ neverOrdered: true });
    const c = await readyCart('pendingfirst');
    const plain = await place(servicesAt(), c);
    if (!plain.ok) throw new Error('place');
    expect(await servicesAt().orders.coupon(c.id, code, 5000)).toMatchObject({ ok: false, key: 'validation:coupon_first_order_only' });

    // Two carts of one customer (two rooms), placed side by side with the coupon.
    const d = await readyCart('racefirst');
    const other = { room: `${d.owner.room}-tab2`, userId: d.id };
    await addReadyDomain(d.id, other);
    const results = await race(d, { ...d, owner: other }, code);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await liveUses(code)).toHaveLength(1);
  });

  it('needs its minimum order (the message names the amount)', async () => {
    const code = await testCoupon({ minOrderCents: 1_000_000 });
    const c = await newCustomer('minorder');
    expect(await servicesAt().orders.coupon(c.id, code, 999_999, 'el')).toEqual({ ok: false, key: 'validation:coupon_min_order', params: { amount: '10.000,00\u00a0€' } });
    expect(await servicesAt().orders.coupon(c.id, code, 1_000_000)).toMatchObject({ ok: true });
  });

  it('cannot make an order free (and so paid at once) unless the coupon allows it', async () => {
    const c = await newCustomer('zerototal');
    const s = servicesAt();
    // A 1-month plan on offer costs less than 5 €.
    const added = await s.cart.addProduct(c.owner, { sku: 'sha_lin_plus', months: 1, uniqueId: null });
    if (!added.ok) throw new Error(`add ${added.code}`);
    const profile = await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    const view = await s.cart.view(c.owner, { lang: 'el', vatRateBp: 2400 });
    expect(view.totals.subTotalCents).toBeLessThanOrEqual(500);
    const input = { profileId: profile.id, method: 'card' as const, lang: 'el' as const, uniqueId: null };
    const refused = await servicesAt().orders.placeOrder(c.owner, { ...input, idempotencyKey: crypto.randomUUID(), coupon: 'BLACKFRIDAY5' });
    expect(refused).toMatchObject({ ok: false, field: 'coupon', detail: { key: 'validation:coupon_zero_total' } });
    expect(await db.select().from(orders).where(eq(orders.userId, c.id))).toHaveLength(0);
    // A gift coupon that says it may: the order is free and paid at once.
    const gift = await testCoupon({ kind: 'amount', value: 2000, allowZeroTotal: true });
    const placed = await servicesAt().orders.placeOrder(c.owner, { ...input, idempotencyKey: crypto.randomUUID(), coupon: gift });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [o] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(o).toMatchObject({ grandTotalCents: 0, paymentMethod: 'credit', couponCode: gift });
    expect(o!.status).not.toBe('pending');
  });

  it('the checkout page shows the refusal next to the coupon field, translated', async () => {
    const c = await readyCart('couponpage');
    const code = await testCoupon({ minOrderCents: 1_000_000 });
    const b = new Browser();
    // The customer logs in through the real form: give them a known password first.
    await db.update(users).set({ passwordHash: await hashPassword('Demo-Pelatis-2026') }).where(eq(users.id, c.id));
    await login(b, c.email, 'Demo-Pelatis-2026');
    const page = await b.open('/cart/checkout');
    const res = await b.fetch('/cart/checkout', form({ _token: page.token, intent: 'apply_coupon', coupon: code, vat_rate_bp: '2400' }));
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain('data-testid="coupon-error"');
    expect(html).toContain('10.000,00');
  });
});
