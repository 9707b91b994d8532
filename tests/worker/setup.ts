import { abortAllDurableObjects, applyD1Migrations, reset } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { createDb } from '../../db/client';
import { forgetAllReads } from '../../worker/services/platform';
import { seedCatalog, seedCoupons, seedDemoCredit, seedDemoContacts, seedDemoDocuments, seedDemoHosting, seedDemoUsers, seedRegistries } from '../../db/seed';

// All test files run in one runtime, one after another (isolate: false, decision 055): starting the
// runtime and loading the Worker with the Remix build once instead of per file is most of the time
// saved. Each file still starts from fresh storage: every binding's data (D1, R2, Durable Objects) is
// deleted (in this order: stopping the Durable Objects first left D1 as it was), the live Durable
// Objects stopped, the isolate's catalog cache emptied, then the schema and the demo seed written again
// (tests/worker/fresh-start-*.test.ts prove it).
await reset();
await abortAllDurableObjects();
forgetAllReads();
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
await seedCatalog(createDb(env.DB), new Date());
await seedDemoUsers(createDb(env.DB), new Date());
await seedRegistries(createDb(env.DB), new Date());
await seedDemoContacts(createDb(env.DB), new Date());
await seedCoupons(createDb(env.DB), new Date());
await seedDemoCredit(createDb(env.DB), new Date());
await seedDemoDocuments(createDb(env.DB), new Date());
// The demo customer's shared, WordPress and VPS services, made through the sandbox panel (issue #23).
await seedDemoHosting(createDb(env.DB), new Date());
