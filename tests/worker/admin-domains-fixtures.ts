// Names for the all-domains tests (issue #22 §2): a customer who can log in, names held here and in
// the sandbox registry (sponsored by us), and the registry's record to change behind our back.
import { env } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { TLDS } from '../../db/seed/catalog-data';
import { asciiFqdnFor, registryKeyFor } from '../../core/domains/keys';
import { createDb } from '../../db/client';
import { DEMO_USERS } from '../../db/seed';
import { auditLog, domains, registryObjects, users } from '../../db/schema';
import { uniqueName } from './customers';

export const db = createDb(env.DB);
export const ADMIN = 'http://admin.localhost';
export const DAY = 24 * 60 * 60_000;

export async function customer(prefix: string) {
  const email = `${uniqueName(prefix)}@example.gr`;
  const [u] = await db
    .insert(users)
    .values({ email, passwordHash: DEMO_USERS[0].passwordHash, firstName: 'Άννα', lastName: 'Κάτοχος', gdprProcessingAt: new Date(), emailVerifiedAt: new Date(), createdAt: new Date(), updatedAt: new Date() })
    .returning({ id: users.id });
  return { id: u!.id, email };
}

type HoldOptions = { label?: string; status?: 'active' | 'expired' | 'redemption'; days?: number; locked?: boolean; createdDaysAgo?: number };

/** A name the customer holds, here and in the sandbox registry, with the same dates and nameservers. */
export async function hold(userId: number, tld: string, o: HoldOptions = {}) {
  const label = o.label ?? uniqueName('ad');
  const registry = TLDS.find((t) => t.tld === tld)!.registry;
  const now = Date.now();
  const expiresAt = new Date(now + (o.days ?? 200) * DAY);
  const created = new Date(now - (o.createdDaysAgo ?? 100) * DAY);
  const [row] = await db
    .insert(domains)
    .values({
      userId,
      fqdn: `${label.normalize('NFC').toLowerCase()}.${tld}`,
      asciiFqdn: asciiFqdnFor(label, tld),
      registryKey: registryKeyFor(label, tld),
      tld,
      registry,
      status: o.status ?? 'active',
      expiresAt,
      locked: o.locked ?? false,
      nsMode: 'custom',
      nameservers: ['ns1.example.net', 'ns2.example.net'],
      createdAt: created,
      updatedAt: created,
    })
    .returning();
  await db.insert(registryObjects).values({
    registry,
    registryKey: registryKeyFor(label, tld),
    name: asciiFqdnFor(label, tld),
    statuses: o.locked ? ['clientTransferProhibited'] : ['ok'],
    sponsor: 'us',
    authCode: 'Old-Code-123#',
    nameservers: ['ns1.example.net', 'ns2.example.net'],
    createdAt: created,
    updatedAt: created,
    expiresAt,
  });
  return row!;
}

export async function ours(id: number) {
  const [row] = await db.select().from(domains).where(eq(domains.id, id));
  return row!;
}

export async function registryOf(d: { registry: (typeof domains.$inferSelect)['registry']; registryKey: string }) {
  const [row] = await db.select().from(registryObjects).where(and(eq(registryObjects.registry, d.registry), eq(registryObjects.registryKey, d.registryKey)));
  return row!;
}

export async function auditOf(id: number) {
  return db.select().from(auditLog).where(and(eq(auditLog.targetType, 'domain'), eq(auditLog.targetId, String(id))));
}
