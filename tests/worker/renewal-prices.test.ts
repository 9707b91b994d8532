// Issue #25 §1: "then X" beside every first-period price, from the one rule (core/renewal-price.ts),
// for EVERY TLD of the catalogue: the search results page, the cart page, the checkout summary and the
// domain's page in the portal, rendered by the built server, each against the rule applied to the
// catalogue's renewal prices.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { asciiFqdnFor, registryKeyFor } from '../../core/domains/keys';
import { domainRenewal, hostingRenewal, type RenewalQuote } from '../../core/renewal-price';
import { HOSTING_PAGES } from '../../app/lib/hosting-families';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { domains, tlds as tldTable, users } from '../../db/schema';
import { newCustomer, servicesAt } from './customers';
import { Browser, login } from './helpers';

const db = createDb(env.DB);
let n = 0;
const stamp = () => `${Date.now().toString(36)}${(n++).toString(36)}`;
/** A Greek label nobody holds (digits written as Greek letters). */
const greekLabel = () => `ανανέωση${[...stamp()].map((ch) => 'αβγδεζηθικλμνξοπρστυφχψω'[parseInt(ch, 36) % 24]).join('')}`;

type Shown = { net: number; months: number };
const RENEWAL = /data-testid="renewal-price" data-renewal-net="(\d+)" data-renewal-months="(\d+)"/;

async function expectedByTld(): Promise<{ tlds: { tld: string; asciiTld: string }[]; rule: Map<string, RenewalQuote> }> {
  const pricing = await servicesAt().catalog.tldPricing({ actions: ['renew'] });
  // Every TLD on sale, read from the table itself: an empty (or short) list from the catalogue would
  // otherwise make every check below a check of nothing (issue #32 §5).
  const onSale = await db.select({ tld: tldTable.tld }).from(tldTable).where(eq(tldTable.active, true));
  expect(onSale.length).toBeGreaterThan(0);
  expect(pricing.map((t) => t.tld).sort()).toEqual(onSale.map((t) => t.tld).sort());
  const rule = new Map<string, RenewalQuote>();
  for (const t of pricing) {
    const quote = domainRenewal(t.actions.renew ?? []);
    // Every TLD we sell renews: a TLD without a renewal price would have no "then" to show.
    expect(quote, t.tld).not.toBeNull();
    rule.set(t.tld, quote!);
  }
  return { tlds: pricing.map((t) => ({ tld: t.tld, asciiTld: t.asciiTld })), rule };
}

/** The TLD of an ASCII name: the longest catalogue suffix (com.gr before gr). */
function tldOf(ascii: string, tlds: { tld: string; asciiTld: string }[]): string {
  const hit = tlds.filter((t) => ascii.endsWith(`.${t.asciiTld}`)).sort((a, b) => b.asciiTld.length - a.asciiTld.length)[0];
  if (!hit) throw new Error(`no TLD for ${ascii}`);
  return hit.tld;
}

/** Each chunk of `html` that starts at `marker`, with the attribute `attr` read from its start. */
function chunks(html: string, marker: string, attr: string): { key: string; shown: Shown | null }[] {
  return html
    .split(marker)
    .slice(1)
    .map((part) => {
      const key = new RegExp(`${attr}="([^"]+)"`).exec(part)?.[1] ?? '';
      const m = RENEWAL.exec(part);
      return { key, shown: m ? { net: Number(m[1]), months: Number(m[2]) } : null };
    });
}

async function signedInCustomer() {
  const c = await newCustomer('renewal');
  const demo = DEMO_USERS[0]!;
  await db.update(users).set({ passwordHash: demo.passwordHash }).where(eq(users.id, c.id));
  const b = new Browser();
  expect((await login(b, c.email, demo.password)).status).toBe(303);
  return { c, b };
}

