// Issue #32 §2: a staff move of a .gr/.ελ follows the handover rule of decision 043. The registry still
// names the old holder after the move, and the .gr registry mails the EPP code to its registrant: so
// nobody gets the code until the new holder's trade has run, which the ownership page offers. A move to
// a suspended, erased or closing account is refused before anything changes (registry included).
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { ErrorCode } from '../../core/errors';
import { erasedEmail } from '../../core/erasure';
import { createDb } from '../../db/client';
import { domainHolderChanges, domains, erasureRequests, registryMessages, registryObjects, users } from '../../db/schema';
import { newCustomer, servicesAt } from './customers';
import { heldDomain, ownContact } from './handover-fixtures';
import { newStaff } from './staff';

vi.setConfig({ testTimeout: 30_000 });

const db = createDb(env.DB);
const codesSent = async (name: string) => db.select().from(registryMessages).where(and(eq(registryMessages.name, name), eq(registryMessages.type, 'auth_code_sent')));
const registryRow = async (key: string) => (await db.select().from(registryObjects).where(and(eq(registryObjects.registry, 'gr'), eq(registryObjects.registryKey, key))))[0]!;
const holderOf = async (id: number) => (await db.select({ userId: domains.userId }).from(domains).where(eq(domains.id, id)))[0]!.userId;

async function staffActor() {
  const s = await newStaff({ totp: true });
  return { userId: s.id, ip: '198.51.100.7' };
}

describe('a staff move of a .gr follows the handover rule', () => {
  it('withholds the EPP code from the new holder until their trade has run at the registry, then gives it', async () => {
    const from = await newCustomer('mvgrold');
    const to = await newCustomer('mvgrnew');
    const { domain, fqdn } = await heldDomain(from.id);
    const oldRegistrant = (await registryRow(fqdn)).registrant;
    const actor = await staffActor();
    const moved = await servicesAt().staffDomainActions.move(domain.id, { email: to.email, reason: 'merging accounts' }, actor);
    expect(moved).toMatchObject({ ok: true, toUserId: to.id });
    expect(await holderOf(domain.id)).toBe(to.id);
    // The registry still names the old holder: a code asked for now would be mailed to them.
    expect((await registryRow(fqdn)).registrant).toEqual(oldRegistrant);
    expect(await servicesAt().myDomains.authCode(to.id, fqdn)).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason: 'registrant_change_pending' });
    expect(await codesSent(fqdn)).toEqual([]);
    // The move is in the holding history, and the ownership page offers the trade for any of the new holder's contacts.
    expect(await db.select({ from: domainHolderChanges.fromUserId, to: domainHolderChanges.toUserId, kind: domainHolderChanges.kind }).from(domainHolderChanges).where(eq(domainHolderChanges.domainId, domain.id))).toEqual([{ from: from.id, to: to.id, kind: 'staff' }]);
    const page = await servicesAt().handovers.ownership(to.id, fqdn);
    expect(page?.registrantChangePending).toBe(true);
    const mine = await ownContact(to.id);
    const owner = { room: `u-${to.id}`, userId: to.id };
    expect(await servicesAt().handovers.addTrade(owner, fqdn, { registrant: mine.id, agree: true, uniqueId: null })).toMatchObject({ ok: true });

    const profile = await servicesAt().orders.createBillingProfile(to.id, { type: 'REC', name: 'Ελένη Ν', address: 'Σταδίου 5', city: 'Αθήνα', postcode: '10562', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    const placed = await servicesAt().orders.placeOrder(owner, { profileId: profile.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`order refused ${placed.code}`);
    await servicesAt(Date.now() + 1000).orders.markPaid(placed.orderId);
    expect((await registryRow(fqdn)).registrant).toMatchObject({ organisation: mine.organisation });
    expect(await servicesAt(Date.now() + 2000).myDomains.authCode(to.id, fqdn)).toMatchObject({ ok: true, code: ErrorCode.DOMAIN_AUTHORIZATION_CODE_SENT });
    expect(await codesSent(fqdn)).toHaveLength(1);
  });

  it('tells the new holder that the change of registrant is theirs to buy', async () => {
    const from = await newCustomer('mvgrtold');
    const to = await newCustomer('mvgrtnew');
    const { domain, fqdn } = await heldDomain(from.id);
    expect(await servicesAt().staffDomainActions.move(domain.id, { email: to.email, reason: 'merging accounts' }, await staffActor())).toMatchObject({ ok: true });
    const mails = (await servicesAt().outbox.list({ to: to.email })).filter((m) => m.tag === 'handover_staff_moved');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(`/account/domains/${fqdn}/ownership`);
    // The old holder's address is no part of it.
    expect(mails[0]!.body).not.toContain(from.email);
  });
});

describe('a staff move to an account that cannot hold names is refused', () => {
  it('suspended, erased or closing: 151 with the reason, and nothing changed here or at the registry', async () => {
    const from = await newCustomer('mvrefold');
    const { domain, fqdn } = await heldDomain(from.id);
    const suspended = await newCustomer('mvsusp');
    await db.update(users).set({ status: 'suspended', suspension: 'staff' }).where(eq(users.id, suspended.id));
    const erased = await newCustomer('mverased');
    await db.update(users).set({ email: erasedEmail(erased.id), status: 'suspended', suspension: 'staff' }).where(eq(users.id, erased.id));
    await db.insert(erasureRequests).values({ userId: erased.id, status: 'completed', requestedAt: new Date(), handledAt: new Date() });
    const closing = await newCustomer('mvclosing');
    await db.insert(erasureRequests).values({ userId: closing.id, status: 'pending', email: closing.email, requestedAt: new Date() });
    const actor = await staffActor();
    const cases: [string, string][] = [
      [suspended.email, 'holder_suspended'],
      [erasedEmail(erased.id), 'holder_erased'],
      [closing.email, 'holder_closing'],
    ];
    for (const [email, reason] of cases) {
      expect(await servicesAt().staffDomainActions.move(domain.id, { email, reason: 'merging accounts' }, actor), reason).toMatchObject({ ok: false, code: ErrorCode.ACTION_NOT_ALLOWED, reason });
    }
    expect(await holderOf(domain.id)).toBe(from.id);
    // Not even a new auth code: the registry was never asked.
    expect((await registryRow(fqdn)).authCode).toBe('Old-Code-123#');
    expect(await db.select().from(domainHolderChanges).where(eq(domainHolderChanges.domainId, domain.id))).toEqual([]);
  });
});
