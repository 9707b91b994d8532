// A name in the cart that someone registers before checkout (issue #20 §4): checkout dead-ended with
// "could not check the domain, try again shortly" and the name in punycode. Now it says the name is
// taken (in Unicode), marks the line in the cart and offers to remove it or search for another; it
// never suggests a retry that cannot work.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { registryKeyFor } from '../../core/domains/keys';
import { labelToAscii } from '../../core/domains/punycode';
import { ErrorCode } from '../../core/errors';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { registryObjects, users } from '../../db/schema';
import { servicesAt } from './customers';
import { Browser, form, login } from './helpers';

const db = createDb(env.DB);
let n = 0;

/** A customer who can log in, with a Greek .gr ready in the cart and a receipt profile. */
async function cartWithGreekName() {
  const email = `taken${Date.now().toString(36)}${n}@example.gr`;
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Άννα', lastName: 'Κ', gdprProcessingAt: new Date(), emailVerifiedAt: new Date(), createdAt: new Date(), updatedAt: new Date() })
    .returning({ id: users.id });
  const owner = { room: `u-${u!.id}`, userId: u!.id };
  const label = `καφενείο${Date.now() % 1_000_000_000}${n++}`;
  const name = `${label}.gr`;
  const s = servicesAt();
  const added = await s.cart.addDomain(owner, { name, action: 'register', uniqueId: null });
  if (!added.ok) throw new Error(`add ${added.code}`);
  const contactId = await s.contacts.createContact(u!.id, { firstName: 'Άννα', lastName: 'Κ', email: 'a@example.gr', phone: '+306900000000', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  await s.cart.update(owner, added.items[0]!.id, { config: { contacts: { registrant: contactId, admin: contactId, tech: contactId, billing: contactId }, nameservers: { mode: 'none' }, agree: true } }, null);
  const profile = await s.orders.createBillingProfile(u!.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  if (!profile.ok) throw new Error('profile');
  return { id: u!.id, email, owner, label, name, ascii: `${labelToAscii(label)}.gr`, lineId: added.items[0]!.id, profileId: profile.id };
}

/** Someone else registers the name at the registry. */
async function takenElsewhere(label: string) {
  const now = new Date();
  await db.insert(registryObjects).values({ registry: 'gr', registryKey: registryKeyFor(label, 'gr'), name: `${labelToAscii(label)}.gr`, sponsor: 'other', createdAt: now, updatedAt: now, expiresAt: new Date(now.getTime() + 365 * 86_400_000) });
}

describe('a name taken between the cart and the checkout', () => {
  it('the order says it is taken (Unicode name) and the cart marks the line', async () => {
    const c = await cartWithGreekName();
    await takenElsewhere(c.label);
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: c.profileId, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    expect(placed).toMatchObject({ ok: false, code: ErrorCode.CART_NOT_READY_CHECK_ITEMS, detail: { reason: 'taken', names: [c.name] } });
    const view = await servicesAt().cart.view(c.owner, { lang: 'el', vatRateBp: 2400 });
    expect(view.ready).toBe(false);
    expect(view.lines.find((l) => l.id === c.lineId)).toMatchObject({ taken: true });
  });

  it('the checkout page (no JavaScript) names it, links to the cart and to the search, and never says try again', async () => {
    const c = await cartWithGreekName();
    const b = new Browser();
    expect((await login(b, c.email, DEMO_USERS[0].password)).status).toBe(303);
    const page = await b.open('/cart/checkout');
    expect(page.res.status).toBe(200);
    const key = /<input[^>]*name="key"[^>]*value="([^"]+)"|<input[^>]*value="([^"]+)"[^>]*name="key"/.exec(page.html)!.slice(1).find(Boolean)!;
    await takenElsewhere(c.label);
    const res = await b.fetch('/cart/checkout', form({ _token: page.token, intent: 'place_order', profile_id: String(c.profileId), method: 'bank_transfer', key, agree: 'on' }));
    const html = await res.text();
    expect(res.status).toBe(409);
    const alert = /<div role="alert"[^>]*data-testid="checkout-taken"[\s\S]*?<\/div>/.exec(html)?.[0] ?? '';
    expect(alert).toContain(c.name);
    expect(alert).not.toContain(c.ascii);
    expect(alert).toContain(`/domains/search?q=${encodeURIComponent(c.label)}`);
    expect(alert).toContain('href="/cart"');
    expect(alert).not.toMatch(/δοκιμάστε ξανά|try again/i);
    expect(html).not.toContain('Δεν ήταν δυνατός ο έλεγχος του domain');

    const cart = await b.open('/cart');
    expect(cart.html).toContain('data-testid="line-taken"');
    expect(cart.html).toContain(`/domains/search?q=${encodeURIComponent(c.label)}`);
    // Removing the line is the way on: the same remove form as any line.
    const removed = await b.fetch('/cart', form({ _token: cart.token, intent: 'remove', id: c.lineId }));
    expect([200, 303]).toContain(removed.status);
    expect(await servicesAt().cart.items(c.owner)).toHaveLength(0);
  });
});
