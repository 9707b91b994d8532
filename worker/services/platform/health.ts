import { sql } from 'drizzle-orm';
import type { ServiceDeps } from '../deps';

export function createHealthService({ db }: ServiceDeps) {
  return {
    /** Proves D1 answers and the schema is there: a health check that skips the database lies. */
    async check(): Promise<{ d1: 'ok'; countries: number; latencyMs: number }> {
      const started = Date.now();
      const row = await db.get<{ n: number }>(sql`select count(*) as n from countries`);
      return { d1: 'ok', countries: row?.n ?? 0, latencyMs: Date.now() - started };
    },
  };
}
