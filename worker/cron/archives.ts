// Every 5 minutes: personal-data archives (issue #24 §3, decision 076) — pending requests are built
// into R2 (each claimed once, however many runs overlap) and expired or spent ones are deleted from it.
import { createDb } from '../../db/client';
import { createServices } from '../services';

export async function archivesCron(env: Env, now: Date) {
  const services = createServices({ db: createDb(env.DB), env, now });
  return services.archives.run();
}
