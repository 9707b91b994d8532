// The portfolio demo account's names (issue #12 §2, §7): 2,000 domains across TLDs of every registry
// family, with expiries spread from 60 days ago to 720 days ahead so that every preview (registered,
// expiring soon, expired in grace or redemption) has members, and the same names in the sandbox
// registries (sponsored by us) so that every action on them works. Seeded by `npm start` only (the
// worker tests make their own, smaller portfolios with the same function). Idempotent.
import { eq } from 'drizzle-orm';
import { asciiFqdnFor, registryKeyFor } from '../../core/domains/keys';
import type { Db } from '../client';
import { domains, registryObjects, users } from '../schema';
import { TLDS } from './catalog-data';
import { rowsPerInsert } from './seed-catalog';

export const PORTFOLIO_EMAIL = 'portfolio@example.gr';
export const PORTFOLIO_SIZE = 2000;

/** A mix weighted like a Greek customer's portfolio: mostly .gr and .com. */
const PORTFOLIO_TLDS = ['gr', 'gr', 'com.gr', 'com', 'com', 'net', 'org', 'eu', 'info', 'shop', 'xxx', 'ελ'] as const;
const WORDS = ['kafe', 'taverna', 'fourno', 'ktima', 'hotel', 'studio', 'market', 'ergo', 'techno', 'nisi', 'thalassa', 'oliva', 'meli', 'krasi', 'dromos', 'spiti', 'agora', 'foto', 'vivlio', 'podilato'];
const GREEK_WORDS = ['καφές', 'ταβέρνα', 'φούρνος', 'κτήμα', 'νησί', 'θάλασσα', 'ελιά', 'μέλι', 'κρασί', 'σπίτι'];
const DAY_MS = 24 * 60 * 60_000;

export type PortfolioName = { label: string; tld: string; days: number; locked: boolean; idProtect: boolean };

/** The i-th name of a portfolio: deterministic, so a second run finds the same names. */
export function portfolioName(i: number, prefix = 'pf'): PortfolioName {
  const tld = PORTFOLIO_TLDS[i % PORTFOLIO_TLDS.length]!;
  const greek = tld === 'ελ';
  const word = greek ? GREEK_WORDS[i % GREEK_WORDS.length]! : WORDS[(i * 7) % WORDS.length]!;
  const label = greek ? `${word}${i}` : `${prefix}-${word}-${String(i).padStart(4, '0')}`;
  // −60 … +720 days, scattered (7919 is prime to 781, so every day is used once per 781 names).
  const days = ((i * 7919) % 781) - 60;
  const family = TLDS.find((t) => t.tld === tld)!.registry;
  return { label, tld, days, locked: i % 5 === 0 && days >= 0, idProtect: (family === 'generic' || family === 'icm') && i % 3 === 0 };
}

/** Status our side shows for an expiry: in force, in grace (up to 30 days past), then redemption. */
function statusFor(days: number): 'active' | 'expired' | 'redemption' {
  return days >= 0 ? 'active' : days >= -30 ? 'expired' : 'redemption';
}

export async function seedPortfolio(db: Db, now: Date, options: { email?: string; userId?: number; count?: number; prefix?: string } = {}): Promise<number> {
  let userId = options.userId;
  if (userId === undefined) {
    const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, options.email ?? PORTFOLIO_EMAIL));
    if (!u) return 0;
    userId = u.id;
  }
  const count = options.count ?? PORTFOLIO_SIZE;
  const names = Array.from({ length: count }, (_, i) => portfolioName(i, options.prefix));
  const domainRows = names.map((n) => {
    const family = TLDS.find((t) => t.tld === n.tld)!.registry;
    const expiresAt = new Date(now.getTime() + n.days * DAY_MS);
    return {
      domain: {
        userId: userId!,
        fqdn: `${n.label.normalize('NFC').toLowerCase()}.${n.tld}`,
        asciiFqdn: asciiFqdnFor(n.label, n.tld),
        registryKey: registryKeyFor(n.label, n.tld),
        tld: n.tld,
        registry: family,
        status: statusFor(n.days),
        expiresAt,
        autoRenew: n.days % 2 === 0,
        idProtect: n.idProtect,
        idProtectUntil: n.idProtect ? expiresAt : null,
        locked: n.locked,
        nsMode: 'custom' as const,
        nameservers: ['ns1.example.net', 'ns2.example.net'],
        createdAt: new Date(now.getTime() - 400 * DAY_MS),
        updatedAt: now,
      },
      object: {
        registry: family,
        registryKey: registryKeyFor(n.label, n.tld),
        name: asciiFqdnFor(n.label, n.tld),
        statuses: statusFor(n.days) === 'redemption' ? ['redemptionPeriod'] : n.locked ? ['clientTransferProhibited'] : ['ok'],
        sponsor: 'us',
        registrant: { name: 'Portfolio Demo', organisation: 'Portfolio Α.Ε.', email: options.email ?? PORTFOLIO_EMAIL, country: 'GR' },
        authCode: `Pf-${crypto.randomUUID().slice(0, 10)}#`,
        idProtect: n.idProtect,
        nameservers: ['ns1.example.net', 'ns2.example.net'],
        createdAt: new Date(now.getTime() - 400 * DAY_MS),
        updatedAt: now,
        expiresAt,
      },
    };
  });
  // Many rows per statement (D1's 100 bound parameters), many statements per batch: one round trip
  // per batch, so the 2,000 names take a few seconds, not minutes.
  const statements = [
    ...chunk(domainRows.map((r) => r.object), rowsPerInsert(registryObjects)).map((rows) => db.insert(registryObjects).values(rows).onConflictDoNothing()),
    ...chunk(domainRows.map((r) => r.domain), rowsPerInsert(domains)).map((rows) => db.insert(domains).values(rows).onConflictDoNothing().returning({ id: domains.id })),
  ];
  let inserted = 0;
  for (const group of chunk(statements, 50)) {
    const results = await db.batch(group as unknown as Parameters<typeof db.batch>[0]);
    for (const r of results) if (Array.isArray(r)) inserted += r.length;
  }
  return inserted;
}

function chunk<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}
