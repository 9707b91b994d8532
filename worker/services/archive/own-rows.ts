// What of a shared record is the archive owner's (issue #32 §2, decision 089). A name can pass between
// accounts (a handover, a staff move, a lapsed name registered again): an archive then holds what
// happened to the name while its owner held it (the holding history, core/domains/holdings.ts), and no
// row that stays names the other side — their account id, their address, the staff's note about them.
// Staff members' account ids are left out too (like their IP): the owner learns that staff acted.
import { eq, inArray, or } from 'drizzle-orm';
import { withoutAddresses } from '../../../core/archive-rows';
import { heldAt, holdingsOf, type HolderChange, type Holding } from '../../../core/domains/holdings';
import { domainHandovers, domainHolderChanges, domains, users } from '../../../db/schema';
import type { ServiceDeps } from '../deps';
import type { ZipSink } from './zip-sink';

/** Under D1's 100 bound parameters. */
const CHUNK = 90;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

export type Ownership = {
  /** The periods the owner held each name that ever changed hands with them (none: always theirs). */
  holdings: Holding[];
  /** Those names, with their current form. */
  changed: Map<number, { fqdn: string }>;
  /** Did this row about a name happen while the owner held it? */
  heldAt(domainId: number, at: Date): boolean;
  /** Since when the owner holds a name they hold now (null: from its start here). */
  heldSince(domainId: number): Date | null;
  /** Removes every other account's e-mail address from a row (any depth, inside free text too). */
  clean<T>(value: T): T;
};

/** The owner's side of the records shared with other accounts, read once per archive. */
export async function ownershipOf(deps: ServiceDeps, userId: number): Promise<Ownership> {
  const { db } = deps;
  const involved = await db
    .selectDistinct({ domainId: domainHolderChanges.domainId })
    .from(domainHolderChanges)
    .where(or(eq(domainHolderChanges.fromUserId, userId), eq(domainHolderChanges.toUserId, userId)));
  const changes: HolderChange[] = [];
  const current = new Map<number, number>();
  const changed = new Map<number, { fqdn: string }>();
  for (const ids of chunks(involved.map((r) => r.domainId))) {
    const [rows, held] = await Promise.all([
      db.select().from(domainHolderChanges).where(inArray(domainHolderChanges.domainId, ids)),
      db.select({ id: domains.id, userId: domains.userId, fqdn: domains.fqdn }).from(domains).where(inArray(domains.id, ids)),
    ]);
    for (const c of rows) changes.push({ id: c.id, domainId: c.domainId, fromUserId: c.fromUserId, toUserId: c.toUserId, kind: c.kind, at: c.at.getTime() });
    for (const d of held) {
      current.set(d.id, d.userId);
      changed.set(d.id, { fqdn: d.fqdn });
    }
  }
  const holdings = holdingsOf(userId, changes, current);

  // The other side of every change and every offer: their addresses leave the archive wherever they stand.
  const offers = await db
    .select({ fromUserId: domainHandovers.fromUserId, toUserId: domainHandovers.toUserId, toEmail: domainHandovers.toEmail })
    .from(domainHandovers)
    .where(or(eq(domainHandovers.fromUserId, userId), eq(domainHandovers.toUserId, userId)));
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  const others = new Set<number>();
  for (const c of changes) for (const id of [c.fromUserId, c.toUserId]) if (id !== userId) others.add(id);
  const addresses: string[] = [];
  for (const o of offers) {
    for (const id of [o.fromUserId, o.toUserId]) if (id !== null && id !== userId) others.add(id);
    if (o.fromUserId === userId) addresses.push(o.toEmail);
  }
  for (const ids of chunks([...others])) addresses.push(...(await db.select({ email: users.email }).from(users).where(inArray(users.id, ids))).map((u) => u.email));
  const own = me?.email.toLowerCase();

  return {
    holdings,
    changed,
    heldAt: (domainId, at) => !changed.has(domainId) || heldAt(holdings, domainId, at.getTime()),
    heldSince(domainId) {
      const open = holdings.find((h) => h.domainId === domainId && h.until === null);
      return open?.from != null ? new Date(open.from) : null;
    },
    clean: withoutAddresses(addresses.filter((a) => a.toLowerCase() !== own)),
  };
}

/** The ZIP as the sections see it: every JSON row and text file passes the owner's cleaner first. */
export function cleanedSink(zip: ZipSink, clean: <T>(value: T) => T): ZipSink {
  return {
    ...zip,
    text: (name, text) => zip.text(name, clean(text)),
    jsonArray(name) {
      const out = zip.jsonArray(name);
      return { ...out, write: (row: unknown) => out.write(clean(row)) };
    },
  };
}
