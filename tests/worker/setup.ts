import { applyD1Migrations } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createDb } from '../../db/client';
import { seedCatalog, seedCoupons, seedDemoCredit, seedDemoContacts, seedDemoDocuments, seedDemoUsers, seedRegistries } from '../../db/seed';

// Every test file starts from the migrated schema with the demo catalog (the seed is idempotent).
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedCatalog(createDb(env.DB), new Date());
await seedDemoUsers(createDb(env.DB), new Date());
await seedRegistries(createDb(env.DB), new Date());
await seedDemoContacts(createDb(env.DB), new Date());
await seedCoupons(createDb(env.DB), new Date());
await seedDemoCredit(createDb(env.DB), new Date());
await seedDemoDocuments(createDb(env.DB), new Date());
