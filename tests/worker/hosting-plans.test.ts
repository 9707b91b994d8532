// A service's plan (issue #23 §1, decision 070): renewal through the cart, order and fulfilment that
// extends the expiry once however often fulfilment runs, a provisioner failure mid-way that changes
// nothing and is retried, the prorated upgrade, the downgrade at the period's end, and cancellation
// with its undo; and the two pages without JavaScript.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { prorate } from '../../core/hosting/proration';
import { createDb } from '../../db/client';
import { hostingServices, orderItems, sandboxHostingAccounts, sandboxSwitches, users } from '../../db/schema';
import { PROVISIONER_SYSTEM } from '../../worker/adapters/provisioner/sandbox';
import { periodStart } from '../../worker/services/hosting/plans';
import { Browser, form, login } from './helpers';
import { ownVps, servicesWith } from './hosting-fixtures';

const db = createDb(env.DB);
const HOUR = 60 * 60_000;

afterEach(async () => {
  await db.delete(sandboxSwitches).where(eq(sandboxSwitches.system, PROVISIONER_SYSTEM));
});

async function serviceRow(id: number) {
  return (await db.select().from(hostingServices).where(eq(hostingServices.id, id)))[0]!;
}

/** The cart's lines placed as an order paid by bank transfer (which runs fulfilment at once). */
async function checkout(v: Awaited<ReturnType<typeof ownVps>>, at: number) {
  const s = servicesWith(at);
  const profile = await s.orders.createBillingProfile(v.c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  if (!profile.ok) throw new Error('profile');
  const placed = await s.orders.placeOrder(v.c.owner, { profileId: profile.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  expect(await servicesWith(at).orders.confirmBankTransfer(placed.orderId)).toBe(true);
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
  return { orderId: placed.orderId, items };
}

describe('renewal through the cart', () => {
  it('is a cart line at the plan price without set-up fee, once per service, and extends the expiry once under a retry', async () => {
    const v = await ownVps({ months: 12 });
    const s = servicesWith(v.at);
    const before = await serviceRow(v.id);
    expect(await s.hostingPlans.renew(v.c.owner, v.c.id, v.id, 12, null)).toEqual({ ok: true });
    expect(await servicesWith(v.at).hostingPlans.renew(v.c.owner, v.c.id, v.id, 12, null)).toEqual({ ok: true });
    const view = await servicesWith(v.at).cart.view(v.c.owner, { lang: 'el', vatRateBp: 2400 });
    expect(view.lines).toHaveLength(1);
    const plan = (await servicesWith(v.at).hostingPlans.view(v.c.id, v.id, 'el'))!;
    expect(view.lines[0]).toMatchObject({ kind: 'hosting', sku: 'vps_lin_m', action: 'renew', lengthMonths: 12 });
    expect(view.lines[0]!.price!.setupFeeCents).toBe(0);
    expect(view.lines[0]!.price!.totalCents + view.lines[0]!.optionsCents).toBe(plan.renewal!.lengths.find((l) => l.months === 12)!.totalCents);
    expect(view.ready).toBe(true);

    const { orderId, items } = await checkout(v, v.at);
    expect(items[0]).toMatchObject({ status: 'completed', action: 'renew' });
    const after = await serviceRow(v.id);
    const expected = new Date(before.expiresAt.getTime());
    expected.setUTCMonth(expected.getUTCMonth() + 12);
    expect(after.expiresAt.getTime()).toBe(expected.getTime());
    const [panel] = await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.accountId, v.accountId));
    expect(panel!.expiresAt.getTime()).toBe(expected.getTime());

    // A lost answer: fulfilment runs the item again. The panel knows the reference; nothing moves.
    await db.update(hostingServices).set({ expiresAt: before.expiresAt }).where(eq(hostingServices.id, v.id));
    await db.update(orderItems).set({ status: 'failed', nextAttemptAt: new Date(v.at - 1000) }).where(eq(orderItems.orderId, orderId));
    await servicesWith(v.at).orders.fulfil(orderId);
    expect((await serviceRow(v.id)).expiresAt.getTime()).toBe(expected.getTime());
    expect((await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.accountId, v.accountId)))[0]!.expiresAt.getTime()).toBe(expected.getTime());
  });

  it('a provisioner failure mid-way leaves the service as it was, and the retry extends it once', async () => {
    const v = await ownVps({ months: 12 });
    const before = await serviceRow(v.id);
    expect(await servicesWith(v.at).hostingPlans.renew(v.c.owner, v.c.id, v.id, 12, null)).toEqual({ ok: true });
    await db.insert(sandboxSwitches).values({ system: PROVISIONER_SYSTEM, failing: true });
    const { orderId, items } = await checkout(v, v.at);
    expect(items[0]).toMatchObject({ status: 'failed', lastError: String(ErrorCode.NETWORK_CONNECTION_ERROR) });
    expect((await serviceRow(v.id)).expiresAt.getTime()).toBe(before.expiresAt.getTime());
    await db.delete(sandboxSwitches).where(eq(sandboxSwitches.system, PROVISIONER_SYSTEM));
    const later = v.at + 2 * HOUR;
    expect(await servicesWith(later).orders.retryDue()).toBe(1);
    expect(await servicesWith(later + HOUR).orders.retryDue()).toBe(0);
    const expected = new Date(before.expiresAt.getTime());
    expected.setUTCMonth(expected.getUTCMonth() + 12);
    expect((await serviceRow(v.id)).expiresAt.getTime()).toBe(expected.getTime());
    expect((await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)))[0]!.status).toBe('completed');
  });

  it('renewing withdraws a cancellation asked for before', async () => {
    const v = await ownVps({ months: 12 });
    expect(await servicesWith(v.at).hostingPlans.setCancel(v.c.id, v.id, true)).toEqual({ ok: true });
    await servicesWith(v.at).hostingPlans.renew(v.c.owner, v.c.id, v.id, 12, null);
    await checkout(v, v.at);
    expect((await serviceRow(v.id)).cancelAtPeriodEnd).toBe(false);
  });
});

