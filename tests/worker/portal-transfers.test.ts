// Issue #12 §5 inside workerd: internal transfers (offer, inspection, accept in one conditional batch,
// racing accepts, expiry, an address without an account), external transfers from the registry's poll
// (idempotent, a registry failing mid-way), the trade as a cart purchase, and the matching .ελ.
import { SELF } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { asciiFqdnFor, registryKeyFor } from '../../core/domains/keys';
import { ErrorCode } from '../../core/errors';
import { readLiveFrame } from '../../party/channels';
import { createDb } from '../../db/client';
import { contacts, domainContacts, domainHandovers, domainReminders, domains, hosts, nameserverGroups, orderItems, orders, outbox, registryMessages, registryObjects, registrySettings, users } from '../../db/schema';
import type { RegistryPort } from '../../worker/adapters/registry/port';
import { newCustomer, servicesAt, uniqueName } from './customers';
import { acceptAsOwn, heldDomain, ownContact } from './handover-fixtures';
import { Browser, form, login } from './helpers';

// Several tests log two browsers in and walk pages: on a shared, busy machine they need more than 5 s.
vi.setConfig({ testTimeout: 30_000 });

const db = createDb(env.DB);
const DAY = 24 * 60 * 60_000;

afterEach(async () => {
  await db.update(registrySettings).set({ maintenance: false, failing: false, latencyMs: 0 });
});

const offer = (ms: number, userId: number, name: string, email: string) => servicesAt(ms).handovers.offer(userId, name, { email, lang: 'el', origin: 'http://localhost' });

