import { drizzle } from 'drizzle-orm/d1';
import * as schema from './schema';

export type Db = ReturnType<typeof createDb>;

/** Built per request in the load context (DESIGN.md: no module-level singletons of env). */
export function createDb(d1: D1Database) {
  return drizzle(d1, { schema });
}