describe('changing plan', () => {
  it('an upgrade costs the prorated difference in the cart and moves the plan at fulfilment', async () => {
    const v = await ownVps({ months: 12, daysAgo: 100 });
    const s = servicesWith(v.at);
    const plan = (await s.hostingPlans.view(v.c.id, v.id, 'el'))!;
    const large = plan.choices.find((c) => c.sku === 'vps_lin_l')!;
    const small = plan.choices.find((c) => c.sku === 'vps_lin_s')!;
    expect(large.direction).toBe('upgrade');
    expect(small).toMatchObject({ direction: 'downgrade', chargeCents: 0 });
    // Windows plans are another configuration set: not offered.
    expect(plan.choices.map((c) => c.sku).filter((sku) => sku.includes('win'))).toEqual([]);
    const row = await serviceRow(v.id);
    const currentCents = await planPrice(v, 'vps_lin_m');
    const expected = prorate({ periodStartMs: periodStart(row.expiresAt, 12).getTime(), periodEndMs: row.expiresAt.getTime(), nowMs: v.at, currentPlanCents: currentCents, newPlanCents: large.planCents });
    expect(large.chargeCents).toBe(expected.chargeCents);
    expect(large.chargeCents).toBeGreaterThan(0);
    expect(large.chargeCents).toBeLessThan(large.planCents - currentCents);

    expect(await servicesWith(v.at).hostingPlans.changePlan(v.c.owner, v.c.id, v.id, 'vps_lin_l', null, 'el')).toEqual({ ok: true, direction: 'upgrade' });
    const view = await servicesWith(v.at).cart.view(v.c.owner, { lang: 'el', vatRateBp: 2400 });
    expect(view.lines[0]).toMatchObject({ sku: 'vps_lin_l', lengthMonths: 12, optionsCents: 0 });
    expect(view.lines[0]!.price!.totalCents).toBe(large.chargeCents);
    await checkout(v, v.at);
    const after = await serviceRow(v.id);
    expect(after).toMatchObject({ sku: 'vps_lin_l', expiresAt: row.expiresAt });
    expect((await db.select().from(sandboxHostingAccounts).where(eq(sandboxHostingAccounts.accountId, v.accountId)))[0]!.sku).toBe('vps_lin_l');
  });

  it('a downgrade waits for the period end: the renewal is for the smaller plan, and it can be withdrawn', async () => {
    const v = await ownVps({ months: 12 });
    expect(await servicesWith(v.at).hostingPlans.changePlan(v.c.owner, v.c.id, v.id, 'vps_lin_s', null, 'el')).toEqual({ ok: true, direction: 'downgrade' });
    expect((await servicesWith(v.at).cart.view(v.c.owner, { lang: 'el', vatRateBp: 2400 })).lines).toHaveLength(0);
    expect(await servicesWith(v.at).hostingPlans.keepPlan(v.c.id, v.id)).toEqual({ ok: true });
    expect((await serviceRow(v.id)).scheduledSku).toBeNull();
    await servicesWith(v.at).hostingPlans.changePlan(v.c.owner, v.c.id, v.id, 'vps_lin_s', null, 'el');
    const plan = (await servicesWith(v.at).hostingPlans.view(v.c.id, v.id, 'el'))!;
    expect(plan.renewal!.sku).toBe('vps_lin_s');
    await servicesWith(v.at).hostingPlans.renew(v.c.owner, v.c.id, v.id, 12, null);
    await checkout(v, v.at);
    expect(await serviceRow(v.id)).toMatchObject({ sku: 'vps_lin_s', scheduledSku: null });
  });

  it('a plan outside the family or set, or the same plan, is refused', async () => {
    const v = await ownVps({ months: 12 });
    for (const sku of ['vps_win_l', 'vps_lin_m', 'sha_lin_start', 'nope']) {
      expect(await servicesWith(v.at).hostingPlans.changePlan(v.c.owner, v.c.id, v.id, sku, null, 'el')).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED });
    }
  });
});