describe('internal transfer: offer and accept', () => {
  it("moves the name with its hosts and delegation; the recipient's own contact takes the roles; recorded on both accounts", async () => {
    const from = await newCustomer('holder');
    const to = await newCustomer('taker');
    const { domain, fqdn, registrantId, techId } = await heldDomain(from.id);
    await db.insert(domainReminders).values({ userId: from.id, domainId: domain.id, daysBefore: 30, expiresAt: domain.expiresAt, createdAt: new Date() });
    const offered = await offer(Date.now(), from.id, fqdn, ` ${to.email.toUpperCase()} `);
    expect(offered).toMatchObject({ ok: true, toUserId: to.id });
    if (!offered.ok) return;
    // The recipient is told by e-mail, with the link to the portal.
    const mails = await db.select().from(outbox).where(eq(outbox.to, to.email));
    expect(mails.at(-1)?.body).toContain('/account/transfers');
    expect(mails.at(-1)?.body).toContain(fqdn);
    expect((await servicesAt().handovers.incoming(to.id)).map((h) => h.fqdn)).toEqual([fqdn]);

    const own = await ownContact(to.id);
    const accepted = await acceptAsOwn(to.id, offered.id, { contactId: own.id });
    expect(accepted).toMatchObject({ ok: true, domainId: domain.id });
    const [moved] = await db.select().from(domains).where(eq(domains.id, domain.id));
    expect(moved).toMatchObject({ userId: to.id, nsMode: 'custom', nsGroupId: null, nameservers: ['ns1.group.gr', 'ns2.group.gr'] });
    // Every role is the recipient's own contact; nothing of the old holder's was copied (issue #19 §2).
    const roles = await db.select({ role: domainContacts.role, contactId: domainContacts.contactId }).from(domainContacts).where(eq(domainContacts.domainId, domain.id));
    expect(roles).toHaveLength(4);
    expect(roles.every((r) => r.contactId === own.id)).toBe(true);
    expect((await db.select().from(contacts).where(eq(contacts.userId, to.id))).map((c) => c.id)).toEqual([own.id]);
    expect((await db.select().from(contacts).where(eq(contacts.userId, from.id))).map((c) => c.id).sort()).toEqual([registrantId, techId].sort());
    expect((await db.select().from(hosts).where(eq(hosts.domainId, domain.id)))[0]!.userId).toBe(to.id);
    expect((await db.select().from(domainReminders).where(eq(domainReminders.domainId, domain.id)))[0]!.userId).toBe(to.id);
    // The record on both accounts.
    expect(await servicesAt().handovers.history(from.id)).toMatchObject([{ fqdn, direction: 'sent', counterpart: to.email, status: 'completed' }]);
    expect(await servicesAt().handovers.history(to.id)).toMatchObject([{ fqdn, direction: 'received', counterpart: from.email, status: 'completed' }]);
    expect(await servicesAt().handovers.incoming(to.id)).toEqual([]);
    // The old holder is told.
    expect((await db.select().from(outbox).where(eq(outbox.to, from.email))).some((m) => m.body.includes(fqdn))).toBe(true);
    // A second accept finds the offer decided; the old holder no longer holds the name.
    expect(await acceptAsOwn(to.id, offered.id)).toMatchObject({ ok: false, reason: 'offer_decided', code: ErrorCode.ACTION_NOT_ALLOWED });
    expect(await offer(Date.now(), from.id, fqdn, 'x@example.gr')).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST, reason: 'not_held' });
  });

  it('a name handed back and forth breeds no contacts: each side keeps only its own', async () => {
    const a = await newCustomer('back');
    const b = await newCustomer('forth');
    const { fqdn, registrantId, techId } = await heldDomain(a.id);
    for (const [from, to, contactId] of [[a, b, undefined], [b, a, registrantId], [a, b, undefined]] as const) {
      const o = await offer(Date.now(), from.id, fqdn, to.email);
      if (!o.ok) throw new Error(`offer refused ${o.reason}`);
      expect(await acceptAsOwn(to.id, o.id, { contactId })).toMatchObject({ ok: true });
    }
    expect((await db.select().from(contacts).where(eq(contacts.userId, a.id))).map((c) => c.id).sort()).toEqual([registrantId, techId].sort());
    expect(await db.select().from(contacts).where(eq(contacts.userId, b.id))).toHaveLength(1);
  });

  it('refuses, with its code and reason, whatever is not ready to transfer; nothing is recorded', async () => {
    const from = await newCustomer('refuse');
    const to = await newCustomer('refused');
    const cases: [Partial<typeof domains.$inferInsert>, number, string][] = [
      [{ status: 'transfer_pending' }, ErrorCode.TRANSFER_NOT_ALLOWED_DOMAIN_NOT_REGISTERED, 'not_active'],
      [{ status: 'pending' }, ErrorCode.TRANSFER_NOT_ALLOWED_DOMAIN_NOT_REGISTERED, 'not_active'],
      [{ status: 'redemption' }, ErrorCode.ACTION_NOT_ALLOWED, 'expired'],
      [{ expiresAt: new Date(Date.now() - DAY) }, ErrorCode.ACTION_NOT_ALLOWED, 'expired'],
      [{ locked: true }, ErrorCode.ACTION_NOT_ALLOWED, 'locked'],
    ];
    for (const [patch, code, reason] of cases) {
      const { fqdn, domain } = await heldDomain(from.id, patch);
      expect(await offer(Date.now(), from.id, fqdn, to.email), reason).toMatchObject({ ok: false, code, reason });
      expect(await db.select().from(domainHandovers).where(eq(domainHandovers.domainId, domain.id))).toHaveLength(0);
    }
    const { fqdn } = await heldDomain(from.id);
    expect(await offer(Date.now(), to.id, fqdn, from.email)).toMatchObject({ ok: false, code: ErrorCode.DOMAIN_DOES_NOT_EXIST, reason: 'not_held' });
    expect(await offer(Date.now(), from.id, fqdn, from.email)).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'self' });
    expect(await offer(Date.now(), from.id, fqdn, 'no-at-sign')).toMatchObject({ ok: false, code: ErrorCode.VALIDATION_ERROR, reason: 'email_invalid' });
    expect(await offer(Date.now(), from.id, fqdn, to.email)).toMatchObject({ ok: true });
    expect(await offer(Date.now(), from.id, fqdn, 'other@example.gr')).toMatchObject({ ok: false, reason: 'already_offered' });
  });

  it('a Greek .gr takes its .ελ along; the .ελ alone cannot be offered', async () => {
    const from = await newCustomer('elfrom');
    const to = await newCustomer('elto');
    const greek = 'αβγδεζηθικλμνξοπρστυφχψω';
    // Ends in a fixed letter: a random final σ would be read as ς (another name) by the cart's parser.
    const label = `ταβέρνα${Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => greek[b % greek.length]).join('')}ι`;
    const t = new Date();
    const make = async (tld: 'gr' | 'ελ') => {
      const fqdn = `${label}.${tld}`;
      const [d] = await db
        .insert(domains)
        .values({ userId: from.id, fqdn, asciiFqdn: asciiFqdnFor(label, tld), registryKey: registryKeyFor(label, tld), tld, registry: 'gr', status: 'active', expiresAt: new Date(t.getTime() + 300 * DAY), createdAt: t, updatedAt: t })
        .returning();
      // Held at the registry too: the accept gives each moving name a new auth code there.
      await db.insert(registryObjects).values({ registry: 'gr', registryKey: d!.registryKey, name: d!.asciiFqdn, sponsor: 'us', createdAt: t, updatedAt: t, expiresAt: d!.expiresAt });
      return d!;
    };
    const gr = await make('gr');
    const el = await make('ελ');
    expect(await offer(Date.now(), from.id, el.asciiFqdn, to.email)).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'el_follows_gr' });
    expect((await servicesAt().handovers.ownership(from.id, gr.asciiFqdn))?.sibling).toBe(el.fqdn);
    const o = await offer(Date.now(), from.id, gr.asciiFqdn, to.email);
    if (!o.ok) throw new Error(o.reason);
    expect(await acceptAsOwn(to.id, o.id)).toMatchObject({ ok: true, alsoMoved: [el.fqdn], trades: [gr.fqdn, el.fqdn] });
    expect((await db.select().from(domains).where(eq(domains.id, el.id)))[0]!.userId).toBe(to.id);
    expect((await db.select().from(domains).where(eq(domains.id, gr.id)))[0]!.userId).toBe(to.id);
  });

  it('refuses while an order for the name is being carried out (35602)', async () => {
    const from = await newCustomer('ordering');
    const { fqdn } = await heldDomain(from.id);
    const [o] = await db
      .insert(orders)
      .values({ userId: from.id, idempotencyKey: crypto.randomUUID(), status: 'pending', paymentMethod: 'bank_transfer', billingProfileId: 0, billing: {}, subTotalCents: 100, vatCents: 24, grandTotalCents: 124, vatRateBp: 2400, createdAt: new Date() })
      .returning();
    await db.insert(orderItems).values({ orderId: o!.id, position: 1, kind: 'domain', sku: 'gr', action: 'renew', name: fqdn, asciiName: fqdn, registry: 'gr', lengthMonths: 24, priceCents: 100 });
    expect(await offer(Date.now(), from.id, fqdn, 'someone@example.gr')).toMatchObject({ ok: false, code: ErrorCode.ORDER_ITEM_PENDING_PROCESS_AFTER, reason: 'pending_order' });
    await db.update(orders).set({ status: 'completed' }).where(eq(orders.id, o!.id));
    await db.update(orderItems).set({ status: 'completed' }).where(eq(orderItems.orderId, o!.id));
    expect(await offer(Date.now(), from.id, fqdn, 'someone@example.gr')).toMatchObject({ ok: true });
  });

  it('inspects the name again at accept: locked after the offer, it stays where it is', async () => {
    const from = await newCustomer('relock');
    const to = await newCustomer('relocked');
    const { fqdn, domain } = await heldDomain(from.id);
    const o = await offer(Date.now(), from.id, fqdn, to.email);
    if (!o.ok) throw new Error('offer refused');
    await db.update(domains).set({ locked: true }).where(eq(domains.id, domain.id));
    expect(await acceptAsOwn(to.id, o.id)).toMatchObject({ ok: false, reason: 'locked' });
    expect((await db.select().from(domains).where(eq(domains.id, domain.id)))[0]!.userId).toBe(from.id);
    // The roles are untouched: still the holder's contacts.
    expect((await db.select().from(domainContacts).innerJoin(contacts, eq(contacts.id, domainContacts.contactId)).where(eq(domainContacts.domainId, domain.id))).every((r) => r.contacts.userId === from.id)).toBe(true);
    // Unlocked again, the same offer can still be accepted.
    await db.update(domains).set({ locked: false }).where(eq(domains.id, domain.id));
    expect(await acceptAsOwn(to.id, o.id)).toMatchObject({ ok: true });
  });

  it('of three accepts at once, exactly one moves the name', async () => {
    const from = await newCustomer('race');
    const to = await newCustomer('racer');
    const { fqdn, domain } = await heldDomain(from.id);
    const o = await offer(Date.now(), from.id, fqdn, to.email);
    if (!o.ok) throw new Error('offer refused');
    const own = await ownContact(to.id);
    const results = await Promise.all([1, 2, 3].map(() => acceptAsOwn(to.id, o.id, { contactId: own.id })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.reason === 'offer_decided')).toBe(true);
    expect((await db.select().from(domains).where(eq(domains.id, domain.id)))[0]!.userId).toBe(to.id);
    // One trade line in the cart, from the one accept that won.
    expect(await servicesAt().cart.items({ room: `u-${to.id}`, userId: to.id })).toHaveLength(1);
  });

  it('lapses after 14 days: the recipient can no longer accept, the holder may offer again', async () => {
    const from = await newCustomer('lapse');
    const to = await newCustomer('lapsed');
    const { fqdn } = await heldDomain(from.id);
    const t0 = Date.now();
    const o = await offer(t0, from.id, fqdn, to.email);
    if (!o.ok) throw new Error('offer refused');
    const later = t0 + 14 * DAY + 1;
    expect(await servicesAt(later).handovers.incoming(to.id)).toEqual([]);
    expect(await acceptAsOwn(to.id, o.id, { at: later })).toMatchObject({ ok: false, reason: 'offer_expired' });
    expect((await servicesAt(later).handovers.history(from.id))[0]).toMatchObject({ status: 'expired' });
    expect(await offer(later, from.id, fqdn, to.email)).toMatchObject({ ok: true });
  });

  it('waits for an address without an account, which accepts once registered with it', async () => {
    const from = await newCustomer('early');
    const { fqdn, domain } = await heldDomain(from.id);
    const email = `${uniqueName('later')}@example.gr`;
    const o = await offer(Date.now(), from.id, fqdn, email);
    expect(o).toMatchObject({ ok: true, toUserId: null });
    if (!o.ok) return;
    expect((await db.select().from(outbox).where(eq(outbox.to, email))).length).toBe(1);
    // Someone else cannot take it.
    const stranger = await newCustomer('stranger');
    expect(await acceptAsOwn(stranger.id, o.id)).toMatchObject({ ok: false, reason: 'offer_missing' });
    // Registered with that address and proved it (an unproven one is shown nothing: handover-security.test.ts).
    const [u] = await db.insert(users).values({ email, passwordHash: 'x', firstName: 'Νέος', lastName: 'Π', gdprProcessingAt: new Date(), emailVerifiedAt: new Date(), createdAt: new Date(), updatedAt: new Date() }).returning({ id: users.id });
    expect((await servicesAt().handovers.incoming(u!.id)).map((h) => h.id)).toEqual([o.id]);
    expect(await acceptAsOwn(u!.id, o.id)).toMatchObject({ ok: true });
    expect((await db.select().from(domains).where(eq(domains.id, domain.id)))[0]!.userId).toBe(u!.id);
  });

  it('is declined by the recipient or cancelled by the holder, once; others can do neither', async () => {
    const from = await newCustomer('decl');
    const to = await newCustomer('decliner');
    const { fqdn } = await heldDomain(from.id);
    const first = await offer(Date.now(), from.id, fqdn, to.email);
    if (!first.ok) throw new Error('offer refused');
    expect(await servicesAt().handovers.cancel(to.id, first.id)).toMatchObject({ ok: false, reason: 'offer_missing' });
    expect(await servicesAt().handovers.decline(to.id, first.id)).toMatchObject({ ok: true });
    expect(await servicesAt().handovers.decline(to.id, first.id)).toMatchObject({ ok: false, reason: 'offer_decided' });
    expect(await acceptAsOwn(to.id, first.id)).toMatchObject({ ok: false, reason: 'offer_decided' });
    expect((await db.select().from(outbox).where(eq(outbox.to, from.email))).some((m) => m.body.includes(fqdn))).toBe(true);
    const second = await offer(Date.now(), from.id, fqdn, to.email);
    if (!second.ok) throw new Error('offer refused');
    expect(await servicesAt().handovers.cancel(from.id, second.id)).toMatchObject({ ok: true });
    expect(await acceptAsOwn(to.id, second.id)).toMatchObject({ ok: false, reason: 'offer_decided' });
    expect((await servicesAt().handovers.history(from.id)).map((h) => h.status)).toEqual(['cancelled', 'declined']);
  });
});

