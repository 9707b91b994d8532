// The cart lines that act on a service the customer has (issue #32 §1, decision 087): a renewal is
// priced from the service's own options and takes no option edits (the audit renewed a VPS with paid
// management and DDoS protection at the bare plan's price); an upgrade is carried out only for the
// period it was priced for, else refunded once as credit; and a renewal and a plan change of the same
// service cannot both be open.
import { env } from 'cloudflare:workers';
import { and, eq, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { creditMovements, hostingServices, orderItems, orders, sandboxHostingAccounts, sandboxSwitches, users } from '../../db/schema';
import { PROVISIONER_SYSTEM } from '../../worker/adapters/provisioner/sandbox';
import { Browser, form, login } from './helpers';
import { ownVps, servicesWith } from './hosting-fixtures';

const db = createDb(env.DB);
const DAY = 24 * 60 * 60_000;
/** Fully managed (29,00 €/month) and advanced DDoS protection (9,90 €/month) on a Linux VPS. */
const PAID = { support: 'managed', ddos_protection: 'advanced' } as const;
const PAID_MONTHLY_CENTS = 2900 + 990;

type Vps = Awaited<ReturnType<typeof ownVps>>;

afterEach(async () => {
  await db.delete(sandboxSwitches).where(eq(sandboxSwitches.system, PROVISIONER_SYSTEM));
});

async function serviceRow(id: number) {
  return (await db.select().from(hostingServices).where(eq(hostingServices.id, id)))[0]!;
}

async function setOptions(v: Vps, extra: Record<string, string>) {
  const row = await serviceRow(v.id);
  await db.update(hostingServices).set({ options: { ...row.options, ...extra } }).where(eq(hostingServices.id, v.id));
}

const view = (v: Vps, at = v.at) => servicesWith(at).cart.view(v.c.owner, { lang: 'el', vatRateBp: 2400 });

async function profileOf(v: Vps) {
  const profile = await servicesWith(v.at).orders.createBillingProfile(v.c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  if (!profile.ok) throw new Error('profile');
  return profile.id;
}

/** The cart placed as an order to pay by bank transfer, left unpaid. */
async function placeUnpaid(v: Vps, at: number, profileId: number) {
  const placed = await servicesWith(at).orders.placeOrder(v.c.owner, { profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  return placed.orderId;
}

/** A browser logged in as the VPS's customer. */
async function loggedIn(v: Vps) {
  const password = 'Kal1m3ra!Kal1m3ra';
  const { hashPassword } = await import('../../worker/security/password-hash');
  await db.update(users).set({ passwordHash: await hashPassword(password) }).where(eq(users.id, v.c.id));
  const b = new Browser();
  expect((await login(b, v.c.email, password)).status).toBe(303);
  return b;
}

const itemsOf = (orderId: number) => db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
const refunds = (itemId: number) => db.select().from(creditMovements).where(eq(creditMovements.dedupeKey, `refund:item:${itemId}`));
const panel = async (accountId: string) => (await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.accountId, accountId)))[0]!;

describe('a renewal line and the service options', () => {
  it('is priced from the paid options the service has; the configure page and a hand-made update are refused', async () => {
    const v = await ownVps({ months: 12 });
    await setOptions(v, PAID);
    expect(await servicesWith(v.at).hostingPlans.renew(v.c.owner, v.c.id, v.id, 12, null)).toEqual({ ok: true });
    const line = (await view(v)).lines[0]!;
    expect(line.optionValues).toMatchObject(PAID);
    expect(line.optionsCents).toBe(PAID_MONTHLY_CENTS * 12);
    // The configure form posted by hand changes nothing; there is no configure page or link either.
    expect(await servicesWith(v.at).cart.setOptions(v.c.owner, line.id, { support: 'self', ddos_protection: 'basic' }, null)).toMatchObject({ ok: false, code: ErrorCode.SERVICE_LINE_OPTIONS_FIXED });
    expect(line.configurable).toBe(false);
    expect(await servicesWith(v.at).cart.configurable(v.c.owner, line.id, 'el')).toBeNull();
    expect(await servicesWith(v.at).cart.update(v.c.owner, line.id, { config: { options: { support: 'self', ddos_protection: 'basic' } } }, null)).toMatchObject({ ok: false, code: ErrorCode.SERVICE_LINE_OPTIONS_FIXED });
    const again = (await view(v)).lines[0]!;
    expect(again.price!.totalCents).toBe(line.price!.totalCents);
    expect(again.optionValues).toMatchObject(PAID);

    // Checkout prices it the same, and the paid transfer renews it at that price.
    const orderId = await placeUnpaid(v, v.at, await profileOf(v));
    expect(await servicesWith(v.at).orders.confirmBankTransfer(orderId)).toBe(true);
    const [item] = await itemsOf(orderId);
    expect(item).toMatchObject({ status: 'completed', priceCents: line.price!.totalCents });
    expect((item!.config as { options: Record<string, string> }).options).toMatchObject(PAID);
  });

  it('without JavaScript: the cart shows no configure link, the configure page sends back to the cart, and its form posted by hand changes nothing', async () => {
    const v = await ownVps({ months: 12 });
    await setOptions(v, PAID);
    const b = await loggedIn(v);
    const plan = await b.open(`/account/hosting/${v.id}/plan`);
    expect((await b.fetch(`/account/hosting/${v.id}/plan`, form({ _token: plan.token, intent: 'renew', months: '12' }))).headers.get('Location')).toBe('/cart');
    const line = (await view(v, Date.now())).lines[0]!;
    const cart = await b.open('/cart');
    expect(cart.html).toContain(`data-id="${line.id}"`);
    expect(cart.html).not.toContain('data-testid="configure-link"');
    const page = await b.fetch(`/cart/configure/${line.id}`);
    expect(page.status).toBe(303);
    expect(page.headers.get('Location')).toBe('/cart');
    const posted = await b.fetch(`/cart/configure/${line.id}`, form({ _token: cart.token, 'option.support': 'self', 'option.ddos_protection': 'basic' }));
    expect(posted.status).not.toBe(200);
    const after = (await view(v, Date.now())).lines[0]!;
    expect(after.optionValues).toMatchObject(PAID);
    expect(after.price!.totalCents).toBe(line.price!.totalCents);
  });

  it('follows the service options as stored when they change after the line was added (the cart and the checkout read them again)', async () => {
    const v = await ownVps({ months: 12 });
    expect(await servicesWith(v.at).hostingPlans.renew(v.c.owner, v.c.id, v.id, 12, null)).toEqual({ ok: true });
    const bare = (await view(v)).lines[0]!;
    expect(bare.optionsCents).toBe(0);
    // Staff add paid options to the service after the line went into the cart.
    await setOptions(v, PAID);
    const now = (await view(v)).lines[0]!;
    expect(now.optionValues).toMatchObject(PAID);
    expect(now.price!.totalCents).toBe(bare.price!.totalCents + PAID_MONTHLY_CENTS * 12);
    const orderId = await placeUnpaid(v, v.at, await profileOf(v));
    expect((await itemsOf(orderId))[0]!.priceCents).toBe(now.price!.totalCents);
  });

  it('is refused at fulfilment, and refunded once, when the service options cost more than was paid; a free change (a reinstall) renews', async () => {
    const v = await ownVps({ months: 12 });
    const profileId = await profileOf(v);
    const before = await serviceRow(v.id);
    expect(await servicesWith(v.at).hostingPlans.renew(v.c.owner, v.c.id, v.id, 12, null)).toEqual({ ok: true });
    const orderId = await placeUnpaid(v, v.at, profileId);
    // Paid options added while the transfer was on its way: the renewal was priced without them.
    await setOptions(v, PAID);
    expect(await servicesWith(v.at).orders.confirmBankTransfer(orderId)).toBe(true);
    const [item] = await itemsOf(orderId);
    expect(item).toMatchObject({ status: 'refunded', lastError: String(ErrorCode.ACTION_NOT_ALLOWED) });
    expect((await serviceRow(v.id)).expiresAt.getTime()).toBe(before.expiresAt.getTime());
    expect((await panel(v.accountId)).expiresAt.getTime()).toBe(before.expiresAt.getTime());
    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect((await refunds(item!.id)).map((m) => m.amountCents)).toEqual([order!.grandTotalCents]);
    await servicesWith(v.at + DAY).orders.fulfil(orderId);
    expect(await refunds(item!.id)).toHaveLength(1);

    // Another renewal, then a reinstall changes the OS (no price) before the transfer arrives: it renews.
    const w = await ownVps({ months: 12 });
    const wProfile = await profileOf(w);
    expect(await servicesWith(w.at).hostingPlans.renew(w.c.owner, w.c.id, w.id, 12, null)).toEqual({ ok: true });
    const wOrder = await placeUnpaid(w, w.at, wProfile);
    await setOptions(w, { os: 'ubuntu-24.04' });
    expect(await servicesWith(w.at).orders.confirmBankTransfer(wOrder)).toBe(true);
    expect((await itemsOf(wOrder))[0]!.status).toBe('completed');
  });
});

describe('an upgrade and a renewal of the same service', () => {
  it('an upgrade left unpaid, a renewal paid, then the transfer confirmed: the upgrade is refused and refunded once, the plan stays', async () => {
    // 20 days left of a 12-month period.
    const v = await ownVps({ months: 12, daysAgo: 345 });
    const profileId = await profileOf(v);
    const start = await serviceRow(v.id);
    expect(await servicesWith(v.at).hostingPlans.changePlan(v.c.owner, v.c.id, v.id, 'vps_lin_l', null, 'el')).toEqual({ ok: true, direction: 'upgrade' });
    const upgradeOrder = await placeUnpaid(v, v.at, profileId);
    // The renewal document of the period (14 days before its end) is paid first.
    const later = v.at + 7 * DAY;
    await servicesWith(later).hostingRenewals.run();
    const [renewal] = await db.select().from(orders).where(like(orders.idempotencyKey, `hosting-renewal:${v.id}:%`));
    expect(renewal).toBeDefined();
    expect(await servicesWith(later).orders.markPaid(renewal!.id)).toBe(true);
    const renewed = await serviceRow(v.id);
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(start.expiresAt.getTime());

    // Staff confirm the upgrade's transfer: it was priced for the 20 days of the period that is over.
    const confirmedAt = later + DAY;
    expect(await servicesWith(confirmedAt).orders.confirmBankTransfer(upgradeOrder)).toBe(true);
    const [item] = await itemsOf(upgradeOrder);
    expect(item).toMatchObject({ status: 'refunded', lastError: String(ErrorCode.ACTION_NOT_ALLOWED) });
    expect(await serviceRow(v.id)).toMatchObject({ sku: 'vps_lin_m', expiresAt: renewed.expiresAt });
    expect((await panel(v.accountId)).sku).toBe('vps_lin_m');
    const [order] = await db.select().from(orders).where(eq(orders.id, upgradeOrder));
    expect((await refunds(item!.id)).map((m) => m.amountCents)).toEqual([order!.grandTotalCents]);
    // Fulfilment running again (cron, a second confirmation) gives nothing back twice.
    await servicesWith(confirmedAt + DAY).orders.fulfil(upgradeOrder);
    expect(await servicesWith(confirmedAt + DAY).orders.confirmBankTransfer(upgradeOrder)).toBe(false);
    expect(await refunds(item!.id)).toHaveLength(1);
  });

  it('an upgrade paid within its period still moves the plan', async () => {
    const v = await ownVps({ months: 12, daysAgo: 345 });
    const profileId = await profileOf(v);
    await servicesWith(v.at).hostingPlans.changePlan(v.c.owner, v.c.id, v.id, 'vps_lin_l', null, 'el');
    const orderId = await placeUnpaid(v, v.at, profileId);
    expect(await servicesWith(v.at + 2 * DAY).orders.confirmBankTransfer(orderId)).toBe(true);
    expect((await itemsOf(orderId))[0]!.status).toBe('completed');
    expect((await serviceRow(v.id)).sku).toBe('vps_lin_l');
  });

  it('cannot both be open: an upgrade in the cart or awaiting its transfer refuses a renewal, and the other way round', async () => {
    // An upgrade in the cart: a renewal is refused, the cart keeps the upgrade alone.
    const a = await ownVps({ months: 12, daysAgo: 100 });
    await servicesWith(a.at).hostingPlans.changePlan(a.c.owner, a.c.id, a.id, 'vps_lin_l', null, 'el');
    expect(await servicesWith(a.at).hostingPlans.renew(a.c.owner, a.c.id, a.id, 12, null)).toMatchObject({ ok: false, code: ErrorCode.RENEWAL_WAITS_FOR_PLAN_CHANGE });
    // A second click of the same upgrade is still the line it has.
    expect(await servicesWith(a.at).hostingPlans.changePlan(a.c.owner, a.c.id, a.id, 'vps_lin_l', null, 'el')).toEqual({ ok: true, direction: 'upgrade' });
    expect((await view(a)).lines.map((l) => l.config.planChange?.serviceId ?? null)).toEqual([a.id]);
    // Ordered and awaiting the transfer: still refused.
    await placeUnpaid(a, a.at, await profileOf(a));
    expect((await view(a)).lines).toHaveLength(0);
    expect(await servicesWith(a.at).hostingPlans.renew(a.c.owner, a.c.id, a.id, 12, null)).toMatchObject({ ok: false, code: ErrorCode.RENEWAL_WAITS_FOR_PLAN_CHANGE });

    // A renewal in the cart, then awaiting its transfer: an upgrade is refused.
    const b = await ownVps({ months: 12, daysAgo: 100 });
    await servicesWith(b.at).hostingPlans.renew(b.c.owner, b.c.id, b.id, 12, null);
    expect(await servicesWith(b.at).hostingPlans.changePlan(b.c.owner, b.c.id, b.id, 'vps_lin_l', null, 'el')).toMatchObject({ ok: false, code: ErrorCode.PLAN_CHANGE_WAITS_FOR_RENEWAL });
    await placeUnpaid(b, b.at, await profileOf(b));
    expect(await servicesWith(b.at).hostingPlans.changePlan(b.c.owner, b.c.id, b.id, 'vps_lin_l', null, 'el')).toMatchObject({ ok: false, code: ErrorCode.PLAN_CHANGE_WAITS_FOR_RENEWAL });
    // Once the renewal is carried out, the upgrade may go to the cart (priced for the new period).
    const [open] = await db.select().from(orders).where(and(eq(orders.userId, b.c.id), eq(orders.status, 'pending')));
    expect(await servicesWith(b.at).orders.confirmBankTransfer(open!.id)).toBe(true);
    expect(await servicesWith(b.at).hostingPlans.changePlan(b.c.owner, b.c.id, b.id, 'vps_lin_l', null, 'el')).toEqual({ ok: true, direction: 'upgrade' });
  });

  it('the cart says so, and the checkout refuses, when a renewal document opened after the upgrade went into the cart', async () => {
    const v = await ownVps({ months: 12, daysAgo: 345 });
    const profileId = await profileOf(v);
    await servicesWith(v.at).hostingPlans.changePlan(v.c.owner, v.c.id, v.id, 'vps_lin_l', null, 'el');
    const later = v.at + 7 * DAY;
    await servicesWith(later).hostingRenewals.run();
    const cart = await view(v, later);
    expect(cart.lines[0]).toMatchObject({ serviceConflict: ErrorCode.PLAN_CHANGE_WAITS_FOR_RENEWAL });
    expect(cart.ready).toBe(false);
    // The cart page says why, on the line.
    const page = await (await loggedIn(v)).open('/cart');
    expect(page.html).toContain('data-testid="line-service-conflict"');
    expect(page.html).toContain('Εκκρεμεί ανανέωση αυτής της υπηρεσίας');
    expect(await servicesWith(later).orders.placeOrder(v.c.owner, { profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null })).toMatchObject({ ok: false, code: ErrorCode.CART_NOT_READY_CHECK_ITEMS });
  });
});
