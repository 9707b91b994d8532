// Shared by the nameserver worker tests (issue #12 §3): a customer who can log in, and a name they hold
// that the sandbox registry sponsors for us.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { registryKeyFor } from '../../core/domains/keys';
import { labelToAscii } from '../../core/domains/punycode';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { domains, registryObjects, users } from '../../db/schema';
import type { RegistryFamily } from '../../worker/adapters/registry/port';
import { servicesAt, uniqueName } from './customers';

export const db = createDb(env.DB);
export const NS = ['ns1.example.net', 'ns2.example.net'];

export async function customer() {
  const email = `${uniqueName('nsc')}@example.gr`;
  const now = new Date();
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Άννα', lastName: 'Κ', emailVerifiedAt: now, gdprProcessingAt: now, createdAt: now, updatedAt: now })
    .returning({ id: users.id });
  return { id: u!.id, email };
}

/** A name the customer holds, sponsored by us at the sandbox registry with `nameservers`. */
export async function holding(userId: number, tld: 'gr' | 'com', options: { label?: string; nameservers?: string[]; ours?: string[] } = {}) {
  const label = options.label ?? uniqueName('onoma');
  const family: RegistryFamily = tld === 'gr' ? 'gr' : 'generic';
  const ascii = `${labelToAscii(label)}.${tld}`;
  const key = registryKeyFor(label, tld);
  const now = new Date();
  const year = new Date(now.getTime() + 365 * 86_400_000);
  await db.insert(registryObjects).values({ registry: family, registryKey: key, name: ascii, sponsor: 'us', nameservers: options.nameservers ?? NS, createdAt: now, updatedAt: now, expiresAt: year });
  const [d] = await db
    .insert(domains)
    .values({ userId, fqdn: `${label}.${tld}`, asciiFqdn: ascii, registryKey: key, tld, registry: family, expiresAt: year, nsMode: 'custom', nameservers: options.ours ?? options.nameservers ?? NS, createdAt: now, updatedAt: now })
    .returning();
  return d!;
}

export const registryNs = async (family: RegistryFamily, key: string) => (await db.select().from(registryObjects).where(and(eq(registryObjects.registry, family), eq(registryObjects.registryKey, key))))[0]!.nameservers;
export const ourRow = async (id: number) => (await db.select().from(domains).where(eq(domains.id, id)))[0]!;
export const failing = (family: RegistryFamily, on: boolean) => servicesAt().domains.setSandboxSwitches(family, { failing: on });