describe('external transfers from the registry poll', () => {
  async function pendingTransfer(userId: number) {
    const fqdn = `${uniqueName('metafora')}.com`;
    const t = new Date();
    const expiresAt = new Date(t.getTime() + 100 * DAY);
    await db.insert(registryObjects).values({ registry: 'generic', registryKey: fqdn, name: fqdn, sponsor: 'other', authCode: 'Auth-Code-1#', nameservers: ['ns1.elsewhere.net', 'ns2.elsewhere.net'], createdAt: t, updatedAt: t, expiresAt });
    const r = await servicesAt().orders.registries().generic.transfer({ name: { name: fqdn, key: fqdn }, authCode: 'Auth-Code-1#', periodMonths: 12 });
    expect(r.status).toBe('pending');
    const [d] = await db.insert(domains).values({ userId, fqdn, asciiFqdn: fqdn, registryKey: fqdn, tld: 'com', registry: 'generic', status: 'transfer_pending', expiresAt, createdAt: t, updatedAt: t }).returning();
    const [o] = await db
      .insert(orders)
      .values({ userId, idempotencyKey: crypto.randomUUID(), status: 'completed', paymentMethod: 'credit', billingProfileId: 0, billing: {}, subTotalCents: 0, vatCents: 0, grandTotalCents: 0, vatRateBp: 2400, createdAt: t })
      .returning();
    await db.insert(orderItems).values({ orderId: o!.id, position: 1, kind: 'domain', sku: 'com', action: 'transfer', name: fqdn, asciiName: fqdn, registry: 'generic', lengthMonths: 12, priceCents: 0, status: 'completed', result: { status: 'transfer_pending' }, completedAt: t });
    return { domain: d!, fqdn, expiresAt };
  }

  it("shows 'under process', then 'successfully transferred' with the registry's expiry and nameservers; twice changes nothing", async () => {
    const c = await newCustomer('poll');
    const { domain, fqdn, expiresAt } = await pendingTransfer(c.id);
    expect(await servicesAt().handovers.externalTransfers(c.id)).toMatchObject([{ fqdn, state: 'under_process' }]);
    const summary = await servicesAt().registryPoll.pollAll(['generic']);
    expect(summary.transferred).toBe(1);
    const [after] = await db.select().from(domains).where(eq(domains.id, domain.id));
    expect(after).toMatchObject({ status: 'active', nsMode: 'custom', nameservers: ['ns1.elsewhere.net', 'ns2.elsewhere.net'] });
    expect(after!.transferredAt).not.toBeNull();
    // The transfer added its year at the registry.
    expect(after!.expiresAt.getTime()).toBeGreaterThan(expiresAt.getTime() + 300 * DAY);
    expect(await servicesAt().handovers.externalTransfers(c.id)).toMatchObject([{ fqdn, state: 'transferred' }]);
    // The order's item no longer reads 'transfer pending'.
    expect((await db.select().from(orderItems).where(eq(orderItems.asciiName, fqdn)))[0]!.result).toMatchObject({ status: 'active', expiresAt: after!.expiresAt.toISOString() });
    // The same message delivered again (a registry may repeat one) changes nothing.
    await db.insert(registryMessages).values({ registry: 'generic', name: fqdn, type: 'transfer_completed', payload: {}, createdAt: new Date() });
    const again = await servicesAt(Date.now() + DAY).registryPoll.pollAll(['generic']);
    expect(again.transferred).toBe(0);
    const [same] = await db.select().from(domains).where(eq(domains.id, domain.id));
    expect(same!.transferredAt!.getTime()).toBe(after!.transferredAt!.getTime());
    expect(same!.expiresAt.getTime()).toBe(after!.expiresAt.getTime());
  });

  it('leaves the message for the next run when the registry fails mid-way (info after poll)', async () => {
    const c = await newCustomer('pollfail');
    const { domain } = await pendingTransfer(c.id);
    const s = servicesAt();
    const registries = s.orders.registries();
    const real = registries.generic;
    registries.generic = { ...real, info: async () => Promise.reject(new Error('registry down')) } as RegistryPort;
    const summary = await s.registryPoll.pollAll(['generic']);
    expect(summary.failed).toBeGreaterThan(0);
    expect((await db.select().from(domains).where(eq(domains.id, domain.id)))[0]!.status).toBe('transfer_pending');
    // A registry in maintenance is not polled at all.
    await db.update(registrySettings).set({ maintenance: true }).where(eq(registrySettings.registry, 'generic'));
    expect((await servicesAt().registryPoll.pollAll(['generic'])).unreachable).toEqual(['generic']);
    await db.update(registrySettings).set({ maintenance: false }).where(eq(registrySettings.registry, 'generic'));
    expect((await servicesAt().registryPoll.pollAll(['generic'])).transferred).toBeGreaterThan(0);
    expect((await db.select().from(domains).where(eq(domains.id, domain.id)))[0]!.status).toBe('active');
  });

  it("the pages say 'under process', then 'successfully transferred'", async () => {
    const c = await newCustomer('pollpage');
    const [demoUser] = await db.select().from(users).where(eq(users.email, 'demo@example.gr'));
    await db.update(users).set({ passwordHash: demoUser!.passwordHash }).where(eq(users.id, c.id));
    const { fqdn } = await pendingTransfer(c.id);
    const b = new Browser();
    await login(b, c.email, 'Demo-Pelatis-2026');
    const state = (html: string) => /data-testid="external-state" data-state="([a-z_]+)"/.exec(html)?.[1];
    const before = await b.open(`/account/domains/${fqdn}/ownership`);
    expect(state(before.html)).toBe('under_process');
    expect(before.html).toContain('data-reason="not_active"');
    expect(state((await b.open('/account/transfers')).html)).toBe('under_process');
    await servicesAt().registryPoll.pollAll(['generic']);
    expect(state((await b.open(`/account/domains/${fqdn}/ownership`)).html)).toBe('transferred');
    expect(state((await b.open('/account/transfers')).html)).toBe('transferred');
  });

  it('runs from the five-minute cron, beside the other jobs', async () => {
    const { runScheduled } = await import('../../worker/cron');
    const c = await newCustomer('cron');
    const { domain } = await pendingTransfer(c.id);
    const run = await runScheduled('*/5 * * * *', env, new Date());
    expect(run.results.some((r) => typeof r === 'object' && r !== null && 'transferred' in r && (r as { transferred: number }).transferred >= 1)).toBe(true);
    expect((await db.select().from(domains).where(eq(domains.id, domain.id)))[0]!.status).toBe('active');
  });

  it('a rejected transfer shows as rejected and leaves the name inactive here', async () => {
    const c = await newCustomer('reject');
    const { domain, fqdn } = await pendingTransfer(c.id);
    // The poll job runs after the registry answered: only the rejection is in the queue for this name.
    await db.update(registryMessages).set({ ackedAt: new Date() }).where(and(eq(registryMessages.name, fqdn), eq(registryMessages.type, 'transfer_completed')));
    await db.insert(registryMessages).values({ registry: 'generic', name: fqdn, type: 'transfer_rejected', payload: {}, createdAt: new Date() });
    expect((await servicesAt().registryPoll.pollAll(['generic'])).rejected).toBe(1);
    expect((await db.select().from(domains).where(eq(domains.id, domain.id)))[0]!.status).toBe('cancelled');
    expect(await servicesAt().handovers.externalTransfers(c.id)).toMatchObject([{ fqdn, state: 'rejected' }]);
  });
});