describe('cancel at the period end', () => {
  it('is set and undone while the period runs, by its owner only; not once the period is over', async () => {
    const v = await ownVps({ months: 12 });
    const other = await servicesWith(v.at).hostingPlans.setCancel(v.c.id + 100000, v.id, true);
    expect(other).toMatchObject({ ok: false, status: 404 });
    expect(await servicesWith(v.at).hostingPlans.setCancel(v.c.id, v.id, true)).toEqual({ ok: true });
    expect((await serviceRow(v.id)).cancelAtPeriodEnd).toBe(true);
    expect(await servicesWith(v.at).hostingPlans.setCancel(v.c.id, v.id, false)).toEqual({ ok: true });
    expect((await serviceRow(v.id)).cancelAtPeriodEnd).toBe(false);
    const over = (await serviceRow(v.id)).expiresAt.getTime() + 1000;
    expect(await servicesWith(over).hostingPlans.setCancel(v.c.id, v.id, true)).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, status: 409 });
  });
});

describe('the pages without JavaScript', () => {
  it('a power action posted without its confirmation is sent to it; confirmed, it is done and shown', async () => {
    const v = await ownVps();
    const password = 'Kal1m3ra!Kal1m3ra';
    await db.update(users).set({ passwordHash: await hashOf(password) }).where(eq(users.id, v.c.id));
    const b = new Browser();
    expect((await login(b, v.c.email, password)).status).toBe(303);
    const page = await b.open(`/account/hosting/${v.id}/server`);
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="power-state"');
    const skipped = await b.fetch(`/account/hosting/${v.id}/server`, form({ _token: page.token, intent: 'reboot' }));
    expect(skipped.status).toBe(303);
    expect(skipped.headers.get('Location')).toBe(`/account/hosting/${v.id}/server?confirm=reboot`);
    const confirm = await b.open(`/account/hosting/${v.id}/server?confirm=reboot`);
    expect(confirm.html).toContain('data-testid="confirm-reboot-form"');
    const done = await b.fetch(`/account/hosting/${v.id}/server`, form({ _token: confirm.token, intent: 'reboot', confirmed: 'yes' }));
    expect(done.headers.get('Location')).toBe(`/account/hosting/${v.id}/server?done=reboot`);
    expect((await b.open(`/account/hosting/${v.id}/server?done=reboot`)).html).toMatch(/data-state="rebooting"/);
    // The plan page: a renewal goes to the cart.
    const planPage = await b.open(`/account/hosting/${v.id}/plan`);
    expect(planPage.res.status).toBe(200);
    const renewed = await b.fetch(`/account/hosting/${v.id}/plan`, form({ _token: planPage.token, intent: 'renew', months: '12' }));
    expect(renewed.headers.get('Location')).toBe('/cart');
    // Someone else's service is a 404.
    expect((await b.fetch(`/account/hosting/${v.id + 100000}/server`)).status).toBe(404);
  });
});

async function planPrice(v: { at: number }, sku: string): Promise<number> {
  const list = await servicesWith(v.at).catalog.productsByFamily(['cloud_vps'], 'el');
  return list.find((p) => p.sku === sku)!.prices.find((l) => l.months === 12)!.totalCents;
}

async function hashOf(password: string): Promise<string> {
  const { hashPassword } = await import('../../worker/security/password-hash');
  return hashPassword(password);
}
