// What is left of each credit note's credit (review finding on issue #13; decision 040 addendum). The
// credit balance is one pot (decision 019): a use of credit is a negative movement, not an allocation
// against a note. To say which note's money was used, credit is spent first-in first-out: the oldest
// note that gave credit is used up first. Pure, integer cents.

/** A credit note that gave credit (its positive credit movement), in the order it was issued. */
export type CreditSource = { id: number; amountCents: number; at: number; cancelled: boolean };

/** A credit movement as the rule needs it. */
export type MovementLike = { amountCents: number; reason: string };

/**
 * The credit spent: the negative movements (uses for orders and debits) less what a cancelled order
 * gave back (`release` undoes a use). A cancelled note's own reversal (`cancelled`) is not spending:
 * it takes back that note's credit, and the note is left out of the queue. Never below zero.
 */
export function creditSpentCents(movements: readonly MovementLike[]): number {
  let spent = 0;
  for (const m of movements) {
    if (m.reason === 'cancelled') continue;
    if (m.amountCents < 0) spent -= m.amountCents;
    else if (m.reason === 'release') spent -= m.amountCents;
  }
  return Math.max(0, spent);
}

/** Oldest first: by issue time, then id (ids grow with time; the tie-break makes the order total). */
export function fifoOrder<T extends { id: number; at: number }>(sources: readonly T[]): T[] {
  return [...sources].sort((a, b) => a.at - b.at || a.id - b.id);
}

/**
 * Each note's remaining credit when `spentCents` was spent oldest note first. A cancelled note keeps
 * nothing and takes no spending (its credit was taken back by its own reversal).
 */
export function remainingCredit(sources: readonly CreditSource[], spentCents: number): Map<number, number> {
  let toSpend = Math.max(0, spentCents);
  const out = new Map<number, number>();
  for (const s of fifoOrder(sources)) {
    if (s.cancelled || s.amountCents <= 0) {
      out.set(s.id, 0);
      continue;
    }
    const used = Math.min(s.amountCents, toSpend);
    toSpend -= used;
    out.set(s.id, s.amountCents - used);
  }
  return out;
}

/** A use of the credit balance that paid a document (an allocation with a credit movement). */
export type CreditUse = { allocationId: number; amountCents: number; at: number; dueDocumentId: number };

/**
 * Which notes paid each use: the uses in time order, each taken from the oldest notes with credit
 * left (the same queue as remainingCredit). Returns, per note id, the parts of the uses it paid. A use
 * beyond all the notes' credit (credit without a note, e.g. from before notes existed) is not named.
 * Kept simple: a cancelled order's release is not matched back to its use here (remainingCredit does
 * count it), so after a release a note's used-to-pay can name an order whose credit came back.
 */
export function attributeUses(sources: readonly CreditSource[], uses: readonly CreditUse[]): Map<number, CreditUse[]> {
  const queue = fifoOrder(sources)
    .filter((s) => !s.cancelled && s.amountCents > 0)
    .map((s) => ({ id: s.id, left: s.amountCents }));
  const out = new Map<number, CreditUse[]>();
  let i = 0;
  for (const use of [...uses].sort((a, b) => a.at - b.at || a.allocationId - b.allocationId)) {
    let need = use.amountCents;
    while (need > 0 && i < queue.length) {
      const note = queue[i]!;
      const part = Math.min(note.left, need);
      if (part > 0) {
        out.set(note.id, [...(out.get(note.id) ?? []), { ...use, amountCents: part }]);
        note.left -= part;
        need -= part;
      }
      if (note.left === 0) i++;
    }
  }
  return out;
}
