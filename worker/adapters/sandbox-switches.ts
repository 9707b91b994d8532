// The test switches a fulfilment sandbox obeys (sandbox_switches, one row per system): a latency, a
// maintenance window and a failing supplier, read at every call as a real supplier's state would be.
// Each sandbox turns what it meets into its own port's error.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sandboxSwitches } from '../../db/schema/fulfilment-sandboxes';

/** Waits the system's latency, then says what the call meets: maintenance, a failure, or nothing. */
export async function meetSandboxSwitches(db: Db, system: string, sleep: (ms: number) => Promise<void>): Promise<'maintenance' | 'failing' | null> {
  const [s] = await db.select().from(sandboxSwitches).where(eq(sandboxSwitches.system, system));
  if (!s) return null;
  if (s.latencyMs > 0) await sleep(s.latencyMs);
  if (s.maintenance) return 'maintenance';
  return s.failing ? 'failing' : null;
}
