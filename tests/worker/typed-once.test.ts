// Details typed once (issue #25 §4) through the Worker, as a browser without JavaScript meets them: the
// first contact offered from the account's profile, the first billing profile from the registrant (or
// the profile), a contact saved in the cart taking the empty roles only, and a new name delegated to
// the registrar's own nameservers from the moment it is added to the order it becomes.
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '../../db/client';
import { domains, orderItems, users } from '../../db/schema';
import { DEFAULT_NAMESERVERS } from '../../worker/services/domains';
import { newCustomer, servicesAt, uniqueName } from './customers';
import { Browser, form } from './helpers';

const db = createDb(env.DB);

async function loggedIn(prefix: string) {
  const c = await newCustomer(prefix);
  await db.update(users).set({ firstName: 'Νίκος', lastName: 'Ιωάννου', mobile: '+306911112233', address: 'Τσιμισκή 10', city: 'Θεσσαλονίκη', postcode: '54622' }).where(eq(users.id, c.id));
  const b = new Browser();
  await b.open('/');
  const cookies = await servicesAt().auth.loginVerified(new Request('http://localhost/'), c.id, { ip: b.ip, userAgent: 'test', visitorId: b.cookies.get('gid') ?? 'g-test', uniqueId: null });
  b.absorb(new Response(null, { headers: cookies.map((v) => ['Set-Cookie', v] as [string, string]) }));
  return { ...c, b };
}

/** The value an input of one form (by its data-testid) is rendered with ('' when none). */
function valueIn(html: string, testId: string, name: string): string {
  const start = html.indexOf(`data-testid="${testId}"`);
  if (start < 0) throw new Error(`no ${testId} on the page`);
  const part = html.slice(start, html.indexOf('</form>', start));
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(part)?.[0] ?? '';
  if (!tag) throw new Error(`no ${name} in ${testId}`);
  return /\svalue="([^"]*)"/.exec(tag)?.[1] ?? '';
}

const contact = (over: Record<string, unknown> = {}) => ({ firstName: 'Ελένη', lastName: 'Οικονόμου', email: 'eleni@example.gr', phone: '+306944444444', address: 'Ερμού 5', city: 'Αθήνα', postcode: '10563', countryIso2: 'GR', ...over });

describe('the first contact and billing profile are offered filled in', () => {
  it('the cart offers the first contact from the account’s profile; not once the account has one', async () => {
    const c = await loggedIn('prefill');
    await servicesAt().cart.addDomain(c.owner, { name: `${uniqueName('pre')}.gr`, action: 'register', uniqueId: null });
    const first = await c.b.open('/cart');
    expect(valueIn(first.html, 'new-contact', 'first_name')).toBe('Νίκος');
    expect(valueIn(first.html, 'new-contact', 'last_name')).toBe('Ιωάννου');
    expect(valueIn(first.html, 'new-contact', 'email')).toBe(c.email);
    expect(valueIn(first.html, 'new-contact', 'phone')).toBe('+306911112233');
    expect(valueIn(first.html, 'new-contact', 'address')).toBe('Τσιμισκή 10');
    expect(valueIn(first.html, 'new-contact', 'city')).toBe('Θεσσαλονίκη');
    expect(valueIn(first.html, 'new-contact', 'postcode')).toBe('54622');
    // Offered open, so the customer sees it is filled in and only has to save it.
    expect(first.html).toMatch(/<details[^>]*open=""[^>]*data-testid="new-contact"/);
    await servicesAt().contacts.createContact(c.id, contact());
    const later = await c.b.open('/cart');
    expect(valueIn(later.html, 'new-contact', 'first_name')).toBe('');
    expect(valueIn(later.html, 'new-contact', 'email')).toBe('');
    expect(later.html).not.toMatch(/<details[^>]*open=""[^>]*data-testid="new-contact"/);
  });

  it('the checkout offers the first billing profile from the registrant, else from the profile; not once there is one', async () => {
    const c = await loggedIn('billdraft');
    const s = servicesAt();
    const added = await s.cart.addDomain(c.owner, { name: `${uniqueName('bill')}.gr`, action: 'register', uniqueId: null });
    if (!added.ok) throw new Error('add');
    // No registrant chosen yet: the account's own name and address.
    let page = await c.b.open('/cart/checkout');
    expect(valueIn(page.html, 'new-profile', 'name')).toBe('Νίκος Ιωάννου');
    expect(valueIn(page.html, 'new-profile', 'address')).toBe('Τσιμισκή 10');
    const company = await s.contacts.createContact(c.id, contact({ organisation: 'Καφενείο Ο.Ε.', kind: 'organisation', vatNumber: '090000045' }));
    await s.cart.update(c.owner, added.items[0]!.id, { config: { contacts: { registrant: company } } }, null);
    page = await c.b.open('/cart/checkout');
    expect(valueIn(page.html, 'new-profile', 'name')).toBe('Καφενείο Ο.Ε.');
    expect(valueIn(page.html, 'new-profile', 'address')).toBe('Ερμού 5');
    expect(valueIn(page.html, 'new-profile', 'city')).toBe('Αθήνα');
    expect(valueIn(page.html, 'new-profile', 'postcode')).toBe('10563');
    expect(valueIn(page.html, 'new-profile', 'vat_number')).toBe('090000045');
    await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Άλλο', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    page = await c.b.open('/cart/checkout');
    expect(valueIn(page.html, 'new-profile', 'name')).toBe('');
  });
});

