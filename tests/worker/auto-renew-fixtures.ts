// Auto-renew tests (issue #25 §1): a customer with a receipt profile holding a name here and in the
// sandbox registry, a fake of the saved cards (approves, declines or has none, counting its charges
// and their keys), and the services' dependencies at a fixed instant.
import { env } from 'cloudflare:workers';
import { asciiFqdnFor, registryKeyFor } from '../../core/domains/keys';
import { createDb } from '../../db/client';
import { domains, registryObjects, savedPaymentMethods, users } from '../../db/schema';
import { createSandboxPayments, decideSandboxSession, type SandboxTestCard } from '../../worker/adapters/payments/sandbox';
import { DEMO_USERS } from '../../db/seed';
import { createAdapters } from '../../worker/adapters';
import { configOf } from '../../worker/config';
import type { ServiceDeps } from '../../worker/services/deps';
import type { SavedCardCharge, SavedCardsPort } from '../../worker/services/renewals';
import { servicesAt, uniqueName } from './customers';
import { eq } from 'drizzle-orm';

const db = createDb(env.DB);

export const depsAt = (ms: number): ServiceDeps => ({ db, env, now: new Date(ms), adapters: createAdapters(configOf(env), db, 'http://localhost') });

/** A customer (who can log in with the demo password) with a Greek receipt profile. */
export async function renewCustomer(prefix: string, opts: { renewDays?: number } = {}) {
  const email = `${uniqueName(prefix)}@example.gr`;
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Άννα', lastName: 'Κ', gdprProcessingAt: new Date(), emailVerifiedAt: new Date(), createdAt: new Date(), updatedAt: new Date(), renewDaysBefore: opts.renewDays ?? 30 })
    .returning({ id: users.id });
  const profile = await servicesAt().orders.createBillingProfile(u!.id, { type: 'REC', name: 'Άννα Κ', address: 'Οδός 1', city: 'Αθήνα', postcode: '10431', countryIso2: 'GR' });
  if (!profile.ok) throw new Error('profile failed');
  return { id: u!.id, email };
}

/** A .gr the customer holds until `expiresAt`, sponsored by us in the sandbox registry. */
export async function heldName(userId: number, expiresAt: number, opts: { autoRenew?: boolean; tld?: string } = {}) {
  const tld = opts.tld ?? 'gr';
  const label = uniqueName('ar');
  const created = new Date(expiresAt - 365 * 86_400_000);
  const [row] = await db
    .insert(domains)
    .values({ userId, fqdn: `${label}.${tld}`, asciiFqdn: asciiFqdnFor(label, tld), registryKey: registryKeyFor(label, tld), tld, registry: 'gr', status: 'active', expiresAt: new Date(expiresAt), autoRenew: opts.autoRenew ?? true, createdAt: created, updatedAt: created })
    .returning();
  await db.insert(registryObjects).values({ registry: 'gr', registryKey: registryKeyFor(label, tld), name: asciiFqdnFor(label, tld), statuses: ['ok'], sponsor: 'us', authCode: 'Old-Code-123#', idProtect: false, nameservers: ['ns1.example.net', 'ns2.example.net'], createdAt: created, updatedAt: created, expiresAt: new Date(expiresAt) });
  return row!;
}

export async function domainRow(id: number) {
  return (await db.select().from(domains).where(eq(domains.id, id)))[0]!;
}

/** Saved cards that answer `answer` for every charge (after a pause, so that two runs overlap). */
export function fakeCards(answer: 'approved' | 'declined' | 'none', label = 'Visa •••• 4242', declineCode = 'insufficient_funds') {
  const charges: { userId: number; reference: string; amountCents: number; idempotencyKey: string }[] = [];
  let n = 0;
  const port: SavedCardsPort = {
    async chargeDefault(userId, input) {
      charges.push({ userId, ...input });
      await new Promise((r) => setTimeout(r, 5));
      const r: SavedCardCharge = answer === 'approved' ? { status: 'approved', chargeId: `ch_${uniqueName('x')}_${n++}`, cardLabel: label } : answer === 'declined' ? { status: 'declined', declineCode, cardLabel: label } : { status: 'none' };
      return r;
    },
    defaultLabel: async () => (answer === 'none' ? null : label),
  };
  return { port, charges };
}

/** A card saved with the sandbox processor (its test card decides later charges) as the customer's default. */
export async function savedSandboxCard(userId: number, card: SandboxTestCard = '4242') {
  const ms = Date.now();
  const sandbox = createSandboxPayments(db, { secret: 'whsec_auto_renew', origin: 'http://localhost', now: () => new Date(ms) });
  const { sessionId } = await sandbox.createSession({ reference: uniqueName('pay'), amountCents: 100, currency: 'EUR', description: 'Κάρτα', returnUrl: 'http://localhost/r', cancelUrl: 'http://localhost/c', idempotencyKey: uniqueName('key'), saveCard: { customerRef: `user-${userId}` } });
  const hook = await decideSandboxSession(db, 'whsec_auto_renew', sessionId, 'approve', ms + 1000, card);
  const saved = hook.event.savedCard!;
  await db.insert(savedPaymentMethods).values({ userId, processorToken: saved.token, brand: saved.brand, last4: saved.last4, expMonth: saved.expMonth, expYear: saved.expYear, isDefault: true, createdAt: new Date(ms) });
  return saved;
}
