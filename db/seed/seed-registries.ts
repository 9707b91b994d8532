// Seeds the sandbox registries and the demo customer's domains (idempotent, like the catalogue seed).
import { eq } from 'drizzle-orm';
import { asciiFqdnFor, registryKeyFor } from '../../core/domains/keys';
import type { Db } from '../client';
import { domains, registryObjects, registryPremium, registrySettings, users } from '../schema';
import { TLDS } from './catalog-data';
import { DEMO_DOMAINS, PREMIUM_NAMES, REGISTRAR_NAMESERVERS, REGISTRY_OBJECTS, REGISTRY_SETTINGS, TAKEN_EVERYWHERE, type RegistryObjectSeed } from './registry-data';
import { rowsPerInsert } from './seed-catalog';

const GREEK_ONLY_TLDS = new Set(['ελ', 'ευ']);

function familyOf(tld: string) {
  const t = TLDS.find((x) => x.tld === tld);
  if (!t) throw new Error(`seed: unknown TLD ${tld}`);
  return t.registry;
}

function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime());
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

export async function seedRegistries(db: Db, now: Date = new Date()): Promise<Record<string, number>> {
  const inserted: Record<string, number> = { registry_settings: 0, registry_objects: 0, registry_premium: 0, domains: 0 };
  inserted.registry_settings = (await db.insert(registrySettings).values([...REGISTRY_SETTINGS]).onConflictDoNothing().returning({ r: registrySettings.registry })).length;

  const objects: RegistryObjectSeed[] = [...REGISTRY_OBJECTS];
  for (const t of TLDS) {
    if (GREEK_ONLY_TLDS.has(t.tld)) continue;
    for (const label of TAKEN_EVERYWHERE) objects.push({ label, tld: t.tld, registrant: { name: 'Brand Holdings', organisation: 'Brand Holdings Ltd', email: 'hostmaster@example.net', country: 'IE' } });
  }
  const demo = await db.select({ id: users.id, email: users.email }).from(users);
  const userId = new Map(demo.map((u) => [u.email, u.id]));
  for (const d of DEMO_DOMAINS) {
    if (!userId.has(d.email)) continue;
    objects.push({ label: d.label, tld: d.tld, sponsor: 'us', idProtect: d.idProtect, expiresInMonths: d.expiresInMonths, ourNameservers: d.ourNameservers, registrant: { name: 'Μαρία Παπαδοπούλου', organisation: null, email: d.email, country: 'GR' } });
  }

  const rows = objects.map((o) => ({
    registry: familyOf(o.tld),
    registryKey: registryKeyFor(o.label, o.tld),
    name: asciiFqdnFor(o.label, o.tld),
    statuses: o.statuses ?? ['ok'],
    sponsor: o.sponsor ?? 'other',
    registrant: o.registrant ?? {},
    authCode: o.authCode ?? `Seed-${crypto.randomUUID().slice(0, 8)}#`,
    idProtect: o.idProtect ?? false,
    nameservers: o.statuses?.includes('reserved') ? [] : o.ourNameservers ? REGISTRAR_NAMESERVERS : ['ns1.example.net', 'ns2.example.net'],
    createdAt: addMonths(now, -24),
    updatedAt: now,
    expiresAt: addMonths(now, o.expiresInMonths ?? 12),
  }));
  const size = rowsPerInsert(registryObjects);
  for (let i = 0; i < rows.length; i += size) {
    inserted.registry_objects! += (await db.insert(registryObjects).values(rows.slice(i, i + size)).onConflictDoNothing().returning({ k: registryObjects.registryKey })).length;
  }
  inserted.registry_premium = (
    await db
      .insert(registryPremium)
      .values(PREMIUM_NAMES.map((p) => ({ registry: familyOf(p.tld), registryKey: registryKeyFor(p.label, p.tld), registerCents: p.registerCents, renewCents: p.renewCents })))
      .onConflictDoNothing()
      .returning({ k: registryPremium.registryKey })
  ).length;

  for (const d of DEMO_DOMAINS) {
    const id = userId.get(d.email);
    if (!id) continue;
    const ascii = asciiFqdnFor(d.label, d.tld);
    const existing = await db.select({ id: domains.id }).from(domains).where(eq(domains.asciiFqdn, ascii));
    if (existing.length) continue;
    await db.insert(domains).values({
      userId: id,
      fqdn: `${d.label}.${d.tld}`,
      asciiFqdn: ascii,
      registryKey: registryKeyFor(d.label, d.tld),
      tld: d.tld,
      registry: familyOf(d.tld),
      expiresAt: addMonths(now, d.expiresInMonths),
      idProtect: d.idProtect ?? false,
      idProtectUntil: d.idProtect ? addMonths(now, d.expiresInMonths) : null,
      // The same delegation the sandbox registry holds for it (above).
      nsMode: d.ourNameservers ? 'default' : 'custom',
      nameservers: d.ourNameservers ? REGISTRAR_NAMESERVERS : ['ns1.example.net', 'ns2.example.net'],
      createdAt: addMonths(now, -12),
      updatedAt: now,
    });
    inserted.domains! += 1;
  }
  return inserted;
}
