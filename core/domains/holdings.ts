// Who held a name when (issue #32 §2, decision 089). A name changes holder between our accounts by an
// accepted handover, a staff move, or a lapsed name registered again by someone else; each change is a
// row of the holding history. From those rows and the current holder, the periods one account held
// each name: what happened to a name belongs to whoever held it at that instant, and the instant of a
// change still to the previous holder (a staff move's own audit row is the old holder's record).

export type HolderChangeKind = 'handover' | 'staff' | 'registration';
export type HolderChange = { id: number; domainId: number; fromUserId: number; toUserId: number; kind: HolderChangeKind; at: number };

/** One period: after `from` (null: from the start) up to and including `until` (null: still held). */
export type Holding = { domainId: number; from: number | null; until: number | null; came: HolderChangeKind | null; left: HolderChangeKind | null };

/**
 * The periods `userId` held each name that the changes or `currentHolder` mention. A name without
 * changes was always its current holder's. Where the chain of changes does not end at the current
 * holder (a change never recorded), the open period is the current holder's from the last change on.
 */
export function holdingsOf(userId: number, changes: readonly HolderChange[], currentHolder: ReadonlyMap<number, number>): Holding[] {
  const byDomain = new Map<number, HolderChange[]>();
  for (const c of changes) {
    const list = byDomain.get(c.domainId);
    if (list) list.push(c);
    else byDomain.set(c.domainId, [c]);
  }
  const out: Holding[] = [];
  for (const [domainId, holder] of currentHolder) if (!byDomain.has(domainId) && holder === userId) out.push({ domainId, from: null, until: null, came: null, left: null });
  for (const [domainId, list] of byDomain) {
    const sorted = [...list].sort((a, b) => a.at - b.at || a.id - b.id);
    let holder = sorted[0]!.fromUserId;
    let from: number | null = null;
    let came: HolderChangeKind | null = null;
    for (const c of sorted) {
      if (holder === userId) out.push({ domainId, from, until: c.at, came, left: c.kind });
      holder = c.toUserId;
      from = c.at;
      came = c.kind;
    }
    const now = currentHolder.get(domainId) ?? holder;
    if (now === userId) out.push({ domainId, from, until: null, came: holder === userId ? came : null, left: null });
  }
  return out.sort((a, b) => a.domainId - b.domainId || (a.from ?? -Infinity) - (b.from ?? -Infinity));
}

/** Whether something that happened to the name at `at` (ms) happened while one of these periods ran. */
export function heldAt(holdings: readonly Holding[], domainId: number, at: number): boolean {
  return holdings.some((h) => h.domainId === domainId && (h.from === null || at > h.from) && (h.until === null || at <= h.until));
}