describe('a contact saved in the cart', () => {
  it('takes the roles that were empty on every line, never one the customer chose (no JavaScript)', async () => {
    const c = await loggedIn('roles');
    const s = servicesAt();
    const chosen = await s.contacts.createContact(c.id, contact({ firstName: 'Μαρία' }));
    const a = await s.cart.addDomain(c.owner, { name: `${uniqueName('ra')}.gr`, action: 'register', uniqueId: null });
    const e = await s.cart.addDomain(c.owner, { name: `${uniqueName('re')}.eu`, action: 'register', uniqueId: null });
    if (!a.ok || !e.ok) throw new Error('add');
    await s.cart.update(c.owner, a.items[0]!.id, { config: { contacts: { registrant: chosen, tech: chosen } } }, null);
    const { token } = await c.b.open('/cart');
    const saved = await c.b.fetch('/cart', form({ _token: token, intent: 'create_contact', first_name: 'Ελένη', last_name: 'Οικονόμου', email: 'eleni@example.gr', phone: '+306944444444', address: 'Ερμού 5', city: 'Αθήνα', postcode: '10563', country: 'GR' }));
    expect(saved.status).toBe(303);
    const mine = await s.contacts.contacts(c.id);
    const created = mine.find((x) => x.id !== chosen)!.id;
    const items = await servicesAt().cart.items(c.owner);
    expect(items.find((i) => i.id === a.items[0]!.id)!.config.contacts).toEqual({ registrant: chosen, admin: created, tech: chosen, billing: created });
    // EURid has a holder and a technical contact only.
    expect(items.find((i) => i.id === e.items[0]!.id)!.config.contacts).toEqual({ registrant: created, tech: created });
    // The page shows them chosen.
    const page = await c.b.open('/cart');
    expect(page.html).toMatch(new RegExp(`<option value="${created}" selected=""`));
  });

  it('with JavaScript (a fetcher’s call): the reply names the lines it filled; a second contact changes nothing already chosen', async () => {
    const c = await loggedIn('rolesjs');
    const s = servicesAt();
    const a = await s.cart.addDomain(c.owner, { name: `${uniqueName('rj')}.gr`, action: 'register', uniqueId: null });
    if (!a.ok) throw new Error('add');
    const post = async (first: string) => {
      const { token } = await c.b.open('/cart');
      return c.b.fetch('/cart.data', form({ _token: token, js: '1', intent: 'create_contact', first_name: first, last_name: 'Οικονόμου', email: 'eleni@example.gr', phone: '+306944444444', address: 'Ερμού 5', city: 'Αθήνα', postcode: '10563', country: 'GR' }));
    };
    const one = await post('Ελένη');
    expect(one.status).toBe(200);
    expect(await one.text()).toContain(a.items[0]!.id);
    const before = (await s.cart.items(c.owner))[0]!.config.contacts;
    expect(Object.keys(before ?? {}).sort()).toEqual(['admin', 'billing', 'registrant', 'tech']);
    const two = await post('Μαρία');
    expect(two.status).toBe(200);
    expect(await two.text()).not.toContain(a.items[0]!.id);
    expect((await servicesAt().cart.items(c.owner))[0]!.config.contacts).toEqual(before);
  });
});

