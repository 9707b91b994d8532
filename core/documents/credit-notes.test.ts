import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attributeUses, creditSpentCents, remainingCredit, type CreditSource } from './credit-notes';

const note = (id: number, amountCents: number, at = id, cancelled = false): CreditSource => ({ id, amountCents, at, cancelled });

describe('credit notes spent first-in first-out', () => {
  it('the scenario of the review: a 50 € note spent, a later 50 € note whole', () => {
    const left = remainingCredit([note(1, 5_000), note(2, 5_000)], 5_000);
    expect([...left]).toEqual([
      [1, 0],
      [2, 5_000],
    ]);
  });

  it('spends the oldest first, by time and then id, whatever order the notes come in', () => {
    const left = remainingCredit([note(3, 1_000, 5), note(1, 3_000, 9), note(2, 2_000, 5)], 3_500);
    expect(left.get(2)).toBe(0);
    expect(left.get(3)).toBe(0);
    expect(left.get(1)).toBe(2_500);
  });

  it('a cancelled note keeps nothing and takes no spending', () => {
    const left = remainingCredit([note(1, 1_000), note(2, 2_000, 2, true), note(3, 1_000)], 1_500);
    expect([...left]).toEqual([
      [1, 0],
      [2, 0],
      [3, 500],
    ]);
  });

  it('spending: uses count, a cancelled note reversal does not, a cancelled order release gives back', () => {
    expect(creditSpentCents([{ amountCents: 5_000, reason: 'grant' }, { amountCents: -3_000, reason: 'order' }, { amountCents: -5_000, reason: 'cancelled' }])).toBe(3_000);
    expect(creditSpentCents([{ amountCents: -3_000, reason: 'order' }, { amountCents: 3_000, reason: 'release' }, { amountCents: -1_000, reason: 'order' }])).toBe(1_000);
    expect(creditSpentCents([{ amountCents: 3_000, reason: 'release' }])).toBe(0);
  });

  it('attributes each use to the oldest notes with credit left, splitting a use across notes', () => {
    const uses = [
      { allocationId: 10, amountCents: 2_000, at: 20, dueDocumentId: 100 },
      { allocationId: 11, amountCents: 2_000, at: 21, dueDocumentId: 101 },
    ];
    const by = attributeUses([note(1, 3_000), note(2, 2_000), note(3, 1_000, 3, true)], uses);
    expect(by.get(1)!.map((u) => [u.dueDocumentId, u.amountCents])).toEqual([
      [100, 2_000],
      [101, 1_000],
    ]);
    expect(by.get(2)!.map((u) => [u.dueDocumentId, u.amountCents])).toEqual([[101, 1_000]]);
    expect(by.get(3)).toBeUndefined();
  });

  const sources = fc.array(fc.record({ amountCents: fc.integer({ min: 0, max: 100_000 }), at: fc.integer({ min: 0, max: 50 }), cancelled: fc.boolean() }), { maxLength: 12 }).map((xs) => xs.map((x, i) => ({ ...x, id: i + 1 })));

  it('never negative, never more than the note; what is left adds up to max(0, given − spent)', () => {
    fc.assert(
      fc.property(sources, fc.integer({ min: -1_000, max: 1_500_000 }), (notes, spent) => {
        const left = remainingCredit(notes, spent);
        const given = notes.filter((n) => !n.cancelled).reduce((a, n) => a + n.amountCents, 0);
        let sum = 0;
        for (const n of notes) {
          const r = left.get(n.id)!;
          expect(r).toBeGreaterThanOrEqual(0);
          expect(r).toBeLessThanOrEqual(n.cancelled ? 0 : n.amountCents);
          sum += r;
        }
        expect(sum).toBe(Math.max(0, given - Math.max(0, spent)));
      }),
    );
  });

  it('oldest spent first: a note with anything used means every older note is used up', () => {
    fc.assert(
      fc.property(sources, fc.integer({ min: 0, max: 1_500_000 }), (notes, spent) => {
        const left = remainingCredit(notes, spent);
        const live = notes.filter((n) => !n.cancelled && n.amountCents > 0).sort((a, b) => a.at - b.at || a.id - b.id);
        live.forEach((n, i) => {
          if (left.get(n.id)! < n.amountCents) for (const older of live.slice(0, i)) expect(left.get(older.id)).toBe(0);
        });
      }),
    );
  });

  it('uses attributed to a note never pass its amount, and agree with what is left when uses are the spending', () => {
    const uses = fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 10 }).map((xs) => xs.map((amountCents, i) => ({ allocationId: i + 1, amountCents, at: i, dueDocumentId: 1_000 + i })));
    fc.assert(
      fc.property(sources, uses, (notes, us) => {
        const by = attributeUses(notes, us);
        const spent = us.reduce((a, u) => a + u.amountCents, 0);
        const left = remainingCredit(notes, spent);
        for (const n of notes) {
          const paid = (by.get(n.id) ?? []).reduce((a, u) => a + u.amountCents, 0);
          expect(paid).toBe(n.cancelled ? 0 : n.amountCents - left.get(n.id)!);
        }
      }),
    );
  });
});
