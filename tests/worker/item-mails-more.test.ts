// The "item done" e-mails beyond a first purchase (issue #33 §1, decision 098): a renewal (name or
// hosting) with its new expiry, an item that failed and was refunded (how and how much), a free
// hosting enabled (never its password), and a certificate the CA issued at once. Each once.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../core/money';
import { createDb } from '../../db/client';
import { hostingServices, orderItems, orders, registryObjects } from '../../db/schema';
import { createAdapters } from '../../worker/adapters';
import { createSandboxRegistry } from '../../worker/adapters/registry/sandbox';
import { configOf } from '../../worker/config';
import { fulfilmentCron } from '../../worker/cron/fulfilment';
import { DEFAULT_NAMESERVERS } from '../../worker/services/domains';
import { createAutoRenew } from '../../worker/services/renewals';
import { depsAt, domainRow, fakeCards, heldName, renewCustomer } from './auto-renew-fixtures';
import { readyCart, servicesAt } from './customers';
import { ownVps, servicesWith as hostingServicesWith } from './hosting-fixtures';
import { mailsOf, sentTo, servicesWith } from './item-mails-fixtures';
import { customer, holding } from './portal-nameservers-fixtures';
import { createPanelSecrets } from '../../worker/services/hosting/panel-secrets';

const db = createDb(env.DB);
const DAY = 86_400_000;
const athensDate = (d: Date, lang = 'el-GR') => new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'Europe/Athens' }).format(d);

describe('renewals', () => {
  it('a name renewed (auto-renew paid from credit): its new expiry and page; a second run sends nothing more', async () => {
    // Within the sandbox registry's ten years from today once renewed.
    const EXP = Date.UTC(2034, 6, 1, 10);
    const c = await renewCustomer('im-renew', { renewDays: 20 });
    await servicesAt().orders.grantCredit(c.email, 100_000, 'test');
    const d = await heldName(c.id, EXP);
    const run = () => createAutoRenew(depsAt(EXP - 20 * DAY), { cards: fakeCards('none').port }).run();
    await run();
    const renewed = await domainRow(d.id);
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(EXP);
    const mails = await mailsOf(c.id, 'renewal_done');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'sent', lang: 'el', subject: `Η ανανέωση του ${d.fqdn} ολοκληρώθηκε` });
    expect(mails[0]!.text).toContain(athensDate(renewed.expiresAt));
    expect(mails[0]!.text).toContain(`/account/domains/${d.asciiFqdn}`);
    await run();
    await fulfilmentCron(env, new Date(EXP - 20 * DAY + 10 * 60_000));
    expect(await mailsOf(c.id, 'renewal_done')).toHaveLength(1);
  });

  it('a hosting service renewed from the cart: the service’s new expiry and page', async () => {
    const v = await ownVps({ months: 12 });
    const s = hostingServicesWith(v.at);
    expect(await s.hostingPlans.renew(v.c.owner, v.c.id, v.id, 12, null)).toEqual({ ok: true });
    const profile = await s.orders.createBillingProfile(v.c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    const placed = await s.orders.placeOrder(v.c.owner, { profileId: profile.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    expect(await hostingServicesWith(v.at).orders.confirmBankTransfer(placed.orderId)).toBe(true);
    const [service] = await db.select().from(hostingServices).where(eq(hostingServices.id, v.id));
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    const mails = await mailsOf(v.c.id, 'renewal_done');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ dedupeKey: `item-done:${item!.id}`, status: 'sent' });
    expect(mails[0]!.text).toContain(athensDate(service!.expiresAt));
    expect(mails[0]!.text).toContain(`/account/hosting/${v.id}`);
    // A renewal is no new service: no "ready" message.
    expect(await mailsOf(v.c.id, 'hosting_ready')).toHaveLength(0);
  });
});

