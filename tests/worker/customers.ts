// Customers for the order tests: a fresh user straight in D1, and one with a ready .gr in the cart
// (contact for every role, nameservers none, terms agreed) and a receipt profile.
import { env } from 'cloudflare:workers';
import { createDb } from '../../db/client';
import { eq } from 'drizzle-orm';
import { payments, users } from '../../db/schema';
import { createServices } from '../../worker/services';
import type { RegistryPort } from '../../worker/adapters/registry/port';

const db = createDb(env.DB);
let n = 0;
export const uniqueName = (p: string) => `${p}${Date.now().toString(36)}${n++}`;
export const servicesAt = (ms = Date.now()) => createServices({ db, env, now: new Date(ms), origin: 'http://localhost' });

export async function newCustomer(prefix: string) {
  const email = `${uniqueName(prefix)}@example.gr`;
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: 'x', firstName: 'Άννα', lastName: 'Κ', gdprProcessingAt: new Date(), emailVerifiedAt: new Date(), createdAt: new Date(), updatedAt: new Date() })
    .returning({ id: users.id });
  return { id: u!.id, email, owner: { room: `u-${u!.id}`, userId: u!.id } };
}

/** Adds a .gr to `owner`'s cart and configures it completely; returns the name and the line id. */
export async function addReadyDomain(userId: number, owner: { room: string; userId: number | null }) {
  const s = servicesAt();
  const name = `${uniqueName('shop')}.gr`;
  const added = await s.cart.addDomain(owner, { name, action: 'register', uniqueId: null });
  if (!added.ok) throw new Error(`add failed ${added.code}`);
  const contactId = await s.contacts.createContact(userId, { firstName: 'Άννα', lastName: 'Κ', email: 'a@example.gr', phone: '+306900000000', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  await s.cart.update(owner, added.items[0]!.id, { config: { contacts: { registrant: contactId, admin: contactId, tech: contactId, billing: contactId }, nameservers: { mode: 'none' }, agree: true } }, null);
  return { name, itemId: added.items[0]!.id };
}

export async function readyCart(prefix: string) {
  const c = await newCustomer(prefix);
  const { name, itemId } = await addReadyDomain(c.id, c.owner);
  const profile = await servicesAt().orders.createBillingProfile(c.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  if (!profile.ok) throw new Error('profile failed');
  return { ...c, name, profileId: profile.id, itemId };
}

/**
 * Services whose .gr availability check waits at a gate the test opens: two placements started this way
 * both pass every check before either writes, which is how the order and coupon races are shown.
 */
export function gatedServices() {
  const s = servicesAt();
  const registries = s.orders.registries();
  const real = registries.gr;
  let reached!: () => void;
  let open!: () => void;
  const arrived = new Promise<void>((r) => (reached = r));
  const gate = new Promise<void>((r) => (open = r));
  registries.gr = {
    ...real,
    check: async (refs) => {
      reached();
      await gate;
      return real.check(refs);
    },
  } as RegistryPort;
  return { s, arrived, open };
}

/**
 * A ready cart's order placed for card payment and sent to the sandbox card page: the order id and its
 * pending payment row (the caller approves it, e.g. with a registry switched off first).
 */
export async function cardOrderAwaitingPayment(prefix: string) {
  const c = await readyCart(prefix);
  const s = servicesAt();
  const placed = await s.orders.placeOrder(c.owner, { profileId: c.profileId, method: 'card', idempotencyKey: crypto.randomUUID(), lang: 'el', uniqueId: null });
  if (!placed.ok) throw new Error(`place ${placed.code}`);
  const started = await s.orders.startCardPayment(c.id, placed.orderId, { returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c' }, 'el');
  if (!started.ok) throw new Error(`pay ${started.code}`);
  const [pending] = await db.select().from(payments).where(eq(payments.orderId, placed.orderId));
  return { c, orderId: placed.orderId, pending: pending! };
}
