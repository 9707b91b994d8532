// Seeds the local D1 with the demo catalog (idempotent: a second run changes nothing).
// Usage: tsx scripts/seed.ts [--persist-to DIR]   (the same DIR as `wrangler dev --persist-to`)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { experimental_readRawConfig, getPlatformProxy } from 'wrangler';
import { createDb } from '../db/client';
import { seedCatalog, seedCoupons, seedDemoCredit, seedDemoContacts, seedDemoDocuments, seedDemoHosting, seedDemoUsers, seedPortfolioHosting, seedRegistries } from '../db/seed';
import { seedPortfolio } from '../db/seed/bulk-domains';

const args = process.argv.slice(2);
const persistIdx = args.indexOf('--persist-to');
const persistTo = resolve(persistIdx >= 0 && args[persistIdx + 1] ? args[persistIdx + 1]! : '.wrangler/state');

// Only the D1 binding is needed: a config without the Durable Objects keeps workerd from warning
// that this script exports no classes. Same database id, so the same local database file.
const { rawConfig } = experimental_readRawConfig({ config: 'wrangler.toml' });
const d1 = rawConfig.d1_databases?.[0];
if (!d1) throw new Error('wrangler.toml has no d1_databases entry');
const dir = mkdtempSync(join(tmpdir(), 'seed-'));
const configPath = join(dir, 'wrangler.json');
writeFileSync(configPath, JSON.stringify({ name: 'seed', compatibility_date: rawConfig.compatibility_date, d1_databases: [d1] }));

const proxy = await getPlatformProxy<{ DB: D1Database }>({ configPath, persist: { path: join(persistTo, 'v3') } });
try {
  const db = createDb(proxy.env.DB);
  const result = await seedCatalog(db, new Date());
  result.inserted.users = await seedDemoUsers(db, new Date());
  Object.assign(result.inserted, await seedRegistries(db, new Date()));
  result.inserted.contacts = await seedDemoContacts(db, new Date());
  result.inserted.coupons = await seedCoupons(db, new Date());
  result.inserted.credits = await seedDemoCredit(db, new Date());
  result.inserted.documents = await seedDemoDocuments(db, new Date());
  // The portfolio account's 2,000 names (issue #12): here only, not in the worker tests' setup.
  result.inserted.portfolio = await seedPortfolio(db, new Date());
  // Issue #23: the demo customer's hosting through the sandbox panel, and 500 services for the bench.
  result.inserted.hosting = await seedDemoHosting(db, new Date());
  result.inserted.portfolioHosting = await seedPortfolioHosting(db, new Date());
  const total = Object.values(result.inserted).reduce((a, b) => a + b, 0);
  console.log(total === 0 ? 'seed: catalog already present, nothing changed' : `seed: inserted ${JSON.stringify(result.inserted)}`);
} finally {
  await proxy.dispose();
  rmSync(dir, { recursive: true, force: true });
}