describe('a new name’s nameservers', () => {
  it('default to the registrar’s own: in the cart, in the order item, and at the registry', async () => {
    const c = await newCustomer('ourns');
    const s = servicesAt();
    const name = `${uniqueName('ns')}.gr`;
    const added = await s.cart.addDomain(c.owner, { name, action: 'register', uniqueId: null });
    if (!added.ok) throw new Error('add');
    expect(added.items[0]!.config.nameservers).toEqual({ mode: 'default' });
    const contactId = await s.contacts.createContact(c.id, contact());
    // The customer chooses the contacts and agrees; the nameservers are left as offered.
    await s.cart.update(c.owner, added.items[0]!.id, { config: { contacts: { registrant: contactId, admin: contactId, tech: contactId, billing: contactId }, agree: true } }, null);
    const view = await servicesAt().cart.view(c.owner, { lang: 'el', vatRateBp: 2400 });
    expect(view.lines[0]!.configStatus).toMatchObject({ nameservers: 'complete', ready: true });
    const profile = await s.orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
    if (!profile.ok) throw new Error('profile');
    const placed = await servicesAt().orders.placeOrder(c.owner, { profileId: profile.id, method: 'bank_transfer', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
    if (!placed.ok) throw new Error(`place ${placed.code}`);
    const [item] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
    expect(item!.config).toMatchObject({ nameservers: { mode: 'default' } });
    expect(await servicesAt().orders.confirmBankTransfer(placed.orderId)).toBe(true);
    const [d] = await db.select().from(domains).where(eq(domains.asciiFqdn, name));
    expect(d).toMatchObject({ nsMode: 'default', nameservers: DEFAULT_NAMESERVERS });
  });

  it('the cart’s form offers ours first, checked, in plain words; saving it keeps them (no JavaScript)', async () => {
    const c = await loggedIn('nsform');
    const s = servicesAt();
    const added = await s.cart.addDomain(c.owner, { name: `${uniqueName('nf')}.gr`, action: 'register', uniqueId: null });
    if (!added.ok) throw new Error('add');
    const page = await c.b.open('/cart');
    const radio = /<input[^>]*data-testid="ns-mode-default"[^>]*>/.exec(page.html)?.[0] ?? '';
    expect(radio).toContain('value="default"');
    expect(radio).toContain('checked=""');
    expect(page.html).toContain('Χρήση των nameservers μας (προτείνεται)');
    expect(page.html).toContain('Δικοί μου nameservers');
    expect(page.html).toContain(DEFAULT_NAMESERVERS[0]);
    // Without JavaScript the custom fields are there too (the radio decides), and an empty list with 'ours' is fine.
    expect(page.html).toContain('data-testid="ns-0"');
    const contactId = await s.contacts.createContact(c.id, contact());
    const saved = await c.b.fetch('/cart', form({ _token: page.token, intent: 'configure', id: added.items[0]!.id, registrant: String(contactId), admin: String(contactId), tech: String(contactId), billing: String(contactId), ns_mode: 'default', 'ns[0]': '', 'ns[1]': '', agree: 'on' }));
    expect(saved.status).toBe(303);
    const [item] = await servicesAt().cart.items(c.owner);
    expect(item!.config.nameservers).toEqual({ mode: 'default' });
  });
});