describe('trade (registrant change) as a purchase', () => {
  it('adds a priced, ready trade line with the new registrant; paid, the registry and the role change', async () => {
    const c = await newCustomer('trade');
    const { fqdn, domain, techId, registrantId } = await heldDomain(c.id);
    const s = servicesAt();
    // The current registrant is no change; another customer's contact is not theirs to name.
    expect(await s.handovers.addTrade(c.owner, fqdn, { registrant: registrantId, agree: true, uniqueId: null })).toMatchObject({ ok: false, code: ErrorCode.NO_CHANGE });
    const other = await newCustomer('notmine');
    const [foreign] = await db.insert(contacts).values({ userId: other.id, firstName: 'Α', lastName: 'Β', email: 'ab@example.gr', phone: '+30.210', address: 'Οδός', city: 'Αθήνα', postcode: '10000', countryIso2: 'GR', createdAt: new Date(), updatedAt: new Date() }).returning();
    expect(await s.handovers.addTrade(c.owner, fqdn, { registrant: foreign!.id, agree: true, uniqueId: null })).toMatchObject({ ok: false, code: ErrorCode.CONTACT_PROFILE_NOT_FOUND });
    const [unready] = await db.insert(contacts).values({ userId: c.id, firstName: 'Α', lastName: 'Β', email: 'ab@example.gr', phone: '+30.210', address: '', city: 'Αθήνα', postcode: '10000', countryIso2: 'GR', createdAt: new Date(), updatedAt: new Date() }).returning();
    expect(await s.handovers.addTrade(c.owner, fqdn, { registrant: unready!.id, agree: true, uniqueId: null })).toMatchObject({ ok: false, code: ErrorCode.CART_ATTRIBUTE_ERROR });

    const added = await s.handovers.addTrade(c.owner, fqdn, { registrant: techId, agree: true, uniqueId: null });
    expect(added).toMatchObject({ ok: true });
    const items = await servicesAt().cart.items(c.owner);
    expect(items).toMatchObject([{ action: 'trade', asciiName: fqdn, config: { contacts: { registrant: techId }, agree: true } }]);
    // The cart's configuration form has no contacts section for a trade: saving it there (the terms
    // again) must keep the registrant chosen on the domain page.
    const saved = await servicesAt().cart.update(c.owner, items[0]!.id, { config: { contacts: { registrant: undefined, admin: undefined, tech: undefined, billing: undefined }, agree: true } }, null);
    expect(saved).toMatchObject({ ok: true, item: { config: { contacts: { registrant: techId }, agree: true } } });
    const view = await servicesAt().cart.view(c.owner, { lang: 'el', vatRateBp: 2400 });
    expect(view.lines[0]!.price?.totalCents).toBeGreaterThan(0);
    expect(view.ready).toBe(true);

    const profile = await servicesAt().orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: profile.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`order refused ${placed.code}`);
    // While the trade order waits for its money, the name cannot be handed to another account.
    expect(await offer(Date.now(), c.id, fqdn, 'else@example.gr')).toMatchObject({ ok: false, reason: 'pending_order' });
    // The registry fails the first time: nothing changes on our side, cron retries.
    await db.update(registrySettings).set({ failing: true }).where(eq(registrySettings.registry, 'gr'));
    await servicesAt().orders.markPaid(placed.orderId);
    expect((await db.select().from(domainContacts).where(and(eq(domainContacts.domainId, domain.id), eq(domainContacts.role, 'registrant'))))[0]!.contactId).toBe(registrantId);
    await db.update(registrySettings).set({ failing: false }).where(eq(registrySettings.registry, 'gr'));
    await servicesAt(Date.now() + DAY).orders.retryDue();
    expect((await db.select().from(domainContacts).where(and(eq(domainContacts.domainId, domain.id), eq(domainContacts.role, 'registrant'))))[0]!.contactId).toBe(techId);
    const [reg] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, 'gr'), eq(registryObjects.registryKey, fqdn)));
    expect(reg!.registrant).toMatchObject({ organisation: 'Τεχνική Ο.Ε.' });
  });
});

