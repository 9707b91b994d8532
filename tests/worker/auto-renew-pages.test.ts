// What the pages say auto-renew will do (issue #25 §1): the domain page's auto-renew card names the
// date, the length, the amount and how it is paid (from credit, with the saved card by its label, or
// the document we send), or that it is off and the name expires; the hosting overview the same; the
// account's days before expiry are set in Preferences, within bounds.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { hostingServices, users } from '../../db/schema';
import { DEMO_USERS } from '../../db/seed';
import { athensFormat } from '../../app/lib/date-format';
import { heldName, renewCustomer, savedSandboxCard } from './auto-renew-fixtures';
import { servicesAt } from './customers';
import { hostedCustomer } from './hosting-cron-fixtures';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);
const DAY = 86_400_000;
const digits = (ms: number) => athensFormat('el', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(ms);

async function loggedIn(email: string) {
  const b = new Browser();
  expect((await login(b, email, DEMO_USERS[0].password)).status).toBe(303);
  return b;
}

/** The auto-renew card's sentence, tags stripped. */
async function planText(b: Browser, path: string): Promise<string> {
  const html = await (await b.fetch(path)).text();
  const m = /data-testid="(?:auto-renew-plan)"[^>]*>([\s\S]*?)<\/div>/.exec(html);
  return (m?.[1] ?? '').replace(/<[^>]+>/g, '').replace(/&nbsp;|\u00a0/g, ' ');
}

describe('the domain page says what auto-renew will do', () => {
  it('with the date, the length, the amount and each way of paying, or that it is off', async () => {
    const expires = Date.now() + 100 * DAY;
    const when = digits(expires - 30 * DAY);
    const [gr] = (await servicesAt().catalog.tldPricing({ actions: ['renew'] })).filter((t) => t.tld === 'gr');
    const net = [...gr!.actions.renew!].sort((a, b) => a.months - b.months)[0]!.totalCents;
    const amount = `${(Math.round(net * 1.24) / 100).toFixed(2).replace('.', ',')} €`;

    const doc = await renewCustomer('pgdoc');
    const d1 = await heldName(doc.id, expires);
    const b1 = await loggedIn(doc.email);
    expect(await planText(b1, `/account/domains/${d1.asciiFqdn}`)).toContain(`Στις ${when} θα ανανεωθεί για 2 έτη, ${amount}: θα σας στείλουμε παραστατικό`);

    const card = await renewCustomer('pgcard');
    await savedSandboxCard(card.id, '4242');
    const d2 = await heldName(card.id, expires);
    const b2 = await loggedIn(card.email);
    expect(await planText(b2, `/account/domains/${d2.asciiFqdn}`)).toContain(`Στις ${when} θα ανανεωθεί για 2 έτη, ${amount}, με την κάρτα Visa •••• 4242.`);

    const rich = await renewCustomer('pgcredit');
    await savedSandboxCard(rich.id, '4242');
    await servicesAt().orders.grantCredit(rich.email, 100_000, 'test');
    const d3 = await heldName(rich.id, expires);
    const off = await heldName(rich.id, expires, { autoRenew: false });
    const b3 = await loggedIn(rich.email);
    expect(await planText(b3, `/account/domains/${d3.asciiFqdn}`)).toContain(`Στις ${when} θα ανανεωθεί για 2 έτη, ${amount}, από το υπόλοιπο`);
    expect(await planText(b3, `/account/domains/${off.asciiFqdn}`)).toContain(`Η αυτόματη ανανέωση είναι ανενεργή: το όνομα λήγει στις ${digits(expires)}.`);
  });

  it('on the hosting overview too', async () => {
    const c = await hostedCustomer('pghost', { startedAt: Date.now() - 200 * DAY });
    await db.update(users).set({ passwordHash: DEMO_USERS[0].passwordHash }).where(eq(users.id, c.id));
    const b = await loggedIn(c.email);
    const [s] = await db.select().from(hostingServices).where(eq(hostingServices.id, c.serviceId));
    const text = await planText(b, `/account/hosting/${c.serviceId}`);
    expect(text).toContain(`Στις ${digits(s!.expiresAt.getTime() - 14 * DAY)} θα ανανεωθεί για 1 έτος`);
    expect(text).toContain('θα σας στείλουμε παραστατικό');
    await db.update(hostingServices).set({ cancelAtPeriodEnd: true }).where(eq(hostingServices.id, c.serviceId));
    expect(await planText(b, `/account/hosting/${c.serviceId}`)).toContain(`διαγράφεται στο τέλος της περιόδου, στις ${digits(s!.expiresAt.getTime())}`);
  });
});

describe('the days before expiry, in Preferences', () => {
  it('saves a value within bounds and refuses one outside them', async () => {
    const c = await renewCustomer('pgprefs');
    const b = await loggedIn(c.email);
    const { token } = await b.open('/account/preferences');
    const bad = await b.fetch('/account/preferences', form({ _token: token, intent: 'preferences', locale: 'el', renew_days_before: '3' }));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Δώστε από 7 έως 60 ημέρες.');
    const ok = await b.fetch('/account/preferences', form({ _token: token, intent: 'preferences', locale: 'el', renew_days_before: '14' }));
    expect(ok.status).toBe(200);
    expect((await db.select({ d: users.renewDaysBefore }).from(users).where(eq(users.id, c.id)))[0]!.d).toBe(14);
    // An older form without the field keeps it.
    await b.fetch('/account/preferences', form({ _token: token, intent: 'preferences', locale: 'en' }));
    expect((await db.select({ d: users.renewDaysBefore, l: users.locale }).from(users).where(eq(users.id, c.id)))[0]).toEqual({ d: 14, l: 'en' });
  });
});