describe('the renewal price shown for every TLD is the pricing rule’s', () => {
  it('search results: each available name says what it renews at', async () => {
    const { tlds, rule } = await expectedByTld();
    const { b } = await signedInCustomer();
    const seen = new Map<string, Shown>();
    // A Latin label for the TLDs that take one, a Greek one for .ελ (and every IDN-capable TLD).
    for (const q of [`renew${stamp()}`, greekLabel()]) {
      const res = await b.fetch(`/domains/search?q=${encodeURIComponent(q)}&js=0`);
      expect(res.status).toBe(200);
      for (const row of chunks(await res.text(), 'data-testid="result"', 'data-ascii')) {
        if (!row.shown) continue;
        const tld = tldOf(row.key, tlds);
        expect(row.shown, row.key).toEqual({ net: rule.get(tld)!.totalCents, months: rule.get(tld)!.months });
        seen.set(tld, row.shown);
      }
    }
    expect([...seen.keys()].sort()).toEqual(tlds.map((t) => t.tld).sort());
  });

  it('the cart line and the checkout summary: a name of every TLD in one cart', async () => {
    const { tlds, rule } = await expectedByTld();
    const { c, b } = await signedInCustomer();
    const s = servicesAt();
    const latin = `renew${stamp()}`;
    const greek = greekLabel();
    // A .ελ goes with its .gr held here (spec §5).
    await db.insert(domains).values({ userId: c.id, fqdn: `${greek}.gr`, asciiFqdn: asciiFqdnFor(greek, 'gr'), registryKey: registryKeyFor(greek, 'gr'), tld: 'gr', registry: 'gr', expiresAt: new Date(Date.now() + 300 * 86_400_000), createdAt: new Date(), updatedAt: new Date() });
    for (const t of tlds) {
      // Greek-script TLDs (.ελ, .ευ) take a Greek label only.
      let added = await s.cart.addDomain(c.owner, { name: `${latin}.${t.tld}`, action: 'register', uniqueId: null });
      if (!added.ok) added = await s.cart.addDomain(c.owner, { name: `${greek}.${t.tld}`, action: 'register', uniqueId: null });
      expect(added.ok, t.tld).toBe(true);
    }
    const view = await s.cart.view(c.owner, { lang: 'el', vatRateBp: 2400 });
    expect(view.lines.map((l) => l.sku).sort()).toEqual(tlds.map((t) => t.tld).sort());
    for (const l of view.lines) expect(l.renewal, l.sku).toEqual(rule.get(l.sku));

    const cart = chunks((await b.open('/cart')).html, 'data-testid="cart-line"', 'data-name');
    expect(cart).toHaveLength(tlds.length);
    for (const line of cart) {
      const tld = tldOf(line.key, tlds);
      expect(line.shown, line.key).toEqual({ net: rule.get(tld)!.totalCents, months: rule.get(tld)!.months });
    }

    // The checkout's summary lists the lines in the view's order, each with its renewal.
    const checkout = (await b.open('/cart/checkout')).html;
    const summary = checkout.slice(checkout.indexOf('data-testid="checkout-summary"'));
    const shown = [...summary.matchAll(new RegExp(RENEWAL, 'g'))].map((m) => ({ net: Number(m[1]), months: Number(m[2]) }));
    expect(shown).toEqual(view.lines.map((l) => ({ net: rule.get(l.sku)!.totalCents, months: rule.get(l.sku)!.months })));
  });

  it('the domain page: what the next renewal costs, for a name under every TLD', async () => {
    const { tlds, rule } = await expectedByTld();
    const { c, b } = await signedInCustomer();
    const label = `held${stamp()}`;
    const greek = greekLabel();
    const pricing = await servicesAt().catalog.tldPricing({ actions: ['renew'] });
    const rows = pricing.map((t) => {
      const l = t.tld === 'ελ' || t.tld === 'ευ' ? greek : label;
      return { userId: c.id, fqdn: `${l}.${t.tld}`, asciiFqdn: asciiFqdnFor(l, t.tld), registryKey: registryKeyFor(l, t.tld), tld: t.tld, registry: t.registry, expiresAt: new Date(Date.now() + 200 * 86_400_000), createdAt: new Date(), updatedAt: new Date() };
    });
    for (let i = 0; i < rows.length; i += 5) await db.insert(domains).values(rows.slice(i, i + 5));
    for (const row of rows) {
      let res = await b.fetch(`/account/domains/${encodeURIComponent(row.asciiFqdn)}`);
      if (res.status === 301 || res.status === 302) res = await b.fetch(res.headers.get('Location')!);
      expect(res.status, row.fqdn).toBe(200);
      const m = RENEWAL.exec(await res.text());
      expect(m, row.fqdn).not.toBeNull();
      expect({ net: Number(m![1]), months: Number(m![2]) }, row.fqdn).toEqual({ net: rule.get(row.tld)!.totalCents, months: rule.get(row.tld)!.months });
    }
    expect(rows).toHaveLength(tlds.length);
  });

  it('the hosting plans: each plan says what its first length renews at, promotion or not', async () => {
    const b = new Browser();
    for (const [slug, page] of Object.entries(HOSTING_PAGES)) {
      const plans = await servicesAt().catalog.productsByFamily(page.families, 'el', { withOptions: false });
      const res = await b.fetch(`/hosting/${slug}`);
      expect(res.status, slug).toBe(200);
      const shown = chunks(await res.text(), 'data-testid="plan-card"', 'data-sku');
      // A page with no plans (or plans without a price) would check nothing (issue #32 §5).
      expect(plans.length, slug).toBeGreaterThan(0);
      expect(shown.map((p) => p.key)).toEqual(plans.map((p) => p.sku));
      for (const plan of plans) {
        const first = plan.prices[0];
        expect(first, plan.sku).toBeDefined();
        const quote = hostingRenewal({ lengths: plan.prices, months: first!.months, monthlyFeeCents: plan.monthlyFeeCents })!;
        expect(shown.find((p) => p.key === plan.sku)!.shown, plan.sku).toEqual({ net: quote.totalCents, months: quote.months });
      }
    }
  });
});
