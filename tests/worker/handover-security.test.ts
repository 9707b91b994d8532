// Issue #19 §1 inside workerd: a domain offer to an e-mail address grants nothing to an account whose
// e-mail is not proven (registered by SMS with that address typed in), whether that account existed
// before the offer or was made after it. It cannot see the offer, accept or decline it, or reach the
// name's EPP code; the offer waits until the address is proven (or lapses).
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { createDb } from '../../db/client';
import { domainHandovers, domains, registryMessages, users } from '../../db/schema';
import { newCustomer, servicesAt, uniqueName } from './customers';
import { heldDomain } from './handover-fixtures';
import { Browser, form, login } from './helpers';

vi.setConfig({ testTimeout: 30_000 });

const db = createDb(env.DB);

const offer = (userId: number, name: string, email: string) => servicesAt().handovers.offer(userId, name, { email, lang: 'el', origin: 'http://localhost' });

/** An account registered by SMS: the mobile is proven, the e-mail address it typed in is not. */
async function smsAccount(email: string) {
  const [demo] = await db.select().from(users).where(eq(users.email, 'demo@example.gr'));
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: demo!.passwordHash, firstName: 'Επιτ', lastName: 'Θέτης', mobile: '+306900000001', mobileVerifiedAt: new Date(), gdprProcessingAt: new Date(), createdAt: new Date(), updatedAt: new Date() })
    .returning({ id: users.id });
  return u!.id;
}

async function expectNothingGranted(attackerId: number, handoverId: number, domain: { id: number; asciiFqdn: string }, holderId: number) {
  const s = servicesAt();
  expect(await s.handovers.incoming(attackerId)).toEqual([]);
  expect(await s.handovers.accept(attackerId, handoverId, { roles: { registrant: 1 }, agree: true })).toMatchObject({ ok: false, reason: 'offer_missing' });
  expect(await s.handovers.decline(attackerId, handoverId)).toMatchObject({ ok: false, reason: 'offer_missing' });
  expect((await db.select().from(domains).where(eq(domains.id, domain.id)))[0]!.userId).toBe(holderId);
  expect((await db.select().from(domainHandovers).where(eq(domainHandovers.id, handoverId)))[0]).toMatchObject({ status: 'offered', toUserId: null });
  // The EPP code: the name is not the attacker's, so no code is shown or sent.
  expect(await s.myDomains.authCode(attackerId, domain.asciiFqdn)).toMatchObject({ ok: false });
  expect(await db.select().from(registryMessages).where(and(eq(registryMessages.name, domain.asciiFqdn), eq(registryMessages.type, 'auth_code_sent')))).toEqual([]);
}

describe('an offer to an address nobody proved', () => {
  it('an SMS account with that unproven address, existing before the offer, can neither see nor take it', async () => {
    const holder = await newCustomer('victim');
    const { domain, fqdn } = await heldDomain(holder.id);
    const address = `${uniqueName('target')}@example.gr`;
    const attacker = await smsAccount(address);
    const o = await offer(holder.id, fqdn, address);
    expect(o).toMatchObject({ ok: true, toUserId: null });
    if (!o.ok) return;
    await expectNothingGranted(attacker, o.id, domain, holder.id);
    // Nor through the pages: the list does not show it, and a hand-made accept is refused.
    const b = new Browser();
    await login(b, address, 'Demo-Pelatis-2026');
    const list = await b.open('/account/transfers');
    expect(list.html).not.toContain(`data-handover="${o.id}"`);
    expect(list.html).toContain('data-testid="offers-need-verified-email"');
    const res = await b.fetch('/account/transfers', form({ _token: list.token, intent: 'accept', id: String(o.id), confirm: '1', registrant: '1' }));
    expect(res.status).not.toBe(303);
    expect((await db.select().from(domains).where(eq(domains.id, domain.id)))[0]!.userId).toBe(holder.id);
  });

  it('an SMS account made with that address after the offer can neither see nor take it', async () => {
    const holder = await newCustomer('victim2');
    const { domain, fqdn } = await heldDomain(holder.id);
    const address = `${uniqueName('later')}@example.gr`;
    const o = await offer(holder.id, fqdn, address);
    if (!o.ok) throw new Error(o.reason);
    const attacker = await smsAccount(address);
    await expectNothingGranted(attacker, o.id, domain, holder.id);
  });

  it('the offer waits: once the address is proven it is shown and can be decided', async () => {
    const holder = await newCustomer('waits');
    const { fqdn } = await heldDomain(holder.id);
    const address = `${uniqueName('proves')}@example.gr`;
    const id = await smsAccount(address);
    const o = await offer(holder.id, fqdn, address);
    if (!o.ok) throw new Error(o.reason);
    expect(await servicesAt().handovers.incoming(id)).toEqual([]);
    await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
    expect((await servicesAt().handovers.incoming(id)).map((h) => h.id)).toEqual([o.id]);
    expect(await servicesAt().handovers.decline(id, o.id)).toMatchObject({ ok: true });
  });
});