describe('an item that failed', () => {
  it('a name taken before fulfilment: refunded as credit, told how and how much, once', async () => {
    const c = await readyCart('im-taken');
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error('place');
    const label = c.name.slice(0, -3);
    await createSandboxRegistry(db, 'gr').register({ name: { name: c.name, key: `${label}.gr` }, periodMonths: 24, registrant: { name: 'X', email: 'x@example.gr', country: 'GR' }, nameservers: ['ns1.a.gr', 'ns2.a.gr'] });
    await db.update(registryObjects).set({ sponsor: 'other-registrar' }).where(eq(registryObjects.name, c.name));
    expect(await servicesAt().orders.confirmBankTransfer(placed.orderId)).toBe(true);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(item!.status).toBe('refunded');
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    const mails = await mailsOf(c.id, 'item_refunded');
    expect(mails).toHaveLength(1);
    const amount = formatMoney(order!.grandTotalCents, 'el');
    expect(mails[0]).toMatchObject({ dedupeKey: `item-refunded:${item!.id}`, status: 'sent', subject: `Δεν ολοκληρώθηκε: Καταχώριση ${c.name} — σας επιστρέψαμε ${amount}` });
    expect(mails[0]!.text).toContain(`Στο πιστωτικό σας υπόλοιπο: ${amount}`);
    expect(mails[0]!.text).not.toContain('Στην κάρτα σας');
    expect(mails[0]!.text).toContain(`/orders/${placed.orderId}`);
    // No "registered" message for a name that was not.
    expect(await mailsOf(c.id, 'domain_registered')).toHaveLength(0);
    await servicesAt().orders.fulfil(placed.orderId);
    await fulfilmentCron(env, new Date(Date.now() + 3600_000));
    expect(await mailsOf(c.id, 'item_refunded')).toHaveLength(1);
    expect((await sentTo(c.email)).filter((m) => m.subject === mails[0]!.subject)).toHaveLength(1);
  });
});

describe('free hosting', () => {
  it('enabled: where to sign in and as whom, and the page that shows the password; never the password; once', async () => {
    const c = await customer();
    const d = await holding(c.id, 'gr', { nameservers: DEFAULT_NAMESERVERS });
    expect(await servicesAt().freeHosting.enable(c.id, d, null)).toMatchObject({ ok: true });
    const [row] = await db.select().from(hostingServices).where(eq(hostingServices.domain, d.asciiFqdn));
    // Sealed at rest (decision 091): the password as the reveal gives it.
    const revealed = await createPanelSecrets({ db, env }).reveal(row!);
    if (!revealed.ok) throw new Error(`reveal failed ${revealed.code}`);
    expect(revealed.password.length).toBeGreaterThanOrEqual(8);
    const mails = await mailsOf(c.id, 'hosting_ready');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ dedupeKey: `free-hosting-ready:${row!.id}`, status: 'sent', subject: `Η δωρεάν φιλοξενία του ${d.fqdn} είναι έτοιμη` });
    for (const part of [mails[0]!.text, mails[0]!.html]) {
      expect(part).toContain(row!.username);
      expect(part).toContain(row!.panelUrl);
      expect(part).toContain(`/account/domains/${d.asciiFqdn}/hosting`);
      expect(part).not.toContain(revealed.password);
    }
    // Enabled again (a second tab): nothing new.
    await servicesAt().freeHosting.enable(c.id, d, null);
    expect(await mailsOf(c.id, 'hosting_ready')).toHaveLength(1);
  });
});

describe('a certificate', () => {
  it('issued at enrolment (a CA that needs no step): the issued message with its names and validity, not the waiting one', async () => {
    const c = await readyCart('im-cert');
    const s = servicesAt();
    const ssl = await s.cart.addProduct(c.owner, { sku: 'ssl_dv_basic', parentId: c.itemId, relation: 'cross_sell', uniqueId: null });
    if (!ssl.ok) throw new Error('ssl add');
    await s.cart.setSslNames(c.owner, ssl.items[0]!.id, { sans: [], approvers: { [c.name]: `admin@${c.name}` } }, null);
    const placed = await s.orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const real = createAdapters(configOf(env), db, 'http://localhost', env.FILES).ssl;
    const expiresAt = new Date(Date.now() + 365 * DAY);
    const issuing = { ...real, enroll: async (input: Parameters<typeof real.enroll>[0]) => ({ ...(await real.enroll(input)), status: 'ACTIVE' as const, issuedAt: new Date(), expiresAt }) };
    expect(await servicesWith(Date.now(), { ssl: issuing }).orders.confirmBankTransfer(placed.orderId)).toBe(true);
    const item = (await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId))).find((i) => i.kind === 'ssl')!;
    expect(await mailsOf(c.id, 'certificate_pending')).toHaveLength(0);
    const mails = await mailsOf(c.id, 'certificate_issued');
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ dedupeKey: `cert-issued:${item.id}`, subject: `Το πιστοποιητικό SSL για το ${c.name} εκδόθηκε` });
    expect(mails[0]!.text).toContain(athensDate(expiresAt));
    expect(mails[0]!.text).toContain(`/orders/${placed.orderId}`);
  });
});
