// Recording consent changes (issue #24 §2–3): one row per change with time, source and IP, written in
// the same D1 batch as the change itself where the caller has one (consentRows), or alone (record).
import { consentEvents, type consentKinds, type consentSources } from '../../../db/schema';
import type { ServiceDeps } from '../deps';

export type ConsentChange = {
  userId: number | null;
  email?: string | null;
  kind: (typeof consentKinds)[number];
  granted: boolean;
  source: (typeof consentSources)[number];
  policyVersion?: string | null;
  ip?: string | null;
  actorId?: number | null;
};

export function createConsentLog(deps: Pick<ServiceDeps, 'db' | 'now'>) {
  const { db, now } = deps;
  function rows(changes: ConsentChange[]) {
    return changes.map((c) => ({
      userId: c.userId,
      email: c.email?.trim().toLowerCase() ?? null,
      kind: c.kind,
      granted: c.granted,
      source: c.source,
      policyVersion: c.policyVersion ?? null,
      ip: c.ip ?? null,
      actorId: c.actorId ?? null,
      createdAt: now,
    }));
  }
  return {
    /** The insert statement, for a caller's batch (the change and its record together). */
    insertStatement(changes: ConsentChange[]) {
      return db.insert(consentEvents).values(rows(changes));
    },
    async record(changes: ConsentChange[]): Promise<void> {
      if (changes.length) await db.insert(consentEvents).values(rows(changes));
    },
  };
}