describe('the matching .ελ and the pages', () => {
  it('offers καφενείο.ελ to the holder of καφενείο.gr, and checks it at the registry', async () => {
    const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.gr'));
    const page = await servicesAt().handovers.ownership(demo!.id, 'καφενείο.gr');
    expect(page?.el).toEqual({ kind: 'el', fqdn: 'καφενείο.ελ' });
    expect(await servicesAt().handovers.elAvailability('καφενείο.ελ')).toBe('available');
    expect((await servicesAt().handovers.ownership(demo!.id, 'kafeneio.gr'))?.el).toMatchObject({ kind: 'greek_gr_first' });
  });

  it('the ownership page is 404 (30014) for a name of another account; offer and accept work through the forms', async () => {
    const holder = new Browser();
    await login(holder, 'demo@example.gr', 'Demo-Pelatis-2026');
    expect((await holder.fetch('/account/domains/not-mine-at-all.gr/ownership')).status).toBe(404);
    const page = await holder.open('/account/domains/kafeneio.com/ownership');
    expect(page.res.status).toBe(200);
    expect(page.html).toContain('data-testid="handover-form"');
    // A refusal is explained on the page, and nothing is offered.
    const bad = await holder.fetch('/account/domains/kafeneio.com/ownership', form({ _token: page.token, intent: 'offer', email: 'demo@example.gr' }));
    expect(bad.status).toBe(403);
    expect(await bad.text()).toContain('data-reason="self"');

    // The Latin kafeneio.gr points to the Greek καφενείο.gr the customer holds, whose page offers the .ελ.
    const latin = await holder.open('/account/domains/kafeneio.gr/ownership');
    expect(latin.html).toContain('data-testid="el-greek-held"');
    expect(latin.html).toContain('href="/account/domains/xn--');
    // A .gr's handover carries the change of holder: its price is said before the offer (issue #19 §2).
    expect(latin.html).toContain('data-testid="handover-trade-price"');
    expect(page.html).not.toContain('data-testid="handover-trade"');
    // Nothing is offered before the confirmation that says what happens (issue #19 §1).
    const unconfirmed = await holder.fetch('/account/domains/kafeneio.gr/ownership', form({ _token: page.token, intent: 'offer', email: 'nobody-yet@example.gr' }));
    expect(unconfirmed.status).toBe(200);
    const step = await unconfirmed.text();
    expect(step).toContain('data-testid="offer-confirm"');
    expect(step).toContain('data-testid="handover-trade-price"');
    expect(await db.select().from(domainHandovers).where(eq(domainHandovers.toEmail, 'nobody-yet@example.gr'))).toHaveLength(0);
    // An offer cancelled from the transfers list.
    const offered = await holder.fetch('/account/domains/kafeneio.gr/ownership', form({ _token: page.token, intent: 'offer', email: 'nobody-yet@example.gr', confirm: '1' }));
    expect(offered.status).toBe(303);
    const listed = await holder.open('/account/transfers');
    const [open] = await db.select().from(domainHandovers).where(and(eq(domainHandovers.toEmail, 'nobody-yet@example.gr'), eq(domainHandovers.status, 'offered')));
    expect(listed.html).toContain('data-testid="cancel-offer"');
    expect((await holder.fetch('/account/transfers', form({ _token: listed.token, intent: 'cancel', id: String(open!.id) }))).status).toBe(303);
    expect((await db.select().from(domainHandovers).where(eq(domainHandovers.id, open!.id)))[0]!.status).toBe('cancelled');

    const to = await newCustomer('viaform');
    await db.update(users).set({ passwordHash: (await db.select().from(users).where(eq(users.email, 'demo@example.gr')))[0]!.passwordHash }).where(eq(users.id, to.id));
    const [demoUser] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'demo@example.gr'));
    const [com] = await db.select().from(domains).where(eq(domains.asciiFqdn, 'kafeneio.com'));
    const rolesBefore = await db.select().from(domainContacts).where(eq(domainContacts.domainId, com!.id));
    const sent = await holder.fetch('/account/domains/kafeneio.com/ownership', form({ _token: page.token, intent: 'offer', email: to.email, confirm: '1' }));
    expect(sent.status).toBe(303);
    const [h] = await db.select().from(domainHandovers).where(and(eq(domainHandovers.toUserId, to.id), eq(domainHandovers.status, 'offered')));
    expect(h).toBeDefined();
    const shown = await holder.open('/account/domains/kafeneio.com/ownership');
    expect(shown.html).toContain('data-testid="pending-offer"');

    const recipient = new Browser();
    await login(recipient, to.email, 'Demo-Pelatis-2026');
    const list = await recipient.open('/account/transfers');
    expect(list.html).toContain(`data-handover="${h!.id}"`);
    // Accepting without the confirmation only leads to the step that says what happens.
    const unconfirmedAccept = await recipient.fetch('/account/transfers', form({ _token: list.token, intent: 'accept', id: String(h!.id) }));
    expect(unconfirmedAccept.status).toBe(303);
    expect(unconfirmedAccept.headers.get('Location')).toBe(`/account/transfers?accept=${h!.id}#accept-step`);
    expect((await db.select().from(domains).where(eq(domains.id, com!.id)))[0]!.userId).toBe(demoUser!.id);
    // The step: no contact of the recipient's yet, a link to make one and come back.
    const stepPage = await recipient.open(`/account/transfers?accept=${h!.id}`);
    expect(stepPage.html).toContain('data-testid="accept-step"');
    expect(stepPage.html).toContain('data-testid="accept-no-contacts"');
    expect(stepPage.html).toContain(`href="/account/contacts/new?return=${encodeURIComponent(`/account/transfers?accept=${h!.id}`)}"`);
    const noRegistrant = await recipient.fetch(`/account/transfers?accept=${h!.id}`, form({ _token: stepPage.token, intent: 'accept', id: String(h!.id), confirm: '1' }));
    expect(noRegistrant.status).toBe(400);
    expect(await noRegistrant.text()).toContain('data-reason="registrant_required"');
    const own = await ownContact(to.id);
    const withContact = await recipient.open(`/account/transfers?accept=${h!.id}`);
    expect(withContact.html).toContain(`value="${own.id}"`);
    const accepted = await recipient.fetch(`/account/transfers?accept=${h!.id}`, form({ _token: withContact.token, intent: 'accept', id: String(h!.id), confirm: '1', registrant: String(own.id) }));
    expect(accepted.status).toBe(303);
    const [d] = await db.select().from(domains).where(eq(domains.asciiFqdn, 'kafeneio.com'));
    expect(d!.userId).toBe(to.id);
    expect((await db.select().from(domainContacts).where(eq(domainContacts.domainId, d!.id))).every((r) => r.contactId === own.id)).toBe(true);
    // Handed back, so the demo account keeps its seeded names (and their own contacts) for the other tests.
    const back = await servicesAt().handovers.offer(to.id, 'kafeneio.com', { email: 'demo@example.gr', lang: 'el', origin: 'http://localhost' });
    if (!back.ok) throw new Error(back.reason);
    const roles = Object.fromEntries(rolesBefore.map((r) => [r.role, r.contactId]));
    expect(await servicesAt().handovers.accept(demoUser!.id, back.id, { roles })).toMatchObject({ ok: true });
    expect((await db.select().from(domainContacts).where(eq(domainContacts.domainId, d!.id))).map((r) => [r.role, r.contactId]).sort()).toEqual(rolesBefore.map((r) => [r.role, r.contactId]).sort());
  });

  it('a trade through the ownership form needs the terms, then lands in the cart with its price', async () => {
    const c = await newCustomer('tradeform');
    const [demoUser] = await db.select().from(users).where(eq(users.email, 'demo@example.gr'));
    await db.update(users).set({ passwordHash: demoUser!.passwordHash }).where(eq(users.id, c.id));
    const { fqdn, techId } = await heldDomain(c.id);
    const b = new Browser();
    await login(b, c.email, 'Demo-Pelatis-2026');
    const path = `/account/domains/${fqdn}/ownership`;
    const page = await b.open(path);
    expect(page.html).toContain('data-testid="trade-price"');
    const noTerms = await b.fetch(path, form({ _token: page.token, intent: 'trade', registrant: String(techId) }));
    expect(noTerms.status).toBe(400);
    expect(await servicesAt().cart.items(c.owner)).toHaveLength(0);
    const added = await b.fetch(path, form({ _token: page.token, intent: 'trade', registrant: String(techId), agree: 'on' }));
    expect(added.status).toBe(303);
    expect(added.headers.get('Location')).toBe('/cart');
    const cart = await b.open('/cart');
    expect(cart.html).toContain(`data-name="${fqdn}"`);
    expect(cart.html).toContain('Αλλαγή κατόχου');
  });

  it('tells the tabs live: the offer to the recipient, the move out and in to both accounts', async () => {
    const [demoUser] = await db.select().from(users).where(eq(users.email, 'demo@example.gr'));
    const accounts = [await newCustomer('livefrom'), await newCustomer('liveto')];
    const sockets: { ws: WebSocket; frames: string[]; events: () => string[] }[] = [];
    for (const a of accounts) {
      await db.update(users).set({ passwordHash: demoUser!.passwordHash }).where(eq(users.id, a.id));
      const b = new Browser();
      await login(b, a.email, 'Demo-Pelatis-2026');
      const res = await SELF.fetch(`http://localhost/parties/user/u-${a.id}`, { headers: { Upgrade: 'websocket', Cookie: b.cookieHeader() } });
      const ws = res.webSocket!;
      ws.accept();
      const frames: string[] = [];
      ws.addEventListener('message', (e) => frames.push(String(e.data)));
      sockets.push({ ws, frames, events: () => frames.map((f) => readLiveFrame(f, 'x')).flatMap((f) => (f?.kind === 'event' ? [f.message.event] : [])) });
    }
    const [from, to] = accounts as [Awaited<ReturnType<typeof newCustomer>>, Awaited<ReturnType<typeof newCustomer>>];
    const { fqdn } = await heldDomain(from.id);
    const o = await offer(Date.now(), from.id, fqdn, to.email);
    if (!o.ok) throw new Error(o.reason);
    await acceptAsOwn(to.id, o.id);
    const until = async (check: () => boolean) => {
      const start = Date.now();
      while (!check() && Date.now() - start < 2000) await new Promise((r) => setTimeout(r, 10));
    };
    await until(() => sockets[1]!.events().includes('DomainWasTransferredIn') && sockets[0]!.events().includes('DomainWasTransferredOut'));
    // (The recipient's tabs also hear of the trade line the .gr's handover put in their cart.)
    expect(sockets[1]!.events().filter((e) => e.startsWith('Domain'))).toEqual(['DomainTransferWasOffered', 'DomainWasTransferredIn']);
    // The holder's tabs: the open offer, then the move out.
    expect(sockets[0]!.events()).toEqual(['DomainWasUpdated', 'DomainWasTransferredOut']);
    for (const s of sockets) s.ws.close();
  });

  it('renders the ownership pages and the transfers list in el and en without a missing key', async () => {
    for (const lng of ['el', 'en']) {
      const b = new Browser();
      b.cookies.set('lng', lng);
      await login(b, 'demo@example.gr', 'Demo-Pelatis-2026');
      for (const path of ['/account/transfers', '/account/domains/kafeneio.gr/ownership', '/account/domains/kafeneio.com/ownership', `/account/domains/${encodeURIComponent('καφενείο.gr')}/ownership`]) {
        let res = await b.fetch(path);
        if (res.status === 301) res = await b.fetch(res.headers.get('Location')!);
        await res.text();
        expect(res.status, `${lng} ${path}`).toBe(200);
        expect(res.headers.get('X-I18n-Missing'), `${lng} ${path}`).toBeNull();
      }
    }
  });
});
